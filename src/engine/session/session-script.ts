// The run's script as a learner changes it: where an action lands in time, and which scripted
// faults a fork keeps. The parsed fault list (the simulation's) and the raw one (the share
// link's) start from the same scenario and change together, so their indices line up.
import type { Simulation } from "../sim.ts";
import { parseFaultFor, ScenarioError } from "../scenario/schema.ts";
import { checkFaultCount, checkRunSize } from "../scenario/limits.ts";

const r3 = (x: number) => Math.round(x * 1000) / 1000;

/** The moment an action lands: now, or just after the last processed event when a step stopped
 *  mid-instant (so the run stays deterministic). Throws when it would lie at or past the end. */
export function actionTime(sim: Simulation): number {
  const ended = () =>
    new ScenarioError(
      "at",
      `the run has ended at ${sim.scenario.until} ms; extend it or rewind before acting`,
    );
  if (sim.now >= sim.scenario.until) throw ended();
  let at = sim.now;
  if (at <= sim.state.lastAt) at = r3(sim.state.lastAt + 0.001);
  // A fresh run of the scenario stops before `until`: an action there would never apply.
  if (at >= sim.scenario.until) throw ended();
  return at;
}

/** The raw scenario's fault list (empty when it has none). */
export function rawFaults(raw: Record<string, unknown>): Array<Record<string, unknown>> {
  return Array.isArray(raw.faults) ? (raw.faults as Array<Record<string, unknown>>) : [];
}

/** Indices of the scripted faults before `at` (kept by a fork), and how many are not. */
export function splitScript(sim: Simulation, at: number): { keep: number[]; drop: number } {
  const faults = sim.state.scenario.faults;
  const keep: number[] = [];
  faults.forEach((f, i) => {
    if (f.at < at) keep.push(i);
  });
  return { keep, drop: faults.length - keep.length };
}

/** Validate only the faults an action appends after the `kept` ones (the script before them was
 *  valid when loaded): the same checks, and the same field paths, as parsing the whole scenario
 *  again, at the cost of the action rather than of the script. */
export function checkAppended(
  sim: Simulation,
  kept: number,
  added: readonly Record<string, unknown>[],
  estimate: boolean,
): void {
  const count = kept + added.length;
  checkFaultCount(count);
  added.forEach((f, i) => parseFaultFor(sim.scenario, f, kept + i));
  checkRunSize(sim.scenario, estimate, count);
}
