// The database row lease's timing and options.
// Defaults and every refusal name the field (a ScenarioError whose message starts with the path).
import { z } from "zod";
import { ScenarioError, dur, positive, type Raw } from "../../validate/check.ts";

/** A lease row: ttl judged by the database's now(); the leader renews, candidates poll. */
export interface DbTiming {
  ttl: number;
  renew: number;
  poll: number;
}
export interface DbOptions {
  /** self-demote this long before ttl, counted from the send of the last successful renew */
  margin: number;
  /** check the remaining lease on the leader's own clock right before each write */
  checkBeforeWrite: boolean;
}

export const databaseConfig = {
  timing: z.strictObject({ ttl: dur.optional(), renew: dur.optional(), poll: dur.optional() }),
  options: z.strictObject({ margin: dur.optional(), checkBeforeWrite: z.boolean().optional() }),
  normalise(ti: Raw, oi: Raw) {
    // A row lease of the usual shape: ttl 15 s, the holder renewing every 5 s, candidates retrying every 2 s with jitter.
    const t: DbTiming = {
      ttl: (ti.ttl as number) ?? 15_000,
      renew: (ti.renew as number) ?? 5000,
      poll: (ti.poll as number) ?? 2000,
    };
    positive("timing.ttl", t.ttl);
    positive("timing.renew", t.renew);
    positive("timing.poll", t.poll);
    if (t.renew >= t.ttl)
      throw new ScenarioError(
        "timing.renew",
        `must be less than timing.ttl (${t.ttl} ms), or the lease expires between renewals`,
      );
    const margin = (oi.margin as number) ?? 0;
    if (margin >= t.ttl)
      throw new ScenarioError("options.margin", `must be less than timing.ttl (${t.ttl} ms)`);
    return {
      timing: t,
      options: { margin, checkBeforeWrite: (oi.checkBeforeWrite as boolean) ?? false } as DbOptions,
    };
  },
};
