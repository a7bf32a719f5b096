// The coordination store: one linearizable process ("store") standing for an etcd cluster
// (and, for kubernetes, the API server in front of it). It has MVCC revisions, TTL leases with
// keepalives judged by the *store's own clock*, compare-and-set transactions and watches.
// It can be partitioned (it is a process on the network) or taken down (store-outage).
// This file holds its state and routes requests; keys and transactions are store-txn.ts,
// leases store-leases.ts. Sources: etcd server lease/lessor.go, mvcc; protocols.md §6.
import { localAt } from "./clock.ts";
import { send } from "./network.ts";
import { leaseGrant, leaseKeepAlive, leaseRevoke } from "./store-leases.ts";
import { txn } from "./store-txn.ts";
import type { World } from "./world.ts";
import type { Msg } from "./types.ts";
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

export function storeDown(w: World): void {
  w.s.store.up = false;
  w.s.store.epoch++;
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
  switch (m.kind) {
    case "LeaseGrant": return leaseGrant(w, m);
    case "LeaseKeepAlive": return leaseKeepAlive(w, m);
    case "LeaseRevoke": return leaseRevoke(w, m);
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
