// Timing and options of the protocols that elect among the nodes themselves, with no store:
// bully, ring (Chang–Roberts), Zab (fast leader election plus discovery) and the heartbeat
// failover pair. Defaults and every refusal name the field.
import { z } from "zod";
import { ScenarioError, dur, positive, nodeId, type NormCtx, type Raw } from "./common.ts";
import { seedRng, nextFloat } from "../core/random.ts";

/** protocols.md §1: Tanswer = 2·Ttrans + Tproc; Tcoord after an ANSWER; pings detect failure. */
export interface BullyTiming { answer: number; coordinator: number; ping: number }
export interface BullyOptions {
  /** nodes that ping the coordinator (null: all); one detector gives the textbook's best and
   *  worst cases (the second-highest or the lowest node notices the failure) */
  detectors: string[] | null;
}
/** protocols.md §2, plus a failure detector: each node pings its successor. */
export interface RingTiming { answer: number; round: number; ping: number }
export interface RingOptions {
  /** the logical ring, in the direction messages travel */
  ring: string[];
  /** nodes that start an election at boot (null: all, as in LCR) */
  initiators: string[] | null;
}
/** protocols.md §4: FastLeaderElection.java, Leader.java, Learner.java, zoo_sample.cfg. */
export interface ZabTiming { tickTime: number; initLimit: number; syncLimit: number; finalizeWait: number; maxNotificationInterval: number }
export interface ZabOptions {
  /** per node, the last logged zxid as [epoch, counter]; null: every node starts empty */
  histories: Array<[number, number]> | null;
  /** each leader write is a transaction: the leader's zxid counter grows and followers catch up */
  appendWrites: boolean;
}
/** Linux-HA heartbeat (ha.cf keepalive 2 s, deadtime 30 s) and a fence device. */
export interface HeartbeatTiming { heartbeat: number; timeout: number; fence: number }
export interface HeartbeatOptions {
  /** "fire": shoot the peer and take over at once (the SRE book's pair); "confirm": take over
   *  only when the fence device confirms (Pacemaker); "off": take over on the timeout alone */
  stonith: "fire" | "confirm" | "off";
  /** the node that starts active */
  primary: string;
}

const ids = z.array(z.string()).min(1);

function checkIds(path: string, list: string[] | null, all: string[]): void {
  list?.forEach((n, i) => nodeId(`${path}[${i}]`, n, all));
}

export const bullyConfig = {
  timing: z.strictObject({ answer: dur.optional(), coordinator: dur.optional(), ping: dur.optional() }),
  options: z.strictObject({ detectors: ids.nullable().optional() }),
  normalise(ti: Raw, oi: Raw, c: NormCtx) {
    const t: BullyTiming = { answer: (ti.answer as number) ?? 20, coordinator: (ti.coordinator as number) ?? 60, ping: (ti.ping as number) ?? 100 };
    positive("timing.answer", t.answer);
    positive("timing.ping", t.ping);
    if (t.coordinator <= t.answer) throw new ScenarioError("timing.coordinator", `must be greater than timing.answer (${t.answer} ms): the node that answered needs Tanswer of its own before it announces`);
    const detectors = (oi.detectors as string[] | undefined) ?? null;
    checkIds("options.detectors", detectors, c.ids);
    return { timing: t, options: { detectors } as BullyOptions };
  },
};

