// One store process, several things it can stand for (store.ts StoreMode). This file routes
// requests, ticks and drawing to the right module, and answers CheckSequencer (Chubby's "is
// this sequencer still the current holder's?", protocols.md §9) for every lock service.
import { newStore, handleStore, reply, storeNow, type HolderRule, type StoreState } from "./store.ts";
import { newZk, zkHandle, zkTick, zkStoreUp, zkSequencerValid, sessionHex, type ZkServer } from "./znodes.ts";
import { newRow, sqlHandle, sqlHolder, sqlSequencerValid, dbNow, type SqlRow } from "./sql-lease.ts";
import { newPower, powerHandle, powerTick, powerKeys } from "./power-switch.ts";
import { cleEnqueue, cleTick } from "./cle-controller.ts";
import { K8S_KEY } from "../protocols/kubernetes-lease.ts";
import { HAS_STORE, type Scenario } from "../scenario/schema.ts";
import type { World } from "./world.ts";
import type { Msg, QEvent } from "./types.ts";
import type { Frame, LeaseView } from "./frame.ts";

function holderRule(sc: Scenario): HolderRule {
  if (sc.protocol === "etcd") return { kind: "lowest-create", prefix: `${sc.options.prefix}/` };
  if (sc.protocol === "kubernetes") return sc.options.coordinated ? { kind: "record", key: K8S_KEY, token: "rev" } : { kind: "record", key: K8S_KEY };
  return null;
}

export function newStoreFor(sc: Scenario): StoreState {
  const p = sc.protocol;
  const st = newStore(holderRule(sc), p === "zookeeper" ? "zookeeper" : p === "database" ? "sql" : p === "heartbeat" ? "power" : "etcd");
  if (p === "zookeeper") st.zk = newZk();
  if (p === "database") st.sql = newRow();
  if (p === "heartbeat") st.power = newPower();
  if (p === "kubernetes" && sc.options.coordinated) st.cle = { due: null };
  return st;
}

export function storeReceive(w: World, m: Msg): void {
  if (m.kind === "CheckSequencer") return checkSequencer(w, m);
  switch (w.s.store.mode ?? "etcd") {
    case "zookeeper": return zkHandle(w, m);
    case "sql": return sqlHandle(w, m);
    case "power": return powerHandle(w, m);
    default:
      handleStore(w, m);
      // The election controller's informers see every Lease and LeaseCandidate write.
      if (w.s.store.cle) cleEnqueue(w);
  }
}

export function storeTick(w: World, e: Extract<QEvent, { kind: "store-tick" }>): void {
  switch (w.s.store.mode) {
    case "zookeeper": return zkTick(w, e);
    case "power": return powerTick(w, e);
    default: if (w.s.store.cle) cleTick(w, e);
  }
}

/** Back from an outage: ZooKeeper's new leader restarts every session's timeout; the controller requeues. */
export function storeModeUp(w: World): void {
  if (w.s.store.mode === "zookeeper") zkStoreUp(w);
  if (w.s.store.cle) cleEnqueue(w);
}

/** Chubby CheckSequencer: valid iff the lock is held, by this node, at this generation. */
function checkSequencer(w: World, m: Msg): void {
  const st = w.s.store;
  const { node, token } = m.body as { node: string; token: number };
  const valid = st.mode === "sql" ? sqlSequencerValid(w, node, token)
    : st.mode === "zookeeper" ? zkSequencerValid(w, node, token)
    : st.holder === node && st.holderToken === token;
  const holder = st.mode === "sql" ? sqlHolder(w) : st.holder;
  const why = valid ? `${node} holds the lock at generation ${token}` : holder ? `the lock is held by ${holder} at generation ${st.holderToken}, not ${node} at ${token}` : `nobody holds the lock (${node}'s generation ${token} is gone)`;
  if (w.s.traceLevel === "full") w.s.trace.push({ t: w.s.now, type: "store", op: "check-sequencer", key: node, rev: token, detail: `${valid ? "valid" : "not current"}: ${why}` });
  reply(w, m, { valid, why, token, confirm: !!m.body.confirm });
}

const r3 = (x: number) => Math.round(x * 1000) / 1000;

