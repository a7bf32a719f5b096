// The store's keys (etcd mvcc): revisions, compare-and-set transactions, ranges, deletions that
// fire watches, and the holder the monitors follow (lowest create revision under the election
// prefix, or the holderIdentity of one record).
import { storeCause } from "../../core/cause-make.ts";
import { send } from "../../core/network.ts";
import { holderChanged } from "../../core/monitors.ts";
import type { ServerWorld as World } from "../world.ts";
import type { Cmp, KV, Op } from "./types.ts";
import type { StoreState } from "../state.ts";

function cmpOk(st: StoreState, c: Cmp): boolean {
  const kv = st.kv[c.key];
  const v = !kv ? 0 : c.target === "create" ? kv.createRev : c.target === "mod" ? kv.modRev : kv.version;
  switch (c.result) {
    case "=":
      return v === c.value;
    case "!=":
      return v !== c.value;
    case "<":
      return v < c.value;
    default:
      return v > c.value;
  }
}

/** A linearizable transaction: If(all compares) Then(success ops) Else(failure ops). */
export function txn(w: World, compare: Cmp[], success: Op[], failure: Op[]) {
  const st = w.s.store;
  let ok = true;
  for (let i = 0; i < compare.length && ok; i++) ok = cmpOk(st, compare[i]);
  const ops = ok ? success : failure;
  let mutates = false;
  for (const o of ops) {
    if (o.op !== "get") mutates = true;
    if (o.op === "put" && o.lease && !st.leases[o.lease])
      return { succeeded: false, rev: st.rev, error: "lease not found", results: [] };
  }
  const rev = mutates ? st.rev + 1 : st.rev;
  const results: unknown[] = [];
  let changed = false;
  for (const o of ops) {
    if (o.op === "get") results.push(range(st, o));
    else if (o.op === "put") {
      const old = st.kv[o.key];
      const lease = o.lease ?? 0;
      if (old && old.lease && old.lease !== lease) detachKey(st, old.lease, o.key);
      st.kv[o.key] = {
        value: o.value,
        createRev: old ? old.createRev : rev,
        modRev: rev,
        version: old ? old.version + 1 : 1,
        lease,
      };
      if (lease && (!old || old.lease !== lease)) st.leases[lease].keys.push(o.key);
      results.push({ rev });
      changed = true;
      if (w.s.traceLevel === "full")
        w.s.trace.push({ t: w.s.now, type: "store", op: "put", key: o.key, rev });
    } else {
      const n = deleteKey(w, o.key, rev);
      results.push({ deleted: n });
      changed = changed || n > 0;
    }
  }
  if (mutates) st.rev = rev;
  if (changed) updateHolder(w);
  return { succeeded: ok, rev: st.rev, error: undefined, results };
}

/** Put a value as the store itself (the coordinated-election controller writes Leases and
 *  LeaseCandidates through the same MVCC store). Returns the new revision. */
export function storePut(w: World, key: string, value: unknown): number {
  const r = txn(w, [], [{ op: "put", key, value }], []);
  return r.rev;
}

/** { key, ...kv }, written out (a KV always has these five fields, in this order). */
function entry(key: string, kv: KV): KV & { key: string } {
  return {
    key,
    value: kv.value,
    createRev: kv.createRev,
    modRev: kv.modRev,
    version: kv.version,
    lease: kv.lease,
  };
}

function range(st: StoreState, o: Extract<Op, { op: "get" }>) {
  let kvs: Array<KV & { key: string }> = [];
  if (o.prefix) {
    for (const k of Object.keys(st.kv)) if (k.startsWith(o.key)) kvs.push(entry(k, st.kv[k]));
  } else if (st.kv[o.key]) kvs.push(entry(o.key, st.kv[o.key]));
  if (o.maxCreateRev !== undefined) kvs = kvs.filter((k) => k.createRev <= (o.maxCreateRev as number));
  kvs.sort((a, b) => a.createRev - b.createRev);
  if (o.sort === "firstCreate") kvs = kvs.slice(0, 1);
  if (o.sort === "lastCreate") kvs = kvs.slice(-1);
  return { kvs, rev: st.rev };
}

export function detachKey(st: StoreState, leaseId: number, key: string): void {
  const l = st.leases[leaseId];
  if (l) l.keys = l.keys.filter((k) => k !== key);
}

export function deleteKey(w: World, key: string, rev: number): number {
  const st = w.s.store;
  const kv = st.kv[key];
  if (!kv) return 0;
  if (kv.lease) detachKey(st, kv.lease, key);
  delete st.kv[key];
  st.deletes.push({ rev, key });
  if (st.deletes.length > 256) st.deletes.splice(0, st.deletes.length - 256);
  if (w.s.traceLevel === "full") {
    const watchers = st.watches.filter((x) => x.key === key).map((x) => w.s.nodes[x.node].id);
    const why = storeCause(w, watchers.length ? "etcd.watch.delete" : "etcd.key.delete", {
      key,
      rev,
      watchers: watchers.length,
      lease: kv.lease ? kv.lease.toString(16) : null,
    });
    w.s.trace.push({
      t: w.s.now,
      type: "store",
      op: "delete",
      key,
      rev,
      ...(watchers.length ? { watchers } : {}),
      why,
    });
  }
  const keep: StoreState["watches"] = [];
  for (const wt of st.watches) {
    if (wt.key === key)
      send(w, w.STORE, wt.node, "WatchEvent", { reqId: wt.reqId, key, type: "DELETE", rev });
    else keep.push(wt);
  }
  st.watches = keep;
  return 1;
}

export function updateHolder(w: World): void {
  const st = w.s.store;
  const rule = st.holderRule;
  if (!rule) return;
  let holder: string | null = null;
  let token = 0;
  if (rule.kind === "lowest-create") {
    let best = Infinity;
    for (const k of Object.keys(st.kv)) {
      const kv = st.kv[k];
      if (k.startsWith(rule.prefix) && kv.createRev < best) {
        best = kv.createRev;
        holder = String(kv.value);
        token = kv.createRev;
      }
    }
  } else {
    const kv = st.kv[rule.key];
    const rec = kv?.value as { holderIdentity?: string; leaseTransitions?: number } | undefined;
    holder = rec?.holderIdentity ? rec.holderIdentity : null;
    if (rule.token === "rev") token = holder === null ? 0 : holder !== st.holder ? kv.modRev : st.holderToken;
    else token = rec?.leaseTransitions ?? 0;
  }
  if (holder !== st.holder || token !== st.holderToken) {
    const changedHolder = holder !== st.holder;
    st.holder = holder;
    st.holderToken = token;
    if (changedHolder || rule.kind === "lowest-create") holderChanged(w, holder, token);
  }
}
