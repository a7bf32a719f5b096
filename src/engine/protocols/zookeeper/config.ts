// The ZooKeeper election recipe's timing and options.
// Defaults and every refusal name the field (a ScenarioError whose message starts with the path).
import { z } from "zod";
import { dur, positive, type Raw } from "../../validate/check.ts";

export interface ZkTiming {
  /** the server's tick: session expiry is bucketed on it and the timeout is clamped to 2..20 ticks */
  tickTime: number;
  /** what the client asks for; the server negotiates it into [2, 20] × tickTime */
  sessionTimeout: number;
}
export interface ZkOptions {
  /** "predecessor": the recipe (recipes.mdx 338-353); "leader": everyone watches the lowest znode */
  watch: "predecessor" | "leader";
  /** the election parent znode */
  path: string;
}

export const zookeeperConfig = {
  timing: z.strictObject({ tickTime: dur.optional(), sessionTimeout: dur.optional() }),
  options: z.strictObject({
    watch: z.enum(["predecessor", "leader"]).optional(),
    path: z
      .string()
      .regex(/^\/[^/]/, 'must be an absolute znode path such as "/election"')
      .optional(),
  }),
  normalise(ti: Raw, oi: Raw) {
    // zoo_sample.cfg tickTime=2000; the requested timeout is clamped by the server, not refused.
    const t: ZkTiming = {
      tickTime: (ti.tickTime as number) ?? 2000,
      sessionTimeout: (ti.sessionTimeout as number) ?? 10_000,
    };
    positive("timing.tickTime", t.tickTime);
    positive("timing.sessionTimeout", t.sessionTimeout);
    return {
      timing: t,
      options: {
        watch: (oi.watch as ZkOptions["watch"]) ?? "predecessor",
        path: (oi.path as string) ?? "/election",
      } as ZkOptions,
    };
  },
};
