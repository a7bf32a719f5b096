// Which lease rings a node shows. A ring says "this node holds the lead for this long": the inner
// one is the time the node itself believes it has left (its own clock), the outer one the time the
// store will keep it named (its clock). In etcd and ZooKeeper every waiting node also keeps a
// session lease alive, but drawn as the same rings it read as a second leader's lease; so only the
// node that leads or believes it leads shows the inner ring, and only the node the store names as
// holder (a crashed leader keeps that ring until the store lets its lease go) the outer one.
import type { Frame, FrameNode } from "../../engine/index.ts";

export interface Rings {
  /** the node's own countdown (inner ring) */
  holder: boolean;
  /** the store's countdown for this node (outer ring) */
  store: boolean;
}

export function leaseRings(
  f: Pick<Frame, "store">,
  n: Pick<FrameNode, "id" | "token" | "believesLeader" | "lease">,
): Rings {
  if (!n.lease) return { holder: false, store: false };
  const leads = n.token !== null || n.believesLeader;
  const named = f.store ? f.store.holder === n.id : leads;
  return { holder: leads && n.lease.holder !== null, store: (named || leads) && n.lease.store !== null };
}
