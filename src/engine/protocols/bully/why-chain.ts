// How "Why?" steps back from the bully algorithm's decisions (explain/chain.ts, through the
// registry): a COORDINATOR heard goes back to that node's start as leader, a coordinator presumed
// dead to the fault that silenced it.
import type { ChainSpec } from "../spec.ts";
import { toAnnouncedLeader, toFaultOn } from "../chain-common.ts";

export const bullyChain: ChainSpec = {
  back: {
    "bully.coordinator": toAnnouncedLeader,
    "bully.presumedDead": toFaultOn("peer"),
  },
};
