// How "Why?" steps back from Zab's decisions (explain/chain.ts, through the registry): an
// election decided, or a leader established after it, goes back to what sent the server looking.
import type { ChainSpec, StepBack } from "../spec.ts";

const toLooking: StepBack = (c) =>
  c.lastBefore((x) => x.type === "note" && x.note.kind === "looking" && x.node === c.node) ?? c.fault(null);

export const zabChain: ChainSpec = {
  back: {
    "zab.fle.decided": toLooking,
    "zab.newleader.quorum": toLooking,
  },
};
