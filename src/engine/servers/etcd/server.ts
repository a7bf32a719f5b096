// etcd as the server behind the store process (concurrency.Election over clientv3: leases,
// keepalives, transactions, watches), and the frame the sandbox draws of it.
import { storeNow } from "../common.ts";
import { answerSequencer, r3 } from "../sequencer.ts";
import { handleStore, newStore } from "./store.ts";
import { storeTimer, storeUp } from "./store-leases.ts";
import type { Server } from "../../core/world.ts";
import type { World } from "../../core/world.ts";
import type { StoreFrame } from "../../core/frame.ts";
import type { StoreState } from "../state.ts";
import type { ServerWorld } from "../world.ts";
import type { HolderRule } from "./types.ts";

const sw = (w: World) => w as ServerWorld;

/** The store's state for an etcd-backed protocol: the holder is the lowest create revision
 *  under the election prefix (concurrency.Election), or one record's field (a Kubernetes Lease). */
export function newEtcdStore(rule: HolderRule): StoreState {
  return newStore(rule, "etcd");
}

/** Back from an outage: the new etcd leader extends every lease (lessor.Promote). */
export function etcdRecovered(w: ServerWorld): string {
  storeUp(w);
  return `leases extended by ${w.s.store.promoteExtend} ms (lessor.Promote)`;
}

/** The store's keys and leases as drawn. */
export function etcdFrame(w: ServerWorld, kind: string): StoreFrame {
  const s = w.s;
  const st = s.store;
  const local = storeNow(w);
  return {
    up: st.up,
    rev: st.rev,
    clockMs: local,
    driftPpm: s.storeClock.driftPpm,
    holder: st.holder,
    holderToken: st.holderToken,
    leases: Object.values(st.leases).map((l) => ({
      id: l.id.toString(16),
      owner: l.owner,
      ttlMs: l.ttl,
      expiresAtStoreMs: l.expiry,
      remainingMs: r3(l.expiry - local),
      keys: [...l.keys],
    })),
    keys: Object.keys(st.kv)
      .sort()
      .map((k) => ({
        key: k,
        value: structuredClone(st.kv[k].value),
        createRev: st.kv[k].createRev,
        modRev: st.kv[k].modRev,
        lease: st.kv[k].lease ? st.kv[k].lease.toString(16) : null,
      })),
    kind,
  };
}

export function etcdSequencerValid(w: ServerWorld, node: string, token: number): boolean {
  return w.s.store.holder === node && w.s.store.holderToken === token;
}

export const etcdServer: Server = {
  kind: "etcd",
  leases: true,
  // etcd down: its members' hosts answer RST, so clientv3's calls fail with Unavailable.
  refusesWhenDown: true,
  receive(w, m) {
    if (m.kind === "CheckSequencer")
      return answerSequencer(sw(w), m, (n, t) => etcdSequencerValid(sw(w), n, t), sw(w).s.store.holder);
    handleStore(sw(w), m);
  },
  tick() {},
  leaseTimer: (w, e) => storeTimer(sw(w), e),
  recovered: (w) => etcdRecovered(sw(w)),
  leaseOf(w, id) {
    const l = Object.values(sw(w).s.store.leases).find((x) => x.owner === id);
    return l ? { judge: "store", expiresAtMs: l.expiry, remainingMs: r3(l.expiry - storeNow(w)) } : null;
  },
  frame: (w) => etcdFrame(sw(w), "etcd"),
};
