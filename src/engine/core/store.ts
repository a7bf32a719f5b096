// The coordination store: one linearizable process ("store") standing for an etcd cluster
// (and, for kubernetes, the API server in front of it). It has MVCC revisions, TTL leases with
// keepalives judged by the *store's own clock*, compare-and-set transactions and watches.
// It can be partitioned (it is a process on the network) or taken down (store-outage).
// Sources: etcd server lease/lessor.go, mvcc; protocols.md §6.
import { heapPush } from "./queue.ts";
import { localAt, simAtLocal, r3 } from "./clock.ts";
import { send } from "./network.ts";
import { emit } from "./trace-emit.ts";
import { holderChanged } from "./monitors.ts";
import type { World } from "./world.ts";
import type { Msg, QEvent } from "./types.ts";
import type { ZkServer } from "./znodes.ts";
import type { SqlRow } from "./sql-lease.ts";
import type { CleState } from "./cle-controller.ts";
import type { PowerState } from "./power-switch.ts";

export interface KV { value: unknown; createRev: number; modRev: number; version: number; lease: number }
export interface StoreLease { id: number; ttl: number; expiry: number; gen: number; keys: string[]; owner: string }
export type Cmp = { key: string; target: "create" | "mod" | "version"; result: "=" | "!=" | "<" | ">"; value: number };
export type Op =
  | { op: "put"; key: string; value: unknown; lease?: number }
  | { op: "get"; key: string; prefix?: boolean; sort?: "firstCreate" | "lastCreate"; maxCreateRev?: number }
  | { op: "delete"; key: string };
/** record: the holder is a field of one object; its token is leaseTransitions, or ("rev") the
 *  revision of the write that installed the holder (coordinated election never bumps transitions) */
export type HolderRule = { kind: "lowest-create"; prefix: string } | { kind: "record"; key: string; token?: "rev" } | null;
/** What the store process stands for: etcd (and the API server in front of it), a ZooKeeper
 *  ensemble, a SQL database holding a lease row, or the power switch of a failover pair. */
export type StoreMode = "etcd" | "zookeeper" | "sql" | "power";

export interface StoreState {
  /** absent in states made before other modes existed: etcd */
  mode?: StoreMode;
  up: boolean;
  epoch: number;
  rev: number;
  kv: Record<string, KV>;
  leases: Record<string, StoreLease>;
  nextLease: number;
  watches: Array<{ node: number; key: string; reqId: number }>;
  /** deletions, so a watch created "from" an older revision still sees them (etcd watch fromRev) */
  deletes: Array<{ rev: number; key: string }>;
  holderRule: HolderRule;
  holder: string | null;
  holderToken: number;
  /** etcd server.go:344-349: MinLeaseTTL = ceil(1.5 × election timeout) = 2 s with defaults */
  minTtl: number;
  /** etcd extends every lease by the election timeout when a new etcd leader takes over
   *  (lessor.Promote, server.go ~1950): we apply it when the store comes back from an outage */
  promoteExtend: number;
  zk?: ZkServer;
  sql?: SqlRow;
  cle?: CleState;
  power?: PowerState;
  /** generation per named store tick (a re-armed tick makes the older one stale) */
  ticks?: Record<string, number>;
}

const NONE: never[] = [];

export function newStore(rule: HolderRule, mode: StoreMode = "etcd"): StoreState {
  return {
    mode, up: true, epoch: 0, rev: 1, kv: {}, leases: {}, nextLease: 0x694d7700, watches: [], deletes: [],
    holderRule: rule, holder: null, holderToken: 0, minTtl: 2000, promoteExtend: 1000,
  };
}

export function storeNow(w: World): number {
  return localAt(w.s.storeClock, w.s.now);
}

function armLease(w: World, l: StoreLease): void {
  l.gen++;
  let at = simAtLocal(w.s.storeClock, l.expiry);
  if (at < w.s.now) at = w.s.now;
  heapPush(w.s.queue, { at, seq: w.s.seq++, kind: "store-timer", lease: l.id, gen: l.gen, due: l.expiry });
}

export function leaseHex(id: number): string {
  return id.toString(16);
}

/** Every request kind's answer, spelled out so replies carry the same (interned) strings the
 *  protocols compare against; another kind still gets `${kind}Resp`. */
const RESP: Record<string, string> = {
  LeaseGrant: "LeaseGrantResp", LeaseKeepAlive: "LeaseKeepAliveResp", LeaseRevoke: "LeaseRevokeResp", Watch: "WatchResp",
  Campaign: "CampaignResp", GetPredecessor: "GetPredecessorResp", Resign: "ResignResp", Get: "GetResp", Create: "CreateResp",
  Update: "UpdateResp", LeaseCandidate: "LeaseCandidateResp", CheckSequencer: "CheckSequencerResp", Acquire: "AcquireResp",
  Renew: "RenewResp", Release: "ReleaseResp", CreateSession: "CreateSessionResp", Ping: "PingResp", Connect: "ConnectResp",
  GetChildren: "GetChildrenResp", Exists: "ExistsResp", CloseSession: "CloseSessionResp",
};

export function respKind(kind: string): string {
  const r = RESP[kind];
  return typeof r === "string" ? r : `${kind}Resp`; // typeof: not a prototype's "toString"
}

export function reply(w: World, m: Msg, body: Record<string, unknown>): void {
  send(w, w.STORE, m.from, respKind(m.kind), { reqId: m.body.reqId, ...body });
}

