// How a tour names the scenario it runs: the one place the tour machine depends on it. A tour
// starts from a ScenarioRef (usually a preset without its faults: the steps supply them, with
// `overrides.until` for its length); a step may `load` another ref.
import { presets, resolveRef, type ScenarioRef } from "../index.ts";

export interface TourScenario {
  scenario: Record<string, unknown>;
  /** the preset it came from, for the page's "source" (null: an inline scenario) */
  source: string | null;
}

function resolve(ref: ScenarioRef): TourScenario | null {
  try {
    const r = resolveRef(ref, { presets });
    return { scenario: r.scenario, source: r.preset ?? null };
  } catch {
    return null; // the content check proves every tour's refs resolve
  }
}

/** The scenario a tour starts with, or null when its ref does not resolve. */
export function tourScenario(tour: { scenario: ScenarioRef }): TourScenario | null {
  return resolve(tour.scenario);
}

/** The scenario a step switches to. */
export function stepScenario(load: ScenarioRef): TourScenario | null {
  return resolve(load);
}
