// The rules etcd election decides by (issue 20): the store's lessor on its own clock, the
// client's session deadline on the holder's clock, the campaign queue by create revision.
import type { CauseValues } from "../../core/cause.ts";
import type { RuleTable } from "../spec.ts";
import { num } from "../why-common.ts";

const CONC = "etcd client/v3/concurrency";

/** Why a campaign's key is first in line, from its cause's values: the one source of the "Why?"
 *  step and the new-leader line (review 14b #3: the line said "it asked etcd first" on a later
 *  election whose Why? said the keys before it were deleted). `atRev`, etcd's revision when the
 *  Get for an older key answered, equal to the key's own create revision `rev`: nothing changed
 *  in etcd since its key was made, so no key was ahead of it when it asked (concurrency/key.go
 *  waitDeletes, v3.5.0: the Get asks for the newest key with a lower create revision). Past it,
 *  keys came and went in between: every key made before its own is gone. */
export function noPredecessorReason(v: CauseValues): string {
  return num(v.atRev) && num(v.rev) && v.atRev <= v.rev
    ? "no key was ahead of its own when it asked etcd"
    : "every key made before its own is gone";
}

export const etcdRules: RuleTable = {
  "etcd.lease.grant": {
    says: "the store granted {node} a lease of {ttlMs:s} (asked for {requestedTtlMs:s}; the minimum is {minTtlMs:s}), expiring at {expiresAt:s} on the store's clock",
    lesson: "leases-on-a-store#etcd-concurrencyelection",
    source: "etcd server/lease/lessor.go Grant, minLeaseTTL (v3.5.0)",
    holds: (v) =>
      num(v.ttlMs) &&
      num(v.requestedTtlMs) &&
      num(v.minTtlMs) &&
      v.ttlMs === Math.max(v.requestedTtlMs, v.minTtlMs),
  },
  "etcd.lease.renew": {
    says: "a keepalive from {node} reached the store, which pushed the lease's expiry to {expiresAt:s} on its own clock",
    lesson: "leases-on-a-store#etcd-concurrencyelection",
    source: "etcd server/lease/lessor.go Renew (v3.5.0)",
    holds: (v, ms) =>
      num(v.expiresAt) && num(v.ttlMs) && num(ms) && Math.abs(v.expiresAt - (ms + v.ttlMs)) < 0.01,
  },
  "etcd.lease.expired": {
    says: "{holder}'s lease ran out at {expiresAt:s} on the store's clock: no keepalive arrived within {ttlMs:s} of the last renewal at {lastRenewAt:s}, so the store deleted its keys",
    lesson: "leases-on-a-store#etcd-concurrencyelection",
    source: "etcd server/lease/lessor.go revokeExpiredLeases (v3.5.0)",
    holds: (v, ms) => num(v.expiresAt) && num(ms) && ms >= v.expiresAt - 1e-6,
  },
  "etcd.key.delete": {
    says: "the store deleted {key} (etcd's count of changes is now {rev})",
    lesson: "leases-on-a-store#etcd-concurrencyelection",
    source: "etcd server/mvcc/kvstore_txn.go deleteRange (v3.5.0)",
    holds: (v) => typeof v.key === "string",
  },
  "etcd.watch.delete": {
    says: "the store deleted {key} (etcd's count of changes is now {rev}) and told the {watchers} client(s) watching it",
    lesson: "leases-on-a-store#a-queue-instead-of-a-race",
    source: "etcd server/mvcc/watchable_store.go notify (v3.5.0)",
    holds: (v) => num(v.watchers) && v.watchers > 0,
  },
  "etcd.campaign.queued": {
    says: "{node}'s key was made at etcd's count {rev}, its place in line: it waits for every key made before it to go",
    lesson: "leases-on-a-store#a-queue-instead-of-a-race",
    source: `${CONC}/election.go Campaign (v3.5.0)`,
    holds: (v) => num(v.rev) && v.rev > 0,
  },
  "etcd.election.noPredecessor": {
    says: "{node}'s key is now first in line: every key made before it is gone, so it leads with token {rev}",
    saysFor: (v) =>
      `{node}'s key is now first in line: ${noPredecessorReason(v)}, so it leads with token {rev}`,
    lesson: "leases-on-a-store#etcd-concurrencyelection",
    source: `${CONC}/key.go waitDeletes (v3.5.0)`,
    holds: (v) => v.predecessors === 0,
  },
  "etcd.watch.predecessorDeleted": {
    says: "the key {node} was waiting on ({key}) was deleted, so it looks again for a key made before its own",
    lesson: "leases-on-a-store#a-queue-instead-of-a-race",
    source: `${CONC}/key.go waitDelete (v3.5.0)`,
    holds: (v) => typeof v.key === "string",
  },
  "etcd.client.deadline": {
    says: "{node} stopped leading on its own clock: no keepalive was acknowledged since the one sent at {ackedAt:s}, and {ackedAt:s} + TTL {ttlMs:s} - margin {marginMs:s} = {deadline:s} has passed",
    lesson: "timing-and-self-demotion#self-demotion-when-to-stop",
    source: "etcd client/v3/lease.go keepAliveCtxCloser, deadline from the send time (v3.5.0)",
    holds: (v, ms) =>
      num(v.deadline) &&
      num(ms) &&
      ms >= v.deadline - 1e-6 &&
      num(v.ackedAt) &&
      num(v.ttlMs) &&
      num(v.marginMs) &&
      Math.abs(v.deadline - (v.ackedAt + v.ttlMs - v.marginMs)) < 0.01,
  },
  "etcd.client.leaseNotFound": {
    says: "a keepalive came back with TTL 0: the store no longer knows lease {lease}, so {node}'s session is gone",
    lesson: "leases-on-a-store#etcd-concurrencyelection",
    source: "etcd client/v3/lease.go recvKeepAlive, TTL <= 0 (v3.5.0)",
    holds: (v) => v.ttl === 0,
  },
  "etcd.client.sessionDone": {
    // The deadline loop wakes once a second (lease.go:569-590), so the session ends at the first
    // look after the deadline: say so, or "Deadline 10.4 s" beside an event at 11.4 s reads wrong.
    says: "the client library told {node} its session had ended: no keepalive answer for TTL {ttlMs:s} since the one received at {ackedRecv:s}, so its deadline was {deadline:s}; the library looks at its deadlines once a second and noticed at its next look, so {node}'s application stops leading",
    lesson: "leases-on-a-store#etcd-concurrencyelection",
    source: `${CONC}/session.go NewSession, Done closes when the keepalive channel ends (v3.5.0)`,
    holds: (v, ms) =>
      num(v.deadline) &&
      num(ms) &&
      ms >= v.deadline - 1e-6 &&
      num(v.ackedRecv) &&
      num(v.ttlMs) &&
      Math.abs(v.deadline - (v.ackedRecv + v.ttlMs)) < 0.01,
  },
  "etcd.client.campaignFailed": {
    says: "the campaign transaction failed ({error}), so {node} starts a new session",
    lesson: "leases-on-a-store#etcd-concurrencyelection",
    source: `${CONC}/election.go Campaign (v3.5.0)`,
    holds: (v) => v.error !== null,
  },
};
