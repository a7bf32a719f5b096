// "Why?" over a trace (issue 20): pick the event a learner points at (by time, and node), and
// explain it as a chain of causes back to the fault that started it. Used by `sim explain`,
// the worker (for the sandbox's "Why?" panel) and tests.
import type { TraceEvent } from "../core/trace.ts";
import { chainOf } from "./chain.ts";
import { ROUTINE_RULES } from "../protocols/registry.ts";
import type { Step } from "./step.ts";

export { chainOf, causeOf } from "./chain.ts";
export { stepOf } from "./step.ts";
export { clockWords, armWords } from "./words.ts";
export type { Step } from "./step.ts";

export interface Explanation {
  /** the event explained, then each cause before it, back to the root */
  chain: Step[];
}

/** Is this an event "Why?" can explain: a decision with a cause, or a fault that struck? */
export function explainable(e: TraceEvent): boolean {
  if (e.type === "fault") return e.effect !== "no-effect";
  return "why" in e && e.why !== undefined && !ROUTINE_RULES.has(e.why.rule);
}

/** The explainable event at or just before time `t` (ms), about `node` when given. */
export function eventAt(trace: readonly TraceEvent[], t: number, node?: string): number | null {
  for (let i = trace.length - 1; i >= 0; i--) {
    const e = trace[i];
    if (e.t > t || !explainable(e)) continue;
    if (node !== undefined && !involves(e, node)) continue;
    return i;
  }
  return null;
}

function involves(e: TraceEvent, node: string): boolean {
  if (e.type === "fault")
    return e.node === node || e.resolved === node || (e.groups?.some((g) => g.includes(node)) ?? false);
  return "node" in e && e.node === node;
}

/** The index of the event in `trace` equal to `e` (the sandbox passes events back by value). */
export function indexOfEvent(trace: readonly TraceEvent[], e: TraceEvent): number | null {
  const want = JSON.stringify(e);
  // Events are stamped in time order: scan back from the last event at or before e.t.
  for (let i = trace.length - 1; i >= 0; i--) {
    if (trace[i].t > e.t) continue;
    if (trace[i].t < e.t) break;
    if (JSON.stringify(trace[i]) === want) return i;
  }
  return null;
}

export function explain(trace: readonly TraceEvent[], index: number): Explanation {
  if (!Number.isInteger(index) || index < 0 || index >= trace.length)
    throw new RangeError(`index: no event ${index} in a trace of ${trace.length}`);
  return { chain: chainOf(trace, index) };
}
