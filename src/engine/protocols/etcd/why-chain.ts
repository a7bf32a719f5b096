// How "Why?" steps back from etcd election's decisions (explain/chain.ts, through the registry):
// a campaign that wins or a watch that fires goes back to the delete it heard of, a delete to the
// lease that ended, an expiry to the fault that silenced the holder.
import type { ChainSpec } from "../spec.ts";
import { toFaultOn, toKeyOwnerEnd, toStoreDelete } from "../chain-common.ts";

export const etcdChain: ChainSpec = {
  back: {
    "etcd.election.noPredecessor": toStoreDelete,
    "etcd.watch.predecessorDeleted": toStoreDelete,
    "etcd.watch.delete": toKeyOwnerEnd,
    "etcd.key.delete": toKeyOwnerEnd,
    "etcd.lease.expired": toFaultOn("holder", (c) => c.node),
    "etcd.client.leaseNotFound": (c) =>
      c.lastBefore((x) => x.type === "lease" && x.action === "expire" && x.node === c.node) ??
      c.fault(c.node),
  },
  routine: ["etcd.lease.renew"],
};
