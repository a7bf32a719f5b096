// A search, ready to run: the scenario parsed once, the property and the budget checked, and
// the one function every worker and the shrinker call to judge a schedule.
import { parseScenario, type Fault, type Scenario } from "../index.ts";
import { createParsedSimulation } from "../sim.ts";
import { scenarioWithFaults } from "../scenario/schema.ts";
import { BudgetError, normaliseBudget, type Budget, type SearchBudget } from "./budget.ts";
import { parseProperty, failureOf, type Property, type PropertyFailure } from "./properties.ts";
import { drawSchedule, shapeOf, type Shape } from "./generate.ts";

/** Everything a search needs, as plain data (it crosses to workers by structured clone). */
export interface SearchSpec {
  /** the learner's scenario; its own faults are replaced by each schedule's */
  scenario: Record<string, unknown>;
  property: string;
  budget?: SearchBudget;
  /** the search's seed (the scenario keeps its own seed for the network and timers) */
  seed?: number;
}

export interface Prepared {
  spec: SearchSpec;
  base: Scenario;
  property: Property;
  budget: Budget;
  seed: number;
  shape: Shape;
}

export function prepare(spec: SearchSpec): Prepared {
  const property = parseProperty(spec.property);
  const base = parseScenario({ ...spec.scenario, faults: [] });
  const budget = normaliseBudget(spec.budget, base);
  const seed = spec.seed ?? 1;
  if (!Number.isInteger(seed)) throw new BudgetError("seed", `must be a whole number, got ${seed}`);
  return { spec, base, property, budget, seed, shape: shapeOf(base) };
}

export function scheduleAt(p: Prepared, index: number): Fault[] {
  return drawSchedule(p.seed, index, p.budget, p.shape);
}

/** Run the scenario with these faults (lean trace) and judge the property. */
export function judge(p: Prepared, faults: Fault[]): PropertyFailure | null {
  // The base is parsed once (prepare); only the schedule's faults are checked here.
  const sim = createParsedSimulation(scenarioWithFaults(p.base, faults), { trace: "roles" }).run();
  return failureOf(p.property, sim.summary(), sim.trace);
}

/** The learner's scenario with these faults instead of its own: what `run` and the sandbox open. */
export function scenarioWith(p: Prepared, faults: Fault[]): Record<string, unknown> {
  return { ...p.spec.scenario, faults: faults.map((f) => ({ ...f })) };
}
