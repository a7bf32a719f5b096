// The run's one line once the learner's own action has replaced the example's planned faults:
// the header said "no faults planned" while the line still told of the planned crash (review 14b
// #7: "Five nodes, n5 coordinates; it crashes…" over a run in which n5 never crashed).
import { parseScenario, presets, type Fault, type Scenario } from "../engine/index.ts";
import { faultWords } from "./caption.ts";
import { formatSeconds } from "./format-seconds.ts";
import { storeKindOf, theStore } from "./labels.ts";

const planned = new Map<string, Fault[]>();

/** The example's own planned faults, parsed once. */
export function presetFaults(name: string): Fault[] {
  let faults = planned.get(name);
  if (!faults) {
    try {
      faults = parseScenario(presets[name]?.scenario ?? {}).faults;
    } catch {
      faults = [];
    }
    planned.set(name, faults);
  }
  return faults;
}

/** "Your run: the same 5 nodes, with your own actions from 0.86 s in place of the planned fault
 *  (n5 crashes at 1 s)." Null when the learner has not acted or replaced nothing. */
export function actedRunLine(preset: string, parsed: Scenario | null, actedAt: number | null): string | null {
  if (actedAt === null || !parsed) return null;
  const replaced = presetFaults(preset)
    .filter((f) => f.at >= actedAt)
    .sort((a, b) => a.at - b.at);
  if (replaced.length === 0) return null;
  const store = theStore(storeKindOf(parsed.protocol));
  const first = replaced
    .slice(0, 2)
    .map((f) => `${faultWords(f, store)} at ${formatSeconds(f.at)}`)
    .join("; ");
  const more = replaced.length > 2 ? `, and ${replaced.length - 2} more` : "";
  const nodes = parsed.nodes ? `the same ${parsed.nodes} nodes` : "the same cluster";
  const what = replaced.length > 1 ? "planned faults" : "planned fault";
  return `Your run: ${nodes}, with your own actions from ${formatSeconds(actedAt)} in place of the ${what} (${first}${more}).`;
}
