// The causal chain (issue 20): from any event, step back along its causes to the fault that
// started it. "n2's write was refused <- token 2 < 3 <- n3 became leader with token 3 <- the
// store deleted n2's key <- n2's lease expired at the store <- n2 was paused". Each step back
// reads typed fields only: a cause's rule and values, what armed it, and the events before it.
import type { TraceEvent } from "../core/trace.ts";
import { stepOf, type Step } from "./step.ts";

/** A chain never runs longer than this (a guard; real chains are a handful of steps). */
export const MAX_CHAIN = 12;

type Ev = TraceEvent;
type Pred = (e: Ev) => boolean;

function lastBefore(trace: readonly Ev[], i: number, p: Pred): number | null {
  for (let j = i - 1; j >= 0; j--) if (p(trace[j])) return j;
  return null;
}

const isNode = (x: unknown): x is string => typeof x === "string" && /^n\d+$/.test(x);

/** Does this fault strike `node` (its target, or a cut that separates it, or the store)? */
function touches(e: Extract<Ev, { type: "fault" }>, node: string | null): boolean {
  if (e.effect === "no-effect") return false;
  if (node === null) return true;
  const target = e.resolved && e.resolved !== "nobody" ? e.resolved : e.node;
  if (target === node) return true;
  if (e.fault === "partition" && e.groups) return e.groups.some((g) => g.includes(node));
  return e.fault === "store-outage" || e.fault === "network";
}

/** The latest fault before `i` that struck `node` (any fault when null), an applied one first. */
export function faultFor(trace: readonly Ev[], i: number, node: string | null): number | null {
  const applied = lastBefore(trace, i, (e) => e.type === "fault" && e.effect === "applied" && touches(e, node));
  return applied ?? lastBefore(trace, i, (e) => e.type === "fault" && touches(e, node));
}

const ruleOfEv = (e: Ev): string => ("why" in e && e.why ? e.why.rule : "");
const valuesOf = (e: Ev) => ("why" in e && e.why ? e.why.values : {});

