// The heartbeat failover pair's timing and options (Linux-HA heartbeat, a fence device).
// Defaults and every refusal name the field (a ScenarioError whose message starts with the path).
import { z } from "zod";
import { ScenarioError, dur, positive, nodeId, type NormCtx, type Raw } from "../../validate/check.ts";

/** Linux-HA heartbeat (ha.cf keepalive 2 s, deadtime 30 s) and a fence device. */
export interface HeartbeatTiming {
  heartbeat: number;
  timeout: number;
  fence: number;
}
export interface HeartbeatOptions {
  /** "confirm", the default: take over only when the fence device confirms the peer is off
   *  (Pacemaker: stonith-enabled defaults to true, and the scheduler recovers a lost node's
   *  resources only after its fencing succeeded; pacemaker-schedulerd(7), Pacemaker 2.1.8);
   *  "fire": shoot the peer and take over at once (the SRE book's pair); "off": take over on the
   *  timeout alone */
  stonith: "fire" | "confirm" | "off";
  /** the node that starts active */
  primary: string;
}

export const heartbeatConfig = {
  timing: z.strictObject({ heartbeat: dur.optional(), timeout: dur.optional(), fence: dur.optional() }),
  options: z.strictObject({
    stonith: z.enum(["fire", "confirm", "off"]).optional(),
    primary: z.string().optional(),
  }),
  normalise(ti: Raw, oi: Raw, c: NormCtx) {
    if (c.ids.length !== 2)
      throw new ScenarioError("nodes", `the heartbeat pair has exactly 2 nodes, got ${c.ids.length}`);
    const t: HeartbeatTiming = {
      heartbeat: (ti.heartbeat as number) ?? 2000,
      timeout: (ti.timeout as number) ?? 30_000,
      fence: (ti.fence as number) ?? 2000,
    };
    positive("timing.heartbeat", t.heartbeat);
    positive("timing.fence", t.fence);
    if (t.timeout <= t.heartbeat)
      throw new ScenarioError(
        "timing.timeout",
        `must be greater than timing.heartbeat (${t.heartbeat} ms), or every gap between heartbeats looks like a death`,
      );
    const primary = (oi.primary as string) ?? "n1";
    nodeId("options.primary", primary, c.ids);
    return {
      timing: t,
      options: {
        stonith: (oi.stonith as HeartbeatOptions["stonith"]) ?? "confirm",
        primary,
      } as HeartbeatOptions,
    };
  },
};
