// The public simulation object. Its `state` is plain data: structuredClone(sim.state) is a
// snapshot, and resumeSimulation(snapshot) continues byte-identically.
import { nextAt, runWorldUntil, stepWorld } from "./core/engine.ts";
import { createWorld, bindWorld, type WorldOptions } from "./wiring.ts";
import { buildFrame, type Frame } from "./core/frame.ts";
import { parseScenario, parseFaultFor, ScenarioError, type Fault, type Scenario } from "./scenario/schema.ts";
import { cloneData } from "./core/clone.ts";
import { summarizeTrace, type Summary } from "./summary.ts";
import { kindCounts } from "./core/kind-counts.ts";
import type { World } from "./core/world.ts";
import type { SimState } from "./core/types.ts";
import type { TraceEvent } from "./core/trace.ts";
import type { TraceLog } from "./core/trace-log.ts";

export interface Simulation {
  readonly state: SimState;
  readonly scenario: Scenario;
  readonly now: number;
  /** the trace as an array of events, built from the log on first read and extended after; a
   *  copy: changing it changes nothing in the run */
  readonly trace: TraceEvent[];
  /** the trace as stored (core/trace-log.ts): what long runs and the sandbox read */
  readonly log: TraceLog;
  /** run every event strictly before t (ms), then set the clock to t; `stop` may end it early */
  runUntil(t: number, stop?: () => boolean): Simulation;
  /** run to the scenario's `until` */
  run(): Simulation;
  /** process one fault or event; false when nothing is left */
  step(): boolean;
  /** time of the next fault or queued event (ms), Infinity when nothing is left */
  nextAt(): number;
  /** time of the next scripted fault still to fire (ms), Infinity when none is left */
  nextFaultAt(): number;
  frame(): Frame;
  /** append a fault (a sandbox click) at or after now; the run stays deterministic */
  addFault(fault: unknown): Fault;
  /** Replace the fault script (a fork, or a snapshot given the script as it is now): faults due
   *  strictly before now count as fired, the rest are pending in (at, index) order. Only when
   *  nothing has been processed at this instant yet (now > the last processed event). */
  replaceFaults(faults: readonly Fault[]): void;
  snapshot(): SimState;
  summary(): Summary;
}

function wrap(w: World): Simulation {
  // sim.trace: the log's events as objects, extended as the log grows and rebuilt when it loses
  // events (a truncate or a dropped front), so repeated reads cost only the new events.
  let list: TraceEvent[] = [];
  let epoch = -1;
  const materialised = (): TraceEvent[] => {
    const log = w.s.trace;
    if (epoch !== log.epoch || list.length > log.length) {
      list = [];
      epoch = log.epoch;
    }
    for (let i = list.length; i < log.length; i++) list.push(log.at(i) as TraceEvent);
    return list;
  };
  const sim: Simulation = {
    get state() {
      return w.s;
    },
    get scenario() {
      return w.s.scenario as Scenario;
    },
    get now() {
      return w.s.now;
    },
    get trace() {
      return materialised();
    },
    get log() {
      return w.s.trace;
    },
    runUntil(t, stop) {
      runWorldUntil(w, t, stop);
      return sim;
    },
    run() {
      runWorldUntil(w, w.s.scenario.until);
      return sim;
    },
    step: () => stepWorld(w),
    nextAt: () => nextAt(w),
    nextFaultAt: () =>
      w.s.faultNext < w.s.faultOrder.length
        ? w.s.scenario.faults[w.s.faultOrder[w.s.faultNext]].at
        : Infinity,
    frame: () => buildFrame(w),
    addFault(raw) {
      return addFault(w, raw);
    },
    replaceFaults(faults) {
      replaceFaults(w, faults);
    },
    snapshot: () => structuredClone(w.s),
    summary: () =>
      summarizeTrace(w.s.trace, { end: w.s.now, messages: w.s.stats.messages, kinds: kindCounts(w.s.stats) }),
  };
  return sim;
}

export function createSimulation(
  scenario: unknown,
  opts: WorldOptions & { estimate?: boolean } = {},
): Simulation {
  return createParsedSimulation(parseScenario(scenario, { estimate: opts.estimate }), opts);
}

/** A simulation of a scenario already parsed: what parseScenario returned, or a copy of it that
 *  differs only where the parse copies values through (experiments/raft-timeouts.ts, whose tests
 *  hold its copies equal to the parse). The world clones it, so it may be shared. */
export function createParsedSimulation(scenario: Scenario, opts: WorldOptions = {}): Simulation {
  return wrap(createWorld(scenario, opts));
}

/** Continue from a snapshot (structuredClone(sim.state)). The snapshot is used as-is. */
export function resumeSimulation(state: SimState): Simulation {
  return wrap(bindWorld(state));
}

function addFault(w: World, raw: unknown): Fault {
  const s = w.s;
  const f = parseFaultFor(s.scenario, raw, s.scenario.faults.length);
  if (f.at < s.now)
    throw new ScenarioError("at", `${f.at} ms is in the past (the simulation is at ${s.now} ms)`);
  if (f.at <= s.lastAt) {
    throw new ScenarioError(
      "at",
      `${f.at} ms must be later than the last processed event (${s.lastAt} ms) to stay deterministic`,
    );
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

function replaceFaults(w: World, faults: readonly Fault[]): void {
  const s = w.s;
  // Mid-instant, a fault at `now` may or may not have fired already: refuse rather than guess.
  if (s.now <= s.lastAt)
    throw new Error(`replaceFaults at ${s.now} ms: an event of this instant was already processed`);
  // The world appends to its script (addFault), so it gets its own copy; faults are plain data.
  const list = cloneData(faults) as Fault[];
  const order = list.map((_, i) => i).sort((a, b) => list[a].at - list[b].at || a - b);
  let next = 0;
  while (next < order.length && list[order[next]].at < s.now) next++;
  s.scenario.faults = list;
  s.faultOrder = order;
  s.faultNext = next;
}
