// What a tour's step panel says when the run has left the tour's path: the learner's move would
// not do what the step's does, or the run ended before the step's event happened. Each names what
// happened, in plain words, and the two ways on: rewind to the move, or "Do it for me" (which
// rewinds first). Review 14b #1: the Bully tour waited to the run's end for a refused write that
// the learner's split made impossible, then claimed it had happened.
import type { TourState } from "../engine/session/index.ts";
import { formatSeconds } from "./format-seconds.ts";
import { missedCondition, type Tour } from "./tour-rules.ts";

export interface StuckWords {
  /** what happened and what to do, for the step's status line */
  text: string;
  /** the rewind button's words */
  retry: string;
}

/** The step whose move leads to step `index`: the last one at or before it with an action. */
export function moveStepOf(tour: Pick<Tour, "steps">, index: number): number {
  for (let i = index; i >= 0; i--) if (tour.steps[i].action) return i;
  return index;
}

/** Null while the tour is on its path. `now`: the run's clock (where it ended). */
export function tourStuckWords(
  tr: Pick<TourState<Tour>, "tour" | "index" | "phase" | "ended" | "offPlan">,
  now: number,
): StuckWords | null {
  const k = moveStepOf(tr.tour, tr.index);
  const retry = k === tr.index ? "Rewind this step" : `Rewind to step ${k + 1}`;
  if (tr.offPlan)
    return { text: `${tr.offPlan} Rewind this step to try again, or let the tour make the move.`, retry };
  if (tr.phase !== "done" || !tr.ended) return null;
  const step = tr.tour.steps[tr.index];
  const missed = step.until ? missedCondition(step.until) : "this step did not finish";
  const how =
    k < tr.index
      ? `Rewind to step ${k + 1} to make its move again, or let the tour make it for you.`
      : "Rewind this step, or let the tour make its move for you.";
  return {
    text: `The run ended at ${formatSeconds(now)} and ${missed}, so the tour cannot go on from here. ${how}`,
    retry,
  };
}
