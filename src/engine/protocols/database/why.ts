// The rules a lease row decides by (issue 20): the conditional UPDATEs on the database's now(),
// the holder's own deadline on its monotonic clock.
import type { RuleTable } from "../spec.ts";
import { num } from "../why-common.ts";

export const databaseRules: RuleTable = {
  "sql.acquire.expired": {
    says: "{prevHolder}'s row had expired: its expiry {prevExpiresAt:s} is before {now:s} on the database's clock, so {node}'s acquire matched it",
    lesson: "database-and-chubby#acquire-renew-release",
    source:
      "PostgreSQL docs, UPDATE ... WHERE (conditional update, read committed); the lease-row pattern in the lesson",
    holds: (v) => num(v.prevExpiresAt) && num(v.now) && v.prevExpiresAt < v.now,
  },
  "sql.acquire": {
    says: "{node}'s acquire (a conditional update) matched the row (holder {prevHolder}, expiry {prevExpiresAt:s}, database clock {now:s}), so it holds epoch {epoch}",
    lesson: "database-and-chubby#acquire-renew-release",
    source: "PostgreSQL docs, UPDATE ... WHERE (conditional update)",
    holds: (v) => v.prevHolder === null || (num(v.prevExpiresAt) && num(v.now) && v.prevExpiresAt < v.now),
  },
  "sql.renew": {
    says: "{node}'s renew matched its own unexpired row at epoch {epoch}; the row now expires at {expiresAt:s}",
    lesson: "database-and-chubby#acquire-renew-release",
    source: "PostgreSQL docs, UPDATE ... WHERE (conditional update)",
    holds: (v) => v.epoch === v.rowEpoch,
  },
  "sql.client.acquired": {
    says: "the acquire changed {rows} row, so {node} leads with epoch {epoch}",
    lesson: "database-and-chubby#acquire-renew-release",
    source: "PostgreSQL docs, UPDATE ... RETURNING",
    holds: (v) => v.rows === 1,
  },
  "sql.client.deadline": {
    says: "{node} stopped on its own clock: no renew matched since the one sent at {ackedAt:s}, and {ackedAt:s} + TTL {ttlMs:s} - margin {marginMs:s} = {deadline:s} has passed",
    lesson: "timing-and-self-demotion#self-demotion-when-to-stop",
    source: "Gray & Cheriton 1989, Leases, section 2 (the holder must allow for clock uncertainty)",
    holds: (v, ms) => num(v.deadline) && num(ms) && ms >= v.deadline - 1e-6,
  },
  "sql.client.zeroRows": {
    says: "{node}'s renew changed {rows} rows: the row no longer names it at epoch {epoch} unexpired, so the lease is gone",
    lesson: "database-and-chubby#a-stale-write-changes-zero-rows",
    source: "PostgreSQL docs, UPDATE command tag (row count)",
    holds: (v) => v.rows === 0,
  },
};
