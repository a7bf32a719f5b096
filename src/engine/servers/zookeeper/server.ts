// A ZooKeeper ensemble as the server behind the store process (znodes.ts), and its frame:
// sessions drawn as leases, znodes as keys.
import { storeNow } from "../common.ts";
import { answerSequencer, r3 } from "../sequencer.ts";
import { newStore } from "../etcd/store.ts";
import { newZk, sessionHex, zkHandle, zkSequencerValid, zkStoreUp, zkTick } from "./znodes.ts";
import type { Server } from "../../core/world.ts";
import type { World } from "../../core/world.ts";
import type { StoreState } from "../state.ts";
import type { ServerWorld } from "../world.ts";
import type { ZkServer } from "./types.ts";

const sw = (w: World) => w as ServerWorld;
const zkOf = (w: World) => sw(w).s.store.zk as ZkServer;

export function newZookeeperStore(): StoreState {
  const st = newStore(null, "zookeeper");
  st.zk = newZk();
  return st;
}

export const zookeeperServer: Server = {
  kind: "zookeeper",
  leases: true,
  receive(w, m) {
    if (m.kind === "CheckSequencer")
      return answerSequencer(sw(w), m, (n, t) => zkSequencerValid(sw(w), n, t), sw(w).s.store.holder);
    zkHandle(sw(w), m);
  },
  tick: (w, e) => zkTick(sw(w), e),
  recovered(w) {
    zkStoreUp(sw(w));
    return "the new ensemble leader restarts every session's timeout";
  },
  leaseOf(w, id) {
    const sess = Object.values(zkOf(w).sessions).find((x) => x.owner === id);
    return sess
      ? {
          judge: "store",
          expiresAtMs: sess.expiry,
          remainingMs: r3(sess.expiry - storeNow(w)),
          detail: "session expiry, rounded up to the next tick",
        }
      : null;
  },
  frame(w) {
    const s = sw(w).s;
    const st = s.store;
    const zk = zkOf(w);
    const local = storeNow(w);
    return {
      up: st.up,
      rev: zk.zxid,
      clockMs: local,
      driftPpm: s.storeClock.driftPpm,
      holder: st.holder,
      holderToken: st.holderToken,
      leases: Object.values(zk.sessions).map((x) => ({
        id: sessionHex(x.id),
        owner: x.owner,
        ttlMs: x.timeout,
        expiresAtStoreMs: x.expiry,
        remainingMs: r3(x.expiry - local),
        keys: Object.values(zk.znodes)
          .filter((z) => z.session === x.id)
          .map((z) => z.name),
      })),
      keys: Object.values(zk.znodes)
        .sort((a, b) => a.seq - b.seq)
        .map((z) => ({
          key: z.name,
          value: z.owner,
          createRev: z.czxid,
          modRev: z.czxid,
          lease: sessionHex(z.session),
        })),
      kind: "zookeeper",
      // The server's own watch table (znodes.ts), not the clients' belief: a watch whose
      // NodeDeleted is on its way is already gone here, as it is in ZooKeeper's WatchManager.
      watches: zk.watches.map((x) => {
        const z = zk.znodes[x.path];
        return {
          node: s.nodes[x.node].id,
          session: sessionHex(x.session),
          path: x.path,
          owner: z ? z.owner : null,
          seq: z ? z.seq : null,
        };
      }),
    };
  },
};
