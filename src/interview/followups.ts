// When the interviewer asks a scripted follow-up: as its phase starts, or, for one that waits on a
// key point, as its phase (or any later one) starts while that point is still missing from the answer.
import { isCovered } from "./match";
import { PHASE_IDS, type FollowUp, type Prompt } from "./schema";

export function phaseIndexOf(phase: FollowUp["trigger"]["phase"]): number {
  return PHASE_IDS.indexOf(phase);
}

/** Follow-ups that are due now and have not been asked yet, in content order. */
export function dueFollowUps(
  prompt: Pick<Prompt, "followUps" | "rubric">,
  phaseIndex: number,
  answer: string,
  alreadyAsked: ReadonlySet<string>,
): FollowUp[] {
  return prompt.followUps.filter((f) => {
    if (alreadyAsked.has(f.id) || phaseIndex < phaseIndexOf(f.trigger.phase)) return false;
    if (f.trigger.when === "phase") return true;
    const { point: pointId } = f.trigger;
    const point = prompt.rubric.find((p) => p.id === pointId);
    return point !== undefined && !isCovered(answer, point);
  });
}
