// The Kubernetes API server as the server behind the store process: the Lease object kept in
// etcd (resourceVersion is the key's mod revision), and, under Coordinated Leader Election, the
// election controller that runs inside it (cle-controller.ts).
import { storeNow } from "../common.ts";
import { answerSequencer, r3 } from "../sequencer.ts";
import { handleStore } from "../etcd/store.ts";
import { storeTimer } from "../etcd/store-leases.ts";
import { etcdFrame, etcdRecovered, etcdSequencerValid, newEtcdStore } from "../etcd/server.ts";
import { cleEnqueue, cleTick } from "./cle-controller.ts";
import { K8S_KEY } from "./types.ts";
import type { Server } from "../../core/world.ts";
import type { World } from "../../core/world.ts";
import type { StoreState } from "../state.ts";
import type { ServerWorld } from "../world.ts";

const sw = (w: World) => w as ServerWorld;

/** The holder is the Lease's holderIdentity; its token is leaseTransitions, or under coordinated
 *  election the revision of the write that named it (the controller never bumps transitions). */
export function newApiserverStore(coordinated: boolean): StoreState {
  const st = newEtcdStore(
    coordinated ? { kind: "record", key: K8S_KEY, token: "rev" } : { kind: "record", key: K8S_KEY },
  );
  if (coordinated) st.cle = { due: null };
  return st;
}

export const apiserverServer: Server = {
  kind: "apiserver",
  leases: true,
  receive(w, m) {
    if (m.kind === "CheckSequencer")
      return answerSequencer(sw(w), m, (n, t) => etcdSequencerValid(sw(w), n, t), sw(w).s.store.holder);
    handleStore(sw(w), m);
    // The election controller's informers see every Lease and LeaseCandidate write.
    if (sw(w).s.store.cle) cleEnqueue(sw(w));
  },
  tick(w, e) {
    if (sw(w).s.store.cle) cleTick(sw(w), e);
  },
  leaseTimer: (w, e) => storeTimer(sw(w), e),
  recovered(w) {
    const detail = etcdRecovered(sw(w));
    if (sw(w).s.store.cle) cleEnqueue(sw(w));
    return detail;
  },
  leaseOf(w, id) {
    const s = sw(w).s;
    if (!s.store.cle)
      return {
        judge: "store",
        expiresAtMs: null,
        remainingMs: null,
        detail:
          "the API server keeps renewTime but never judges expiry: each candidate does, on its own clock",
      };
    const rec = s.store.kv[K8S_KEY]?.value as
      { holderIdentity: string; renewTime: number; leaseDurationSeconds: number } | undefined;
    if (!rec || rec.holderIdentity !== id) return null;
    const exp = rec.renewTime + rec.leaseDurationSeconds * 1000;
    return {
      judge: "store",
      expiresAtMs: r3(exp),
      remainingMs: r3(exp - storeNow(w) - s.storeClock.wallOffset),
      detail: "the election controller compares renewTime (the holder's clock) with its own",
    };
  },
  frame: (w) => etcdFrame(sw(w), "apiserver"),
};
