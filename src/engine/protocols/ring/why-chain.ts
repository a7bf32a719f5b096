// How "Why?" steps back from the ring election's decisions (explain/chain.ts, through the
// registry): the ELECTED message goes back to the leader's start, a successor presumed dead to
// the fault that silenced it.
import type { ChainSpec } from "../spec.ts";
import { toAnnouncedLeader, toFaultOn } from "../chain-common.ts";

export const ringChain: ChainSpec = {
  back: {
    "ring.elected": toAnnouncedLeader,
    "ring.presumedDead": toFaultOn("peer"),
  },
};
