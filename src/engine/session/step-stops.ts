// Where "Next event" stops: the events a learner would want to look at, and not the routine
// repeats between them. Read by the session's meaningful step (session-step.ts) only: it decides
// where a step pauses, never what the run does, so the trace and every fingerprint stay the same.
//
// Review 17a #4: on the fencing lesson's second sandbox, 13 of 28 presses walked through the
// leader's routine once-a-second writes (same leader, same token, accepted: nothing on screen
// changes but a clock) and none stopped at n2's GC pause or its wake, the two moments the
// caption names. A fault as it strikes, a paused process waking, and a safety check that fires
// are stops now; an accepted write that repeats the previous write's writer and token is not.
import type { TraceEvent } from "../core/trace.ts";

/** Events a "next event" step stops at: a fault as it strikes (a pause, a crash, a cut, a heal;
 *  not a fault only armed to strike later, whose strike is its own event), a paused process
 *  waking, a role change, a vote, a lease granted or expired, a write at the resource, and a
 *  safety check that fires. */
export function meaningful(e: TraceEvent): boolean {
  switch (e.type) {
    case "fault":
      return e.effect !== "armed";
    case "note":
      return e.note.kind === "resumed";
    case "role":
    case "vote":
    case "write":
    case "violation":
      return true;
    case "lease":
      return e.action === "grant" || e.action === "expire";
    default:
      return false;
  }
}

/** The latest write the resource applied, what a routine repeat repeats. */
export interface LastWrite {
  node: string;
  token: number;
}

/** A routine repeat: an accepted write by the same writer with the same token as the latest
 *  write the resource applied. The resource's highest token, its holder and every role stay as
 *  they were, so a step that stopped there would show only the clock moving. A refused write in
 *  between changes nothing either: the writer's next accepted write is still routine. */
export function routineRepeat(e: TraceEvent, last: LastWrite | null): boolean {
  return (
    e.type === "write" &&
    e.result === "accepted" &&
    last !== null &&
    last.node === e.node &&
    last.token === e.token
  );
}

/** The write `e` applied at the resource, or null (not a write, or a refused one). */
export const appliedWrite = (e: TraceEvent): LastWrite | null =>
  e.type === "write" && e.result !== "rejected" ? { node: e.node, token: e.token } : null;

/** Does a "next event" step stop at `e`, given the latest write applied before it? */
export const stopsAt = (e: TraceEvent, last: LastWrite | null): boolean =>
  meaningful(e) && !routineRepeat(e, last);
