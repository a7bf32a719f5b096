// The coordination store: one linearizable process ("store") standing for an etcd cluster
// (and, for kubernetes, the API server in front of it). It has MVCC revisions, TTL leases with
// keepalives judged by the *store's own clock*, compare-and-set transactions and watches.
// It can be partitioned (it is a process on the network) or taken down (store-outage).
// This file holds its state and routes requests; keys and transactions are store-txn.ts,
// leases store-leases.ts. Sources: etcd server/lease/lessor.go and server/storage/mvcc (v3.5).
import { send } from "../../core/network.ts";
import { reply, respKind } from "../common.ts";
import { leaseGrant, leaseKeepAlive, leaseRevoke } from "./store-leases.ts";
import { txn } from "./store-txn.ts";
import type { ServerWorld as World } from "../world.ts";
import type { Msg } from "../../core/types.ts";
import type { HolderRule } from "./types.ts";
import type { StoreMode, StoreState } from "../state.ts";

const NONE: never[] = [];

export function newStore(rule: HolderRule, mode: StoreMode = "etcd"): StoreState {
  return {
    mode,
    up: true,
    epoch: 0,
    rev: 1,
    kv: {},
    leases: {},
    nextLease: 0x694d7700,
    watches: [],
    deletes: [],
    holderRule: rule,
    holder: null,
    holderToken: 0,
    minTtl: 2000,
    promoteExtend: 1000,
  };
}

export function handleStore(w: World, m: Msg): void {
  const st = w.s.store;
  const b = m.body;
  switch (m.kind) {
    case "LeaseGrant":
      return leaseGrant(w, m);
    case "LeaseKeepAlive":
      return leaseKeepAlive(w, m);
    case "LeaseRevoke":
      return leaseRevoke(w, m);
    case "Watch": {
      // A client waits on one key at a time: a new watch replaces its older ones.
      const key = b.key as string;
      st.watches = st.watches.filter((x) => x.node !== m.from);
      reply(w, m, { created: true });
      const seen = st.deletes.find((d) => d.key === key && d.rev >= (b.fromRev as number));
      if (seen || !st.kv[key]) {
        send(w, w.STORE, m.from, "WatchEvent", {
          reqId: b.reqId,
          key,
          type: "DELETE",
          rev: seen ? seen.rev : st.rev,
        });
        return;
      }
      st.watches.push({ node: m.from, key, reqId: b.reqId });
      return;
    }
    default: {
      const r = txn(w, b.compare ?? NONE, b.success ?? NONE, b.failure ?? NONE);
      // { reqId, ...r } written out: this is every request's answer
      send(
        w,
        w.STORE,
        m.from,
        respKind(m.kind),
        r.error === undefined
          ? { reqId: b.reqId, succeeded: r.succeeded, rev: r.rev, results: r.results }
          : { reqId: b.reqId, succeeded: r.succeeded, rev: r.rev, error: r.error, results: r.results },
      );
    }
  }
}
