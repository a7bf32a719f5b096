// The session's three ways to step forward: one raw event, the next visible one (skipping
// message arrivals nobody notices), or the next meaningful one (step-stops.ts). Never processes
// anything at or after `until`: when the next event lies there, the clock moves to `until` and
// the run ends, as a fresh run to `until` would. Session.step calls it with its own hooks.
import type { Simulation } from "../sim.ts";
import type { TraceEvent } from "../core/trace.ts";
import type { StepMode } from "./session-types.ts";
import type { TraceLog } from "../core/trace-log.ts";
import { appliedWrite, stopsAt, type LastWrite } from "./step-stops.ts";

export interface StepHooks {
  /** sample the lanes after an event */
  sample(): void;
  /** run to t in chunks, `stop` checked after every event (Session.runTo) */
  runTo(t: number, stop: () => boolean): void;
  /** trace events recorded so far, kept or not */
  traceLength(): number;
  /** trace events dropped from the front of the live trace */
  base(): number;
}

/** Step `sim` forward; false when the run had already ended. */
export function stepRun(sim: Simulation, mode: StepMode, h: StepHooks): boolean {
  const until = sim.scenario.until;
  if (sim.now >= until) return false;
  const atEnd = () => {
    if (sim.nextAt() < until) return false;
    sim.runUntil(until);
    return true;
  };
  if (mode === "event") {
    if (!atEnd()) {
      sim.step();
      h.sample();
    }
    return true;
  }
  if (mode === "meaningful") {
    // An index into the whole trace: the window may drop its oldest events on the way.
    let i = h.traceLength();
    let last = lastApplied(sim.log);
    h.runTo(until, () => {
      const tr = sim.log;
      const base = h.base();
      // message traffic is never a meaningful stop: skip it without building its events
      for (; i < base + tr.length; i++) {
        if (tr.isMessage(i - base)) continue;
        const e = tr.at(i - base) as TraceEvent;
        const stop = stopsAt(e, last);
        last = appliedWrite(e) ?? last;
        if (stop) {
          i++;
          return true;
        }
      }
      return false;
    });
    return true;
  }
  // One visible event, skipping the invisible ones (messages arriving at nobody's notice are
  // still one event each, so bound the search).
  const before = sim.log.length;
  for (let i = 0; i < 1000 && sim.log.length === before; i++) {
    if (atEnd()) break;
    sim.step();
    h.sample();
  }
  return true;
}

/** How far back a step looks for the latest applied write: a run writes about once a second, and the
 *  messages between two writes number hundreds at most. Not found, the next write is a stop. */
const LOOK_BACK = 50_000;

/** The latest write the resource applied in the live trace, or null. */
function lastApplied(log: TraceLog): LastWrite | null {
  for (let i = log.length - 1; i >= Math.max(0, log.length - LOOK_BACK); i--) {
    if (log.isMessage(i) || log.typeAt(i) !== "write") continue;
    const w = appliedWrite(log.at(i) as TraceEvent);
    if (w) return w;
  }
  return null;
}
