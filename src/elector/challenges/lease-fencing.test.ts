// A lease on the store that survives GC pauses: the reference leads with its key's create
// revision, so the storage refuses a paused holder's late write; the node's rank, or a count of
// its own leaderships, does not grow with every new holder.
import { describe, it } from "vitest";
import { leaseFencing } from "./lease-fencing.ts";
import { expectFails, expectPasses, LONG } from "./judge-cases.ts";

const REFERENCE = `// Three nodes share one lock on the store: each creates /election/<id> on its own lease,
// and the key with the lowest create revision holds the lock. The holder writes to a storage
// service every half second with the token it leads with.
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
      node.lead(mine);
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

const WRONG_1 = `// Three nodes share one lock on the store: each creates /election/<id> on its own lease,
// and the key with the lowest create revision holds the lock. The holder writes to a storage
// service every half second with the token it leads with.
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
      node.disk.leaderships = ((node.disk.leaderships as number) ?? 0) + 1;
      node.lead(node.disk.leaderships as number);
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

describe("challenge lease-fencing", () => {
  it("the reference solution passes every schedule of the default budget", () => {
    expectPasses("lease-fencing", REFERENCE);
  }, LONG);
  it("fails the starter: the rank of the node as its token", () => {
    expectFails("lease-fencing", leaseFencing.starter, "late-write");
  }, LONG);
  it("fails each node counts its own leaderships", () => {
    expectFails("lease-fencing", WRONG_1, "late-write");
  }, LONG);
});
