// etcd's TTL leases in the store (lease/lessor.go): grant, keepalive, revoke, expiry judged on
// the store's own clock (a store-timer event per armed expiry; re-arming makes the older one
// stale), and lessor.Promote's extension when the store comes back from an outage.
import { storeCause } from "../../core/cause-make.ts";
import { heapPush } from "../../core/queue.ts";
import { simAtLocal, r3 } from "../../core/clock.ts";
import { send } from "../../core/network.ts";
import { emit } from "../../core/trace-emit.ts";
import { reply, storeNow } from "../common.ts";
import type { StoreLease } from "./types.ts";
import { deleteKey, updateHolder } from "./store-txn.ts";
import type { ServerWorld as World } from "../world.ts";
import type { Msg, QEvent } from "../../core/types.ts";
import { storeTimerEntry } from "../../core/queue-entry.ts";

/** etcd's lessor does not revoke at the expiry instant: runLoop wakes every 500 ms and
 *  revokeExpiredLeases hands the leases whose expiry has passed to the server, which revokes
 *  them through Raft (etcd-io/etcd @c34dc7ee0048fd2bcc44d50beff002e5e8069b69
 *  server/lease/lessor.go runLoop, revokeExpiredLeases, findExpiredLeases; Lease.expired is
 *  remaining <= 0). The real server deleted an expired key 0.01 to 0.47 s late. */
export const LESSOR_LOOP = 500;

/** The lessor's first pass at or after `expiry` on the store's clock (its loop runs from 0). */
export function lessorPass(expiry: number): number {
  return Math.ceil(expiry / LESSOR_LOOP) * LESSOR_LOOP;
}

function armLease(w: World, l: StoreLease): void {
  l.gen++;
  const pass = lessorPass(l.expiry);
  let at = simAtLocal(w.s.storeClock, pass);
  if (at < w.s.now) at = w.s.now;
  heapPush(w.s.queue, storeTimerEntry(at, w.s.seq++, l.id, l.gen, pass));
}

export function leaseHex(id: number): string {
  return id.toString(16);
}

/** LeaseGrant: a TTL lease (raised to the minimum TTL), expiring on the store's clock. */
export function leaseGrant(w: World, m: Msg): void {
  const st = w.s.store;
  const b = m.body;
  const who = w.s.nodes[m.from]?.id ?? "?";
  const ttl = Math.max(b.ttl as number, st.minTtl);
  const id = ++st.nextLease;
  const l: StoreLease = { id, ttl, expiry: r3(storeNow(w) + ttl), gen: 0, keys: [], owner: who };
  st.leases[id] = l;
  armLease(w, l);
  if (w.s.traceLevel === "full")
    emit(w, {
      type: "lease",
      action: "grant",
      node: who,
      judge: "store",
      lease: leaseHex(id),
      ttlMs: ttl,
      expiresAtLocal: l.expiry,
      why: storeCause(w, "etcd.lease.grant", {
        requestedTtlMs: b.ttl as number,
        minTtlMs: st.minTtl,
        ttlMs: ttl,
        expiresAt: l.expiry,
      }),
      ...(ttl > b.ttl
        ? { detail: `requested TTL ${b.ttl} ms raised to the minimum ${st.minTtl} ms`, requestedTtlMs: b.ttl }
        : {}),
    });
  reply(w, m, { lease: id, ttl });
}

/** LeaseKeepAlive: expiry = now + TTL on the store's clock; TTL 0 answers an unknown lease. */
export function leaseKeepAlive(w: World, m: Msg): void {
  const st = w.s.store;
  const b = m.body;
  const who = w.s.nodes[m.from]?.id ?? "?";
  const l = st.leases[b.lease];
  if (!l) {
    reply(w, m, { lease: b.lease, ttl: 0 });
    return;
  } // etcd: TTL 0 = lease not found
  // lessor.Renew: expiry = now + TTL on the store's clock (lessor.go:396ff, lease.go:84-89)
  l.expiry = r3(storeNow(w) + l.ttl);
  armLease(w, l);
  if (w.s.traceLevel === "full")
    w.s.trace.push({
      t: w.s.now,
      type: "lease",
      action: "renew",
      node: who,
      judge: "store",
      lease: leaseHex(l.id),
      ttlMs: l.ttl,
      expiresAtLocal: l.expiry,
      why: storeCause(w, "etcd.lease.renew", { ttlMs: l.ttl, expiresAt: l.expiry }),
    });
  send(w, w.STORE, m.from, "LeaseKeepAliveResp", { reqId: b.reqId, lease: l.id, ttl: l.ttl });
}

/** LeaseRevoke: drop the lease and its keys. */
export function leaseRevoke(w: World, m: Msg): void {
  const st = w.s.store;
  const b = m.body;
  const who = w.s.nodes[m.from]?.id ?? "?";
  const l = st.leases[b.lease];
  if (l) {
    if (w.s.traceLevel === "full")
      w.s.trace.push({
        t: w.s.now,
        type: "lease",
        action: "revoke",
        node: who,
        judge: "store",
        lease: leaseHex(l.id),
      });
    dropLease(w, l);
  }
  reply(w, m, { ok: !!l });
}

/** Revoke a lease and delete its keys in one revision. */
function dropLease(w: World, l: StoreLease): void {
  const st = w.s.store;
  delete st.leases[l.id];
  if (l.keys.length === 0) return;
  const rev = st.rev + 1;
  for (const k of [...l.keys]) deleteKey(w, k, rev);
  st.rev = rev;
  updateHolder(w);
}

export function storeTimer(w: World, e: Extract<QEvent, { type: "store-timer" }>): void {
  const st = w.s.store;
  const l = st.leases[e.lease];
  if (!st.up || !l || l.gen !== e.gen) return;
  emit(w, {
    type: "lease",
    action: "expire",
    node: l.owner,
    judge: "store",
    lease: leaseHex(l.id),
    ttlMs: l.ttl,
    expiresAtLocal: l.expiry,
    detail: `store clock reads ${storeNow(w)}`,
    clockMs: storeNow(w),
    why: storeCause(w, "etcd.lease.expired", {
      expiresAt: l.expiry,
      ttlMs: l.ttl,
      lastRenewAt: r3(l.expiry - l.ttl),
      holder: l.owner,
    }),
  });
  dropLease(w, l);
}

/** Back from an outage: a new etcd leader promotes its lessor, extending every lease. */
export function storeUp(w: World): void {
  const st = w.s.store;
  st.up = true;
  const now = storeNow(w);
  for (const id of Object.keys(st.leases)) {
    const l = st.leases[id];
    l.expiry = r3(now + l.ttl + st.promoteExtend);
    armLease(w, l);
  }
}
