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

/** A condition that never held, in words, for the step panel once the run has ended without
 *  it: "the resource never rejected a write". */
export function missedCondition(c: Condition): string {
  switch (c.type) {
    case "leader":
      return "no leader was elected";
    case "new-leader":
      return "no new leader was elected";
    case "write":
      return c.result === "stale-accepted"
        ? "the resource never accepted a stale write"
        : `the resource never ${c.result === "rejected" ? "rejected" : "accepted"} a write`;
    case "event":
      return `the step never saw this happen: ${c.label ?? Object.values(c.match).join(" ")}`;
    case "term":
      return `no node's term reached ${c.atLeast}`;
    case "time":
    case "elapsed":
      return "the run stopped before this step's time was up";
  }
}

const procWords = (p: string) => (p === "resource" ? "the resource" : p === "store" ? "the store" : p);
const groupWords = (g: readonly string[]) => {
  const nodes = g.filter((p) => p !== "resource" && p !== "store");
  const others = g.filter((p) => p === "resource" || p === "store").map(procWords);
  return [nodes.join(" "), ...others].filter((x) => x !== "").join(" and ");
};

/** Where the learner's fault, of the step's kind, would not do what the step's does: the words
 *  that say so (null when it does). A split must put every process the step's split names in the
 *  same groups as the step's (review 14b #1: the picture's split left the resource with n1 n2 n3,
 *  so n5 never reached it, no write was refused and the tour waited for one to the run's end). */
export function intentMismatch(want: Record<string, unknown>, got: Record<string, unknown>): string | null {
  if (!Array.isArray(want.groups)) return null;
  const wantGroups = want.groups as string[][];
  const gotGroups = Array.isArray(got.groups) ? (got.groups as string[][]) : [];
  const named = wantGroups.flat();
  const groupIn = (gs: string[][], p: string) => gs.findIndex((g) => g.includes(p));
  const same = named.every((p) =>
    named.every(
      (q) =>
        groupIn(gotGroups, p) >= 0 &&
        (groupIn(wantGroups, p) === groupIn(wantGroups, q)) ===
          (groupIn(gotGroups, p) === groupIn(gotGroups, q)),
    ),
  );
  if (same) return null;
  const theirs = gotGroups.map(groupWords).join(" | ");
  const needed = wantGroups.map(groupWords).join(" | ");
  return `Your split made ${theirs || "no groups"}, but this step needs ${needed}, so what the tour shows next would not happen.`;
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
