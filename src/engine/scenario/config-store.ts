// Timing and options of the recipes on a store other than etcd: the ZooKeeper election recipe
// (ephemeral sequential znodes on sessions) and a database row lease.
import { z } from "zod";
import { ScenarioError, dur, positive, type Raw } from "./common.ts";

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
/** protocols.md §8: ttl judged by the database's now(); the leader renews, candidates poll. */
export interface DbTiming { ttl: number; renew: number; poll: number }
export interface DbOptions {
  /** self-demote this long before ttl, counted from the send of the last successful renew */
  margin: number;
  /** check the remaining lease on the leader's own clock right before each write */
  checkBeforeWrite: boolean;
}

export const zookeeperConfig = {
  timing: z.strictObject({ tickTime: dur.optional(), sessionTimeout: dur.optional() }),
  options: z.strictObject({ watch: z.enum(["predecessor", "leader"]).optional(), path: z.string().regex(/^\/[^/]/, 'must be an absolute znode path such as "/election"').optional() }),
  normalise(ti: Raw, oi: Raw) {
    // zoo_sample.cfg tickTime=2000; the requested timeout is clamped by the server, not refused.
    const t: ZkTiming = { tickTime: (ti.tickTime as number) ?? 2000, sessionTimeout: (ti.sessionTimeout as number) ?? 10_000 };
    positive("timing.tickTime", t.tickTime);
    positive("timing.sessionTimeout", t.sessionTimeout);
    return { timing: t, options: { watch: (oi.watch as ZkOptions["watch"]) ?? "predecessor", path: (oi.path as string) ?? "/election" } as ZkOptions };
  },
};

export const databaseConfig = {
  timing: z.strictObject({ ttl: dur.optional(), renew: dur.optional(), poll: dur.optional() }),
  options: z.strictObject({ margin: dur.optional(), checkBeforeWrite: z.boolean().optional() }),
  normalise(ti: Raw, oi: Raw) {
    // protocols.md §8: "ttl 15 s, renew every 2-5 s, candidate retry every 2 s with jitter".
    const t: DbTiming = { ttl: (ti.ttl as number) ?? 15_000, renew: (ti.renew as number) ?? 5000, poll: (ti.poll as number) ?? 2000 };
    positive("timing.ttl", t.ttl);
    positive("timing.renew", t.renew);
    positive("timing.poll", t.poll);
    if (t.renew >= t.ttl) throw new ScenarioError("timing.renew", `must be less than timing.ttl (${t.ttl} ms), or the lease expires between renewals`);
    const margin = (oi.margin as number) ?? 0;
    if (margin >= t.ttl) throw new ScenarioError("options.margin", `must be less than timing.ttl (${t.ttl} ms)`);
    return { timing: t, options: { margin, checkBeforeWrite: (oi.checkBeforeWrite as boolean) ?? false } as DbOptions };
  },
};
