// Which example the Run settings' "Example run" select shows: the run actually loaded, or none
// (review 15b #5: it showed "Billing job: the leader crashes", the protocol's first example,
// while the default run was on screen, as if that example were running).
import { presets } from "../../engine/index.ts";
import { presetScenario, type RawScenario } from "../scenarios.ts";
import type { Source } from "../store.ts";

/** The example loaded now: its name when the run was opened as one (acted on since or not), or
 *  when it is exactly one (a share link of an untouched example); else "" (the select then says
 *  "Choose an example…"). */
export function loadedExample(source: Source, scenario: RawScenario): string {
  if (source.kind === "preset" && Object.prototype.hasOwnProperty.call(presets, source.name))
    return source.name;
  const same = JSON.stringify(scenario);
  return Object.keys(presets).find((name) => JSON.stringify(presetScenario(name)) === same) ?? "";
}
