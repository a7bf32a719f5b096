// "Why?" steps back that several protocols share (issue 20), and those of the shared rules
// (why-common.ts): the process faults, STONITH and the fenced resource's checks. A protocol's own
// steps live in protocols/<name>/why-chain.ts; explain/chain.ts reads them through the registry.
import type { ChainLook, ChainSpec, StepBack } from "./spec.ts";

/** A watcher told of a delete, or the lowest key after one: the store's delete it heard of. */
export const toStoreDelete: StepBack = (c) =>
  c.lastBefore(
    (x) => x.type === "store" && x.op === "delete" && (!x.watchers || x.watchers.includes(c.node ?? "")),
  );

/** A key deleted with its lease or session: the expiry at the store (a store timer fired), or a
 *  revoke or release at that moment, else the fault that struck its owner. */
export const toKeyOwnerEnd: StepBack = (c) => {
  if (c.arm?.kind === "store-timer")
    return c.lastBefore((x) => x.type === "lease" && x.action === "expire" && x.t === c.e.t);
  return (
    c.lastBefore(
      (x) => x.type === "lease" && (x.action === "revoke" || x.action === "release") && x.t === c.e.t,
    ) ?? c.fault(c.isNode(c.v.owner) ? c.v.owner : null)
  );
};

/** The fault that struck the node a cause value names (`fallback`: whom, when it names none). */
export const toFaultOn =
  (key: string, fallback: (c: ChainLook) => string | null = () => null): StepBack =>
  (c) => {
    const who = c.v[key];
    return c.fault(c.isNode(who) ? who : fallback(c));
  };

/** A lease taken: the takeover by the same node. */
export const toTakeover: StepBack = (c) =>
  c.lastBefore((x) => x.type === "lease" && x.action === "takeover" && x.node === c.node);

/** A node that heard a leader announce itself: that leader's start (`from`, or `leader`). */
export const toAnnouncedLeader: StepBack = (c) =>
  c.lastBefore((x) => x.type === "leader-start" && x.node === (c.v.from ?? c.v.leader)) ?? c.fault(null);

/** A write refused for an older token: the leader that brought the newer one, or its first write. */
const toNewerToken: StepBack = (c) =>
  c.leaderStart(null, c.v.maxSeen) ??
  c.lastBefore((x) => x.type === "write" && x.token === c.v.maxSeen && x.result !== "rejected");

export const COMMON_CHAIN: ChainSpec = {
  back: {
    "fence.token.below": toNewerToken,
    "fence.sequencer.older": toNewerToken,
    "fence.sequencer.older-while-checked": toNewerToken,
    "fence.sequencer.not-current": (c) => {
      if (!c.isNode(c.v.lockHolder) || c.e.type !== "write") return c.otherwise();
      return c.leaderStart(c.v.lockHolder, c.v.lockToken) ?? c.fault(c.e.node);
    },
    "stonith.shot": (c) =>
      c.lastBefore((x) => x.type === "note" && x.note.kind === "declared-dead" && x.node === c.v.by) ??
      c.fault(null),
    "stonith.poweredOff": (c) =>
      c.lastBefore((x) => x.type === "note" && x.note.kind === "fenced" && x.note.target === c.node),
    "process.restart": (c) =>
      c.lastBefore(
        (x) => x.type === "role" && x.node === c.node && (x.to === "crashed" || x.to === "stopped"),
      ),
  },
};
