// One trial of an experiment, as data: its exact scenario (JSON form, so it can be downloaded
// and replayed in the sandbox as it is), how much trace it needs, and what it reads off the
// run. Every experiment (Figure 16, election cost, lease tuning) builds its trials as specs and
// runs them with runTrial, so the CLI, the practice lab and the tests all run the same trial.
import { createParsedSimulation, createSimulation, type Simulation } from "../sim.ts";
import type { Scenario } from "../scenario/schema.ts";

export interface TrialSpec<R> {
  /** the trial's scenario, exactly as a learner would write it */
  scenario: Record<string, unknown>;
  /** "roles" is enough for leadership timings; "full" keeps message sends */
  trace: "full" | "roles";
  /** runs the simulation as far as it needs and reads the result off it */
  measure: (sim: Simulation) => R;
  /** false: skip the run-size estimate (a trial that stops at its first answer); the engine's
   *  hard stop still applies */
  estimate?: boolean;
  /** the scenario as parseScenario returns it, when the experiment already holds it: the trial
   *  then skips the parse (about half the cost of a trial that ends within a few dozen events) */
  parsed?: Scenario;
}

export function runTrial<R>(spec: TrialSpec<R>): R {
  const sim = spec.parsed
    ? createParsedSimulation(spec.parsed, { trace: spec.trace })
    : createSimulation(spec.scenario, { trace: spec.trace, estimate: spec.estimate });
  return spec.measure(sim);
}