/** The index of the event that caused trace[i], or null when i is where the chain starts. */
export function causeOf(trace: readonly Ev[], i: number): number | null {
  const e = trace[i];
  if (e.type === "fault" || e.type === "start") return null;
  const rule = ruleOfEv(e);
  const v = valuesOf(e);
  const node = "node" in e && typeof e.node === "string" ? e.node : null;
  const arm = "why" in e ? e.why?.armedBy : undefined;
  const leaderStart = (who: string | null, token: unknown) => lastBefore(trace, i, (x) => x.type === "leader-start" && (who === null || x.node === who) && x.token === token);
  const fault = (who: string | null) => faultFor(trace, i, who) ?? faultFor(trace, i, null);

  if (arm?.kind === "fault" && arm.index >= 0 && arm.index < i) return arm.index;
  if (e.type === "write") {
    if (rule === "fence.token.below" || rule === "fence.sequencer.older" || rule === "fence.sequencer.older-while-checked") {
      return leaderStart(null, v.maxSeen) ?? lastBefore(trace, i, (x) => x.type === "write" && x.token === v.maxSeen && x.result !== "rejected");
    }
    if (rule === "fence.sequencer.not-current" && isNode(v.lockHolder)) return leaderStart(v.lockHolder, v.lockToken) ?? fault(e.node);
    if (e.result === "stale-accepted") return fault(e.node);
    return leaderStart(e.node, e.token);
  }
  switch (rule) {
    case "etcd.election.noPredecessor":
    case "etcd.watch.predecessorDeleted":
    case "zk.recipe.lowest":
    case "zk.watch.fired":
      return lastBefore(trace, i, (x) => x.type === "store" && x.op === "delete" && (!x.watchers || x.watchers.includes(node ?? "")));
    case "etcd.watch.delete":
    case "etcd.key.delete":
    case "zk.watch.nodeDeleted":
    case "zk.znode.deleted":
      if (arm?.kind === "store-timer") return lastBefore(trace, i, (x) => x.type === "lease" && x.action === "expire" && x.t === e.t);
      return lastBefore(trace, i, (x) => x.type === "lease" && (x.action === "revoke" || x.action === "release") && x.t === e.t) ?? fault(isNode(v.owner) ? v.owner : null);
    case "etcd.lease.expired":
    case "zk.session.expired":
      return fault(isNode(v.holder) ? v.holder : node);
    case "k8s.lease.expiredOnMyClock":
      return fault(isNode(v.holder) ? v.holder : null);
    case "sql.acquire.expired":
      return fault(isNode(v.prevHolder) ? v.prevHolder : null);
    case "k8s.lease.acquired":
    case "sql.client.acquired":
    case "sql.acquire":
      return lastBefore(trace, i, (x) => x.type === "lease" && x.action === "takeover" && x.node === node);
    case "etcd.client.leaseNotFound":
      return lastBefore(trace, i, (x) => x.type === "lease" && x.action === "expire" && x.node === node) ?? fault(node);
    case "raft.election.won":
    case "raft.prevote.won":
      return lastBefore(trace, i, (x) => x.type === "role" && x.node === node && (ruleOfEv(x) === "raft.election.timeout" || ruleOfEv(x) === "raft.prevote.timeout"));
    case "raft.vote.grant":
    case "raft.vote.logUpToDate":
    case "raft.vote.alreadyVoted":
      return lastBefore(trace, i, (x) => x.type === "role" && x.node === v.candidate && (x.to === "candidate" || x.to === "precandidate")) ?? fault(null);
    case "raft.term.higher":
      return arm?.kind === "message" ? lastBefore(trace, i, (x) => x.type === "role" && x.node === arm.from) ?? fault(null) : fault(null);
    case "hb.active.no-stonith":
    case "hb.active.stonith-fired":
    case "hb.active.stonith-confirmed":
      return lastBefore(trace, i, (x) => x.type === "note" && x.note.kind === "declared-dead" && x.node === node) ?? fault(isNode(v.peer) ? v.peer : null);
    case "stonith.shot":
      return lastBefore(trace, i, (x) => x.type === "note" && x.note.kind === "declared-dead" && x.node === v.by) ?? fault(null);
    case "stonith.poweredOff":
      return lastBefore(trace, i, (x) => x.type === "note" && x.note.kind === "fenced" && x.note.target === node);
    case "zab.fle.decided":
      return lastBefore(trace, i, (x) => x.type === "note" && x.note.kind === "looking" && x.node === node) ?? fault(null);
    case "zab.newleader.quorum":
      // Established after the election it won: what sent it looking, else the fault before.
      return lastBefore(trace, i, (x) => x.type === "note" && x.note.kind === "looking" && x.node === node) ?? fault(null);
    case "bully.coordinator":
    case "ring.elected":
      return lastBefore(trace, i, (x) => x.type === "leader-start" && x.node === (v.from ?? v.leader)) ?? fault(null);
    case "bully.presumedDead":
    case "ring.presumedDead":
    case "hb.deadtime":
      return fault(isNode(v.peer) ? v.peer : null);
    case "process.restart":
      return lastBefore(trace, i, (x) => x.type === "role" && x.node === node && (x.to === "crashed" || x.to === "stopped"));
  }
  // Self-demotions, timeouts and the rest: the latest fault that struck this node, else any.
  if (e.type === "leader-end" && !rule) return fault(node);
  return fault(isNode(node) ? node : null);
}

/** The chain from trace[index] back to its root, newest first. */
export function chainOf(trace: readonly Ev[], index: number): Step[] {
  const steps: Step[] = [stepOf(trace, index)];
  let i: number | null = index;
  while (steps.length < MAX_CHAIN) {
    const j: number | null = causeOf(trace, i);
    if (j === null || j >= i) break; // strictly back in the trace: no loops
    steps.push(stepOf(trace, j));
    i = j;
  }
  return steps;
}
