// The run's script as a learner changes it: where an action lands in time, which scripted
// faults a fork keeps, and the two changes (faults appended at a moment, the script forked). The parsed fault list (the simulation's) and the raw one (the share
// link's) start from the same scenario and change together, so their indices line up.
import type { Simulation } from "../sim.ts";
import { parseFaultFor, ScenarioError } from "../scenario/schema.ts";
import { checkFaultCount, checkRunSize } from "../scenario/limits.ts";
import type { Acted, FaultInput } from "./session-types.ts";

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

/** Append faults at the current moment and apply them at once (Session.act): returns what was
 *  done and the raw scenario with them. `eventCount` is read once the script is forked, before
 *  the faults apply; `sample` after each event. */
export function appendFaults(
  sim: Simulation,
  raw: Record<string, unknown>,
  faults: FaultInput | readonly FaultInput[],
  hooks: { estimate: boolean; sample: () => boolean; eventCount: () => number },
): { acted: Acted; raw: Record<string, unknown> } {
  const at = actionTime(sim);
  const inputs = (Array.isArray(faults) ? faults : [faults]).map((f: FaultInput) => ({ ...f, at }));
  if (inputs.length === 0) throw new ScenarioError("faults", "an action needs at least one fault");
  const { keep, drop } = splitScript(sim, at);
  checkAppended(sim, keep.length, inputs, hooks.estimate); // before anything changes
  const script = rawFaults(raw);
  const keptSet = new Set(keep);
  const removed = script.map((_, i) => i).filter((i) => !keptSet.has(i));
  if (at > sim.now) sim.runUntil(at, hooks.sample);
  if (drop > 0) sim.replaceFaults(keep.map((i) => sim.state.scenario.faults[i]));
  const eventIndex = hooks.eventCount();
  for (const input of inputs) sim.addFault(input);
  // Apply them now (and any other fault due at this instant, as a continuous run would), so
  // their effect shows even while time is paused. Queued events of the instant wait for play.
  while (sim.nextFaultAt() <= at) {
    sim.step();
    hooks.sample();
  }
  return {
    acted: { at, fault: inputs[0], faults: inputs, dropped: drop, removed, eventIndex },
    raw: { ...raw, faults: [...(drop > 0 ? keep.map((i) => script[i]) : script), ...inputs] },
  };
}

/** Drop every scripted fault from the current moment on (Session.fork): how many were dropped,
 *  and the raw scenario without them (null when none was). */
export function forkScript(
  sim: Simulation,
  raw: Record<string, unknown>,
  sample: () => boolean,
): { dropped: number; raw: Record<string, unknown> | null } {
  const at = actionTime(sim);
  const { keep, drop } = splitScript(sim, at);
  if (drop === 0) return { dropped: 0, raw: null };
  if (at > sim.now) sim.runUntil(at, sample);
  const script = rawFaults(raw);
  sim.replaceFaults(keep.map((i) => sim.state.scenario.faults[i]));
  return { dropped: drop, raw: { ...raw, faults: keep.map((i) => script[i]) } };
}
