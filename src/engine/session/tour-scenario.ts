// How a tour names the scenario it runs: the one place the tour machine depends on it. Today a
// tour names an engine preset (run without its scripted faults: the steps supply them), with an
// optional `runFor` for the first; a step may `load` another preset. When tours name scenarios
// by a ScenarioRef, only these two functions change.
import { presets } from "../index.ts";

export interface TourScenario {
  scenario: Record<string, unknown>;
  /** the preset it came from, for the page's "source" */
  source: string;
}

function preset(name: string): TourScenario | null {
  if (!Object.prototype.hasOwnProperty.call(presets, name)) return null;
  const scenario = structuredClone(presets[name].scenario) as Record<string, unknown>;
  scenario.faults = [];
  return { scenario, source: name };
}

/** The scenario a tour starts with, or null when it names none that exists. */
export function tourScenario(tour: { preset: string; runFor?: number | string }): TourScenario | null {
  const sc = preset(tour.preset);
  if (sc && tour.runFor !== undefined) sc.scenario.until = tour.runFor;
  return sc;
}

/** The scenario a step switches to. */
export function stepScenario(load: string): TourScenario | null {
  return preset(load);
}
