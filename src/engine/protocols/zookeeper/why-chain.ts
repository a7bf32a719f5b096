// How "Why?" steps back from the ZooKeeper recipe's decisions (explain/chain.ts, through the
// registry): the lowest znode or a fired watch goes back to the delete, a deleted ephemeral znode
// to the session that ended, a session expiry to the fault that silenced its client.
import type { ChainSpec } from "../spec.ts";
import { toFaultOn, toKeyOwnerEnd, toStoreDelete } from "../chain-common.ts";

export const zookeeperChain: ChainSpec = {
  back: {
    "zk.recipe.lowest": toStoreDelete,
    "zk.watch.fired": toStoreDelete,
    "zk.watch.nodeDeleted": toKeyOwnerEnd,
    "zk.znode.deleted": toKeyOwnerEnd,
    "zk.session.expired": toFaultOn("holder", (c) => c.node),
  },
  routine: ["zk.session.touched"],
};
