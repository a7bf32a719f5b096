// Where a "Why?" chain starts when the event asked about is itself a fault or a repair: nothing
// inside the run caused it, so a chain of one entry (the event itself) explained nothing (review
// 9b #10). The panel says who did it instead, in words.
import type { TraceEvent } from "../engine/index.ts";
import { whenOf } from "./why.ts";

/** What the learner did, as a phrase that can start a sentence's subject. */
function deed(e: Extract<TraceEvent, { type: "fault" }>): string {
  switch (e.fault) {
    case "heal":
      return "Healing";
    case "crash":
      return "A crash";
    case "restart":
      return "A restart";
    case "partition":
      return "Cutting the network";
    default:
      return "An action from outside the cluster";
  }
}

/** The words for a fault whose chain holds only itself; null for any other event or chain.
 *  `actedAt`: when the learner first acted on this run (every fault from then on is theirs). */
export function originWords(
  event: TraceEvent | null | undefined,
  chainLength: number,
  actedAt: number | null,
): string | null {
  if (!event || event.type !== "fault" || chainLength > 1) return null;
  const yours = actedAt !== null && event.t >= actedAt - 0.5;
  return yours
    ? `You did this, at ${whenOf(event.t)}. ${deed(event)} has no cause inside the run, so there is no chain of causes to follow back.`
    : `This run was set up to do this at ${whenOf(event.t)}: nothing inside the run caused it, so there is no chain of causes to follow back. What it set off shows in the events after it.`;
}
