// One trial of an experiment, as data: its exact scenario (JSON form, so it can be downloaded
// and replayed in the sandbox as it is), how much trace it needs, and what it reads off the
// run. Every experiment (Figure 16, election cost, lease tuning) builds its trials as specs and
// runs them with runTrial, so the CLI, the practice lab and the tests all run the same trial.
import { createSimulation, type Simulation } from "../sim.ts";

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
}

export function runTrial<R>(spec: TrialSpec<R>): R {
  return spec.measure(createSimulation(spec.scenario, { trace: spec.trace, estimate: spec.estimate }));
}
