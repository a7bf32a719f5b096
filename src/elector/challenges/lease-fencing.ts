// Challenge: a lease on the store that survives GC pauses through fencing (Kleppmann 2016, "How
// to do distributed locking": a paused lock holder wakes and writes; only a token that grows
// with every grant lets the resource refuse it). The store is the engine's etcd-like server:
// leases expire on its clock, and the lowest create revision under /election/ holds the lock
// (etcd client/v3/concurrency election.go).
import type { Challenge } from "../types.ts";

const starter = `// Three nodes share one lock on the store: each creates /election/<id> on its own lease,
// and the key with the lowest create revision holds the lock. The holder writes to the
// resource every half second with the token it leads with.
// A long GC pause lets the lease expire while the holder still thinks it leads. Make sure
// its late writes cannot land after the next holder's.

const TTL = 3000;

export function init(node: Node): void {
  node.state.lease = 0;
  node.state.grantReq = node.store.grant(TTL);
}

export function onStore(node: Node, ev: StoreEvent): void {
  if (ev.type === "granted" && ev.req === node.state.grantReq) {
    node.state.lease = ev.lease;
    node.setTimer("keepalive", TTL / 3);
    node.state.createReq = node.store.create("/election/" + node.id, node.id, ev.lease);
  } else if (ev.type === "txn" && ev.req === node.state.createReq && ev.key) {
    node.state.myRev = ev.key.createRev;
    node.store.list("/election/");
  } else if (ev.type === "keys") {
    const mine = node.state.myRev as number;
    if (!ev.keys.some((k) => k.createRev === mine)) {
      node.because("my key is gone: my lease expired", { createRev: mine });
      node.follow();
      return init(node);
    }
    const older = ev.keys.filter((k) => k.createRev < mine);
    if (older.length === 0) {
      node.because("my key is the oldest", { createRev: mine });
      node.lead(node.rank); // TODO: is this a good token?
    } else {
      node.follow();
      node.store.watchDelete(older[older.length - 1].key, ev.rev);
    }
  } else if (ev.type === "deleted") {
    node.store.list("/election/");
  } else if (ev.type === "keptAlive" && ev.ttl === 0) {
    node.because("my lease is gone", { lease: ev.lease });
    node.follow();
    init(node);
  }
}

export function onTimer(node: Node, name: string): void {
  if (name === "keepalive") {
    node.store.keepAlive(node.state.lease as number);
    node.setTimer("keepalive", TTL / 3);
  }
}
`;

export const leaseFencing: Challenge = {
  id: "lease-fencing",
  title: "A lease that survives GC pauses",
  brief: [
    "Three nodes hold a lock on the store: a key on a lease, kept alive every second. The holder writes to the resource every half second, and the resource keeps the highest token it has seen and refuses lower ones.",
    "Garbage-collection pauses of several seconds strike the holder, sometimes between deciding to write and sending the write. Its lease expires meanwhile and another node takes the lock.",
    "Your elector passes when the resource never accepts a write from a holder after a newer holder was granted the lock, and a node holds the lock again within 6 seconds of a crash.",
  ].join("\n\n"),
  starter,
  hints: [
    "The paused node cannot know it was paused: any check it makes before writing can be followed by a pause.",
    "So the resource has to refuse the late write, and it can only do that by comparing tokens.",
    "The token must grow with every new holder. The store already numbers every change it makes: the create revision of the holder's key grows with each new holder.",
  ],
  lessons: ["leases-on-a-store", "fencing-tokens"],
  scenario: {
    protocol: "learner",
    nodes: 3,
    seed: 1,
    until: "20s",
    boot: "2s",
    network: { delay: "2ms", jitter: "1ms", loss: 0 },
    fencing: "token",
    work: { every: "500ms" },
  },
  budget: {
    schedules: 300,
    maxFaults: 3,
    window: [3000, 12000],
    faults: [{ kind: "pause", min: 1000, max: 8000 }, "crash", { kind: "restart", min: 500, max: 3000 }],
  },
  safety: ["late-write", "one-leader-per-term"],
  liveness: { withinMs: 6000, share: 1, label: "no node held the lock for more than 6 s", scope: "all" },
};
