// The causal chain (issue 20): from any event, step back along its causes to the fault that
// started it. "n2's write was refused <- token 2 < 3 <- n3 became leader with token 3 <- the
// store deleted n2's key <- n2's lease expired at the store <- n2 was paused". Each step back
// reads typed fields only: a cause's rule and values, what armed it, and the events before it.
import type { TraceEvent } from "../core/trace.ts";
import { stepOf, type Step } from "./step.ts";
import { stepBackOf } from "../protocols/registry.ts";

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
  const applied = lastBefore(
    trace,
    i,
    (e) => e.type === "fault" && e.effect === "applied" && touches(e, node),
  );
  return applied ?? lastBefore(trace, i, (e) => e.type === "fault" && touches(e, node));
}

const ruleOfEv = (e: Ev): string => ("why" in e && e.why ? e.why.rule : "");

/** The index of the event that caused trace[i], or null when i is where the chain starts. A
 *  rule's own step back is declared with its protocol (protocols/<name>/why-chain.ts, shared
 *  ones in protocols/chain-common.ts) and read through the registry; an event whose rule has
 *  none steps back by its type. */
export function causeOf(trace: readonly Ev[], i: number): number | null {
  const e = trace[i];
  if (e.type === "fault" || e.type === "start") return null;
  const rule = ruleOfEv(e);
  const node = "node" in e && typeof e.node === "string" ? e.node : null;
  const arm = "why" in e ? e.why?.armedBy : undefined;
  if (arm?.kind === "fault" && arm.index >= 0 && arm.index < i) return arm.index;
  const fault = (who: string | null) => faultFor(trace, i, who) ?? faultFor(trace, i, null);
  const lastBeforeI = (p: Pred) => lastBefore(trace, i, p);
  const leaderStart = (who: string | null, token: unknown) =>
    lastBeforeI((x) => x.type === "leader-start" && (who === null || x.node === who) && x.token === token);
  const otherwise = (): number | null => {
    if (e.type === "write")
      return e.result === "stale-accepted" ? fault(e.node) : leaderStart(e.node, e.token);
    // Self-demotions, timeouts and the rest: the latest fault that struck this node, else any.
    if (e.type === "leader-end" && !rule) return fault(node);
    return fault(isNode(node) ? node : null);
  };
  const back = stepBackOf(rule);
  if (!back) return otherwise();
  return back({
    e,
    node,
    v: "why" in e && e.why ? e.why.values : {},
    arm,
    lastBefore: lastBeforeI,
    fault,
    leaderStart,
    isNode,
    ruleOf: ruleOfEv,
    otherwise,
  });
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