/** The store's own view of a node's lease, judged on the store's clock (null: none). */
export function storeLeaseOf(w: World, id: string): LeaseView | null {
  const s = w.s;
  const local = storeNow(w);
  if (s.scenario.protocol === "etcd") {
    const l = Object.values(s.store.leases).find((x) => x.owner === id);
    return l ? { judge: "store", expiresAtMs: l.expiry, remainingMs: r3(l.expiry - local) } : null;
  }
  if (s.scenario.protocol === "kubernetes") {
    if (!s.store.cle) return { judge: "store", expiresAtMs: null, remainingMs: null, detail: "the API server keeps renewTime but never judges expiry: each candidate does, on its own clock" };
    const rec = s.store.kv[K8S_KEY]?.value as { holderIdentity: string; renewTime: number; leaseDurationSeconds: number } | undefined;
    if (!rec || rec.holderIdentity !== id) return null;
    const exp = rec.renewTime + rec.leaseDurationSeconds * 1000;
    return { judge: "store", expiresAtMs: r3(exp), remainingMs: r3(exp - local - s.storeClock.wallOffset), detail: "the election controller compares renewTime (the holder's clock) with its own" };
  }
  if (s.store.mode === "zookeeper") {
    const sess = Object.values((s.store.zk as ZkServer).sessions).find((x) => x.owner === id);
    return sess ? { judge: "store", expiresAtMs: sess.expiry, remainingMs: r3(sess.expiry - local), detail: "session expiry, rounded up to the next tick" } : null;
  }
  if (s.store.mode === "sql") {
    const row = s.store.sql as SqlRow;
    return row.holder === id ? { judge: "store", expiresAtMs: row.expiresAt, remainingMs: r3(row.expiresAt - dbNow(w)), detail: "expires_at, compared with the database's now()" } : null;
  }
  return null;
}

const KIND_OF: Record<string, string> = { etcd: "etcd", kubernetes: "apiserver", zookeeper: "zookeeper", database: "database", heartbeat: "power-switch" };

export function storeFrame(w: World): Frame["store"] {
  const s = w.s;
  if (!HAS_STORE.includes(s.scenario.protocol)) return null;
  const st = s.store;
  const local = storeNow(w);
  const base = { up: st.up, rev: st.rev, clockMs: local, driftPpm: s.storeClock.driftPpm, holder: st.holder, holderToken: st.holderToken };
  const kind = KIND_OF[s.scenario.protocol];
  if (st.mode === "zookeeper") {
    const zk = st.zk as ZkServer;
    return {
      ...base, rev: zk.zxid,
      leases: Object.values(zk.sessions).map((x) => ({ id: sessionHex(x.id), owner: x.owner, ttlMs: x.timeout, expiresAtStoreMs: x.expiry, remainingMs: r3(x.expiry - local), keys: Object.values(zk.znodes).filter((z) => z.session === x.id).map((z) => z.name) })),
      keys: Object.values(zk.znodes).sort((a, b) => a.seq - b.seq).map((z) => ({ key: z.name, value: z.owner, createRev: z.czxid, modRev: z.czxid, lease: sessionHex(z.session) })),
      kind,
    };
  }
  if (st.mode === "sql") {
    const row = st.sql as SqlRow;
    return { ...base, rev: row.epoch, holder: sqlHolder(w), holderToken: row.epoch, clockMs: dbNow(w), leases: [], keys: [{ key: "leader_lease/election", value: { ...row }, createRev: 0, modRev: row.epoch, lease: null }], kind };
  }
  if (st.mode === "power") return { ...base, leases: [], keys: powerKeys(w), kind };
  return {
    ...base,
    leases: Object.values(st.leases).map((l) => ({ id: l.id.toString(16), owner: l.owner, ttlMs: l.ttl, expiresAtStoreMs: l.expiry, remainingMs: r3(l.expiry - local), keys: [...l.keys] })),
    keys: Object.keys(st.kv).sort().map((k) => ({ key: k, value: structuredClone(st.kv[k].value), createRev: st.kv[k].createRev, modRev: st.kv[k].modRev, lease: st.kv[k].lease ? st.kv[k].lease.toString(16) : null })),
    kind,
  };
}
