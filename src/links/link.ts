// The sandbox link for a scenario reference: the one way the quiz ("show me"), interview
// follow-ups and anything else open a run in the sandbox. A preset as it is opens by name
// (/sandbox?preset=NAME&at=MS: readable, and no engine needed to build it); anything else (a
// preset without its faults or with overrides, an inline scenario) is resolved and carried whole
// as a share link (/sandbox?run=CODE), so the learner sees exactly the run the content names.
// Small on purpose: the share-link codec and the ref module only; the engine's presets are
// loaded on demand, and only for refs that change a preset.
import { isPlainPreset, resolveRef, type PresetTable, type ScenarioRef } from "../engine/scenario/ref.ts";
import { parseDuration } from "../engine/validate/duration.ts";
import { encodeRun } from "./share-link.ts";

export function presetHref(name: string, at = 0): string {
  return `/sandbox?preset=${encodeURIComponent(name)}&at=${Math.round(at)}`;
}

export function runHref(code: string): string {
  return `/sandbox?run=${code}`;
}

/** The sandbox link for a ref. `presets` defaults to the engine's own (loaded lazily). Throws the
 *  ref's RefError when it does not resolve. */
export async function sandboxLink(ref: ScenarioRef, presets?: PresetTable): Promise<string> {
  if (isPlainPreset(ref))
    return presetHref(ref.preset, ref.at === undefined ? 0 : (parseDuration(ref.at) ?? 0));
  const table = presets ?? ("inline" in ref ? {} : (await import("../engine/index.ts")).presets);
  const { scenario, at } = resolveRef(ref, { presets: table });
  return runHref(await encodeRun({ scenario, at }));
}