export function handleStore(w: World, m: Msg): void {
  const st = w.s.store;
  const b = m.body;
  const who = w.s.nodes[m.from]?.id ?? "?";
  switch (m.kind) {
    case "LeaseGrant": {
      const ttl = Math.max(b.ttl as number, st.minTtl);
      const id = ++st.nextLease;
      const l: StoreLease = { id, ttl, expiry: r3(storeNow(w) + ttl), gen: 0, keys: [], owner: who };
      st.leases[id] = l;
      armLease(w, l);
      if (w.s.traceLevel === "full") emit(w, {
        type: "lease", action: "grant", node: who, judge: "store", lease: leaseHex(id), ttlMs: ttl, expiresAtLocal: l.expiry,
        ...(ttl > b.ttl ? { detail: `requested TTL ${b.ttl} ms raised to the minimum ${st.minTtl} ms` } : {}),
      });
      reply(w, m, { lease: id, ttl });
      return;
    }
    case "LeaseKeepAlive": {
      const l = st.leases[b.lease];
      if (!l) { reply(w, m, { lease: b.lease, ttl: 0 }); return; } // etcd: TTL 0 = lease not found
      // lessor.Renew: expiry = now + TTL on the store's clock (lessor.go:396ff, lease.go:84-89)
      l.expiry = r3(storeNow(w) + l.ttl);
      armLease(w, l);
      if (w.s.traceLevel === "full") w.s.trace.push({ t: w.s.now, type: "lease", action: "renew", node: who, judge: "store", lease: leaseHex(l.id), ttlMs: l.ttl, expiresAtLocal: l.expiry });
      send(w, w.STORE, m.from, "LeaseKeepAliveResp", { reqId: b.reqId, lease: l.id, ttl: l.ttl });
      return;
    }
    case "LeaseRevoke": {
      const l = st.leases[b.lease];
      if (l) {
        if (w.s.traceLevel === "full") w.s.trace.push({ t: w.s.now, type: "lease", action: "revoke", node: who, judge: "store", lease: leaseHex(l.id) });
        dropLease(w, l);
      }
      reply(w, m, { ok: !!l });
      return;
    }
    case "Watch": {
      // A client waits on one key at a time: a new watch replaces its older ones.
      const key = b.key as string;
      st.watches = st.watches.filter((x) => x.node !== m.from);
      reply(w, m, { created: true });
      const seen = st.deletes.find((d) => d.key === key && d.rev >= (b.fromRev as number));
      if (seen || !st.kv[key]) {
        send(w, w.STORE, m.from, "WatchEvent", { reqId: b.reqId, key, type: "DELETE", rev: seen ? seen.rev : st.rev });
        return;
      }
      st.watches.push({ node: m.from, key, reqId: b.reqId });
      return;
    }
    default: {
      const r = txn(w, b.compare ?? NONE, b.success ?? NONE, b.failure ?? NONE);
      // { reqId, ...r } written out: this is every request's answer
      send(w, w.STORE, m.from, respKind(m.kind), r.error === undefined
        ? { reqId: b.reqId, succeeded: r.succeeded, rev: r.rev, results: r.results }
        : { reqId: b.reqId, succeeded: r.succeeded, rev: r.rev, error: r.error, results: r.results });
    }
  }
}

function cmpOk(st: StoreState, c: Cmp): boolean {
  const kv = st.kv[c.key];
  const v = !kv ? 0 : c.target === "create" ? kv.createRev : c.target === "mod" ? kv.modRev : kv.version;
  switch (c.result) {
    case "=": return v === c.value;
    case "!=": return v !== c.value;
    case "<": return v < c.value;
    default: return v > c.value;
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
    if (o.op === "put" && o.lease && !st.leases[o.lease]) return { succeeded: false, rev: st.rev, error: "lease not found", results: [] };
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
      st.kv[o.key] = { value: o.value, createRev: old ? old.createRev : rev, modRev: rev, version: old ? old.version + 1 : 1, lease };
      if (lease && (!old || old.lease !== lease)) st.leases[lease].keys.push(o.key);
      results.push({ rev });
      changed = true;
      if (w.s.traceLevel === "full") w.s.trace.push({ t: w.s.now, type: "store", op: "put", key: o.key, rev });
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
  return { key, value: kv.value, createRev: kv.createRev, modRev: kv.modRev, version: kv.version, lease: kv.lease };
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

function detachKey(st: StoreState, leaseId: number, key: string): void {
  const l = st.leases[leaseId];
  if (l) l.keys = l.keys.filter((k) => k !== key);
}

function deleteKey(w: World, key: string, rev: number): number {
  const st = w.s.store;
  const kv = st.kv[key];
  if (!kv) return 0;
  if (kv.lease) detachKey(st, kv.lease, key);
  delete st.kv[key];
  st.deletes.push({ rev, key });
  if (st.deletes.length > 256) st.deletes.splice(0, st.deletes.length - 256);
  if (w.s.traceLevel === "full") w.s.trace.push({ t: w.s.now, type: "store", op: "delete", key, rev });
  const keep: StoreState["watches"] = [];
  for (const wt of st.watches) {
    if (wt.key === key) send(w, w.STORE, wt.node, "WatchEvent", { reqId: wt.reqId, key, type: "DELETE", rev });
    else keep.push(wt);
  }
  st.watches = keep;
  return 1;
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

export function storeTimer(w: World, e: Extract<QEvent, { kind: "store-timer" }>): void {
  const st = w.s.store;
  const l = st.leases[e.lease];
  if (!st.up || !l || l.gen !== e.gen) return;
  emit(w, { type: "lease", action: "expire", node: l.owner, judge: "store", lease: leaseHex(l.id), ttlMs: l.ttl, expiresAtLocal: l.expiry, detail: `store clock reads ${storeNow(w)}` });
  dropLease(w, l);
}

function updateHolder(w: World): void {
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

export function storeDown(w: World): void {
  w.s.store.up = false;
  w.s.store.epoch++;
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