function ringOrder(spec: unknown, c: NormCtx): string[] {
  if (Array.isArray(spec)) {
    const list = spec as string[];
    checkIds("options.ring", list, c.ids);
    if (new Set(list).size !== list.length || list.length !== c.ids.length) {
      throw new ScenarioError("options.ring", `must list every node exactly once (${c.ids.length} nodes), got ${JSON.stringify(list)}`);
    }
    return [...list];
  }
  if (spec === "ascending") return [...c.ids];
  if (spec === "descending") return [...c.ids].reverse();
  // "random": a seeded shuffle, so the average case (n·H_n messages) shows across seeds.
  const r = seedRng(c.seed ^ 0x52494e47);
  const out = [...c.ids];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(nextFloat(r) * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

export const ringConfig = {
  timing: z.strictObject({ answer: dur.optional(), round: dur.optional(), ping: dur.optional() }),
  options: z.strictObject({
    ring: z.union([z.enum(["random", "ascending", "descending"]), z.array(z.string())]).optional(),
    initiators: ids.nullable().optional(),
  }),
  normalise(ti: Raw, oi: Raw, c: NormCtx) {
    const t: RingTiming = { answer: (ti.answer as number) ?? 20, round: (ti.round as number) ?? 500, ping: (ti.ping as number) ?? 100 };
    positive("timing.answer", t.answer);
    positive("timing.ping", t.ping);
    if (t.round <= t.answer) throw new ScenarioError("timing.round", `must be greater than timing.answer (${t.answer} ms)`);
    const initiators = (oi.initiators as string[] | undefined) ?? null;
    checkIds("options.initiators", initiators, c.ids);
    return { timing: t, options: { ring: ringOrder(oi.ring ?? "random", c), initiators } as RingOptions };
  },
};

const count = z.number().int("must be a whole number of ticks").min(1, "must be at least 1 tick");

export const zabConfig = {
  timing: z.strictObject({
    tickTime: dur.optional(), initLimit: count.optional(), syncLimit: count.optional(),
    finalizeWait: dur.optional(), maxNotificationInterval: dur.optional(),
  }),
  options: z.strictObject({
    histories: z.array(z.tuple([z.number().int().min(0), z.number().int().min(0)])).nullable().optional(),
    appendWrites: z.boolean().optional(),
  }),
  normalise(ti: Raw, oi: Raw, c: NormCtx) {
    // zoo_sample.cfg: tickTime=2000, initLimit=10, syncLimit=5; FLE.java:62,76 finalizeWait 200 ms, max 60 s.
    const t: ZabTiming = {
      tickTime: (ti.tickTime as number) ?? 2000, initLimit: (ti.initLimit as number) ?? 10, syncLimit: (ti.syncLimit as number) ?? 5,
      finalizeWait: (ti.finalizeWait as number) ?? 200, maxNotificationInterval: (ti.maxNotificationInterval as number) ?? 60_000,
    };
    positive("timing.tickTime", t.tickTime);
    positive("timing.finalizeWait", t.finalizeWait);
    if (t.maxNotificationInterval < t.finalizeWait) throw new ScenarioError("timing.maxNotificationInterval", `must be at least timing.finalizeWait (${t.finalizeWait} ms)`);
    const histories = (oi.histories as Array<[number, number]> | undefined) ?? null;
    if (histories && histories.length !== c.ids.length) throw new ScenarioError("options.histories", `needs one [epoch, counter] per node (${c.ids.length}), got ${histories.length}`);
    histories?.forEach(([e], i) => {
      // zxid = epoch << 32 | counter must stay an exact number in JavaScript (below 2^53).
      if (e >= 2 ** 20) throw new ScenarioError(`options.histories[${i}][0]`, "epoch must be below 1048576");
    });
    histories?.forEach(([, n], i) => {
      if (n >= 2 ** 32) throw new ScenarioError(`options.histories[${i}][1]`, "counter must fit in 32 bits");
    });
    return { timing: t, options: { histories, appendWrites: (oi.appendWrites as boolean) ?? true } as ZabOptions };
  },
};

export const heartbeatConfig = {
  timing: z.strictObject({ heartbeat: dur.optional(), timeout: dur.optional(), fence: dur.optional() }),
  options: z.strictObject({ stonith: z.enum(["fire", "confirm", "off"]).optional(), primary: z.string().optional() }),
  normalise(ti: Raw, oi: Raw, c: NormCtx) {
    if (c.ids.length !== 2) throw new ScenarioError("nodes", `the heartbeat pair has exactly 2 nodes, got ${c.ids.length}`);
    const t: HeartbeatTiming = { heartbeat: (ti.heartbeat as number) ?? 2000, timeout: (ti.timeout as number) ?? 30_000, fence: (ti.fence as number) ?? 2000 };
    positive("timing.heartbeat", t.heartbeat);
    positive("timing.fence", t.fence);
    if (t.timeout <= t.heartbeat) throw new ScenarioError("timing.timeout", `must be greater than timing.heartbeat (${t.heartbeat} ms), or every gap between heartbeats looks like a death`);
    const primary = (oi.primary as string) ?? "n1";
    nodeId("options.primary", primary, c.ids);
    return { timing: t, options: { stonith: (oi.stonith as HeartbeatOptions["stonith"]) ?? "fire", primary } as HeartbeatOptions };
  },
};
