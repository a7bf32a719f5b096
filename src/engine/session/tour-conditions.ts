// What ends a guided-tour step, as data, and the rules that judge it. The tour file format
// (zod schema) lives with the tour files' loader in src/sandbox/tour-rules.ts; its Condition
// type is this one.
import { parseDuration, type TraceEvent } from "../index.ts";

type Duration = number | string;

export type Condition =
  /** some node believes it leads */
  | { type: "leader" }
  /** a node that did not lead when the step began becomes leader */
  | { type: "new-leader" }
  /** the resource records a write with this result */
  | { type: "write"; result: "accepted" | "rejected" | "stale-accepted" }
  /** any trace event whose fields match these values; `label` says it in words */
  | { type: "event"; match: Record<string, string | number | boolean>; label?: string }
  /** some node's term (the protocol's own number: term, rev, seq, epoch) reaches this value */
  | { type: "term"; atLeast: number }
  /** simulated time reaches this moment */
  | { type: "time"; at: Duration }
  /** this much simulated time passes after the step begins (and after its action) */
  | { type: "elapsed"; for: Duration };

export interface StepContext {
  /** narratable events since the run began, or the latest of them, the first at whole-run
   *  index eventsBase (a step's events are the latest: the page's window holds minutes) */
  events: readonly TraceEvent[];
  eventsBase?: number;
  /** whole-run index of the narratable event where the step (or its action) began */
  fromEvent: number;
  /** time the step (or its action) began */
  fromT: number;
  now: number;
  /** nodes that believed they led when the step began */
  leadersAtStart: ReadonlySet<string>;
  /** believers now */
  leadersNow: ReadonlySet<string>;
  /** the highest term (the protocol's own number) of any node now */
  maxTerm?: number;
}

/** Does the condition hold? Events before the step began do not count. */
export function conditionMet(c: Condition, ctx: StepContext): boolean {
  const since = ctx.events.slice(Math.max(0, ctx.fromEvent - (ctx.eventsBase ?? 0)));
  switch (c.type) {
    case "leader":
      return ctx.leadersNow.size > 0;
    case "new-leader":
      return since.some((e) => e.type === "leader-start" && !ctx.leadersAtStart.has(e.node));
    case "write":
      return since.some((e) => e.type === "write" && e.result === c.result);
    case "event":
      return since.some((e) =>
        Object.entries(c.match).every(([k, v]) => (e as Record<string, unknown>)[k] === v),
      );
    case "term":
      return (ctx.maxTerm ?? 0) >= c.atLeast;
    case "time":
      return ctx.now >= (parseDuration(c.at) as number);
    case "elapsed":
      // The same sum as stopTime, so a run stopped there meets it exactly (no rounding gap).
      return ctx.now >= ctx.fromT + (parseDuration(c.for) as number);
  }
}

/** The moment a time condition is met (so the run can stop exactly there), or null. */
export function stopTime(c: Condition | undefined, fromT: number): number | null {
  if (!c) return null;
  if (c.type === "time") return parseDuration(c.at) as number;
  if (c.type === "elapsed") return fromT + (parseDuration(c.for) as number);
  return null;
}

/** A condition in words, for the step panel. */
export function describeCondition(c: Condition): string {
  switch (c.type) {
    case "leader":
      return "until a leader is elected";
    case "new-leader":
      return "until a new leader is elected";
    case "write":
      return `until the resource ${c.result === "stale-accepted" ? "accepts a stale write" : `${c.result === "rejected" ? "rejects" : "accepts"} a write`}`;
    case "event":
      return `until ${c.label ?? Object.values(c.match).join(" ")}`;
    case "term":
      return `until a node's term reaches ${c.atLeast}`;
    case "time":
      return `until ${Number(parseDuration(c.at)) / 1000} s`;
    case "elapsed":
      return `for ${Number(parseDuration(c.for)) / 1000} s`;
  }
}

/** Did the learner's fault do what the step asked? Same kind (and mid-write when asked); "leader"
 *  is satisfied by any node that led at that moment. */
export function actionMatches(
  want: Record<string, unknown>,
  got: Record<string, unknown>,
  leaders: ReadonlySet<string>,
): boolean {
  if (want.do !== got.do) return false;
  if (want.during !== undefined && want.during !== got.during) return false;
  if (want.node === undefined) return true;
  if (want.node === "leader") return got.node === "leader" || leaders.has(String(got.node));
  return want.node === got.node;
}
