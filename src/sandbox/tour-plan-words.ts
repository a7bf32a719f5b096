// What a tour will have happen on the run on screen, for the run's head. A tour starts its run
// without the preset's faults, so the head's count read "no faults planned" beside a tour whose
// next step is "Crash the leader" (review 8b #2): in a tour the head says what is to come.
import type { Tour } from "./tour-rules.ts";

const lower = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/** The faults still to come in this run of the tour, from step `index` up to the next step that
 *  loads another run: "you will crash the leader", "the tour will …", or "just watch". */
export function tourPlanWords(tour: Pick<Tour, "steps">, index: number): string {
  const mine: string[] = [];
  const its: string[] = [];
  for (let i = Math.max(0, index); i < tour.steps.length; i++) {
    const step = tour.steps[i];
    if (i > index && step.load) break;
    if (step.action) (step.action.by === "learner" ? mine : its).push(lower(step.action.label));
  }
  const parts: string[] = [];
  if (mine.length > 0) parts.push(`you will ${mine.join(", then ")}`);
  if (its.length > 0) parts.push(`the tour will ${its.join(", then ")}`);
  return parts.length > 0 ? parts.join("; ") : "just watch";
}
