// How "Why?" steps back from the heartbeat pair's decisions (explain/chain.ts, through the
// registry): taking the active role goes back to declaring the peer dead, and that to the fault
// that silenced the peer.
import type { ChainSpec, StepBack } from "../spec.ts";
import { toFaultOn } from "../chain-common.ts";

const toDeclaredDead: StepBack = (c) =>
  c.lastBefore((x) => x.type === "note" && x.note.kind === "declared-dead" && x.node === c.node) ??
  c.fault(c.isNode(c.v.peer) ? c.v.peer : null);

export const heartbeatChain: ChainSpec = {
  back: {
    "hb.active.no-stonith": toDeclaredDead,
    "hb.active.stonith-fired": toDeclaredDead,
    "hb.active.stonith-confirmed": toDeclaredDead,
    "hb.deadtime": toFaultOn("peer"),
  },
};
