// The run's one line under its title, for an example run: the example's own description only
// while the run on screen still follows the example's plan. A tour starts the example without its
// planned faults and a tour step or the learner adds others, so the description's planned words
// ("the leader crashes at 15.5 s … at 24.5 s: 9 s after the crash") told of a run that never
// happened beside metrics reading "n2 crashed at 2.5 s" (review 17b #3). Then the line is the
// run's own: what the protocol does, the cluster, and the faults this run has had.
import { isProtocol, presets, specOf, type Fault, type Scenario } from "../engine/index.ts";
import { actedRunLine, presetFaults } from "./acted-run-line.ts";
import { faultWords, plannedFaults } from "./caption.ts";
import { formatSeconds } from "./format-seconds.ts";
import { storeKindOf, theStore } from "./labels.ts";

const key = (f: Fault) => JSON.stringify([f.at, f.do, f.node ?? null, f.for ?? null, f.groups ?? null]);

/** True when the run's own planned faults (those before the learner first acted) are the
 *  example's: the example's description still tells of this run. */
function followsPlan(preset: string, parsed: Scenario, actedAt: number | null): boolean {
  const mine = plannedFaults(parsed.faults, actedAt).map(key).sort();
  const its = plannedFaults(presetFaults(preset), actedAt).map(key).sort();
  return mine.length === its.length && mine.every((k, i) => k === its[i]);
}

/** "etcd election: … This run: 3 nodes, with none of the example's planned faults; the tour's
 *  steps bring them. So far: n2 crashes at 2.5 s." */
export function ownRunLine(parsed: Scenario, actedAt: number | null, inTour: boolean): string {
  const summary = isProtocol(parsed.protocol) ? `${specOf(parsed.protocol).summary} ` : "";
  const nodes = parsed.nodes ? `${parsed.nodes} nodes` : "the same cluster";
  // A tour's run starts without faults: every fault in it is the tour's (the learner's own, or
  // done for them), whether or not it came back marked as the learner's.
  const plan = inTour ? [] : plannedFaults(parsed.faults, actedAt);
  const bring = inTour ? "; the tour's steps bring the faults" : "";
  const setup =
    plan.length === 0
      ? `This run: ${nodes}, without the example's planned faults${bring}.`
      : `This run: ${nodes}, with its own plan${bring}.`;
  const store = theStore(storeKindOf(parsed.protocol));
  const done = (
    inTour ? [...parsed.faults] : actedAt === null ? [] : parsed.faults.filter((f) => f.at >= actedAt)
  ).sort((a, b) => a.at - b.at);
  const shown = done.slice(0, 3).map((f) => `${faultWords(f, store)} at ${formatSeconds(f.at)}`);
  const more = done.length > 3 ? `, and ${done.length - 3} more` : "";
  const sofar = shown.length > 0 ? ` So far: ${shown.join("; ")}${more}.` : "";
  return `${summary}${setup}${sofar}`;
}

/** The line for an example run (`preset`): its description while the run follows its plan, the
 *  learner's replacement line once they acted on it, else the run's own words. Null when the
 *  page's own description applies (nothing parsed). */
export function presetRunLine(
  preset: string,
  parsed: Scenario | null,
  actedAt: number | null,
  inTour: boolean,
): string | null {
  const description = presets[preset]?.description ?? null;
  if (!parsed) return description;
  if (!followsPlan(preset, parsed, actedAt)) return ownRunLine(parsed, actedAt, inTour);
  if (actedAt === null) return description;
  // In a tour every action is the tour's (the learner's own or done for them): the run's words.
  return inTour
    ? ownRunLine(parsed, actedAt, inTour)
    : (actedRunLine(preset, parsed, actedAt) ?? description);
}
