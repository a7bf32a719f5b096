// The public simulation object. Its `state` is plain data: structuredClone(sim.state) is a
// snapshot, and resumeSimulation(snapshot) continues byte-identically.
import { runWorldUntil, stepWorld } from "./core/engine.ts";
import { createWorld, bindWorld, type WorldOptions } from "./wiring.ts";
import { buildFrame, type Frame } from "./core/frame.ts";
import { parseScenario, parseFaultFor, ScenarioError, type Fault, type Scenario } from "./scenario/schema.ts";
import { summarizeTrace, type Summary } from "./summary.ts";
import type { World } from "./core/world.ts";
import type { SimState } from "./core/types.ts";
import type { TraceEvent } from "./core/trace.ts";

export interface Simulation {
  readonly state: SimState;
  readonly scenario: Scenario;
  readonly now: number;
  readonly trace: TraceEvent[];
  /** run every event strictly before t (ms), then set the clock to t; `stop` may end it early */
  runUntil(t: number, stop?: () => boolean): Simulation;
  /** run to the scenario's `until` */
  run(): Simulation;
  /** process one fault or event; false when nothing is left */
  step(): boolean;
  frame(): Frame;
  /** append a fault (a sandbox click) at or after now; the run stays deterministic */
  addFault(fault: unknown): Fault;
  snapshot(): SimState;
  summary(): Summary;
}

function wrap(w: World): Simulation {
  const sim: Simulation = {
    get state() { return w.s; },
    get scenario() { return w.s.scenario as Scenario; },
    get now() { return w.s.now; },
    get trace() { return w.s.trace; },
    runUntil(t, stop) { runWorldUntil(w, t, stop); return sim; },
    run() { runWorldUntil(w, w.s.scenario.until); return sim; },
    step: () => stepWorld(w),
    frame: () => buildFrame(w),
    addFault(raw) { return addFault(w, raw); },
    snapshot: () => structuredClone(w.s),
    summary: () => summarizeTrace(w.s.trace, { end: w.s.now, messages: w.s.stats.messages, kinds: w.s.stats.kinds ?? {} }),
  };
  return sim;
}

export function createSimulation(scenario: unknown, opts: WorldOptions = {}): Simulation {
  return wrap(createWorld(parseScenario(scenario), opts));
}

/** Continue from a snapshot (structuredClone(sim.state)). The snapshot is used as-is. */
export function resumeSimulation(state: SimState): Simulation {
  return wrap(bindWorld(state));
}

function addFault(w: World, raw: unknown): Fault {
  const s = w.s;
  const f = parseFaultFor(s.scenario, raw, s.scenario.faults.length);
  if (f.at < s.now) throw new ScenarioError("at", `${f.at} ms is in the past (the simulation is at ${s.now} ms)`);
  if (f.at <= s.lastAt) {
    throw new ScenarioError("at", `${f.at} ms must be later than the last processed event (${s.lastAt} ms) to stay deterministic`);
  }
  const idx = s.scenario.faults.length;
  s.scenario.faults.push(f);
  // Insert after every pending fault with at <= f.at: the same place it would have had if the
  // scenario had listed it last from the start.
  let pos = s.faultNext;
  while (pos < s.faultOrder.length && s.scenario.faults[s.faultOrder[pos]].at <= f.at) pos++;
  s.faultOrder.splice(pos, 0, idx);
  return f;
}
