// Rebuilding what a session no longer holds, from its invariant (the trace up to now equals a
// fresh run of its scenario): the whole trace by a fresh run, narratable events or a log
// window from before the kept window by a re-run from the snapshot before them, and an event's
// causal chain when its causes lie before the window.
import { createSimulation, resumeSimulation, type Simulation } from "../sim.ts";
import type { SimState } from "../core/types.ts";
import type { TraceEvent } from "../core/trace.ts";
import { TraceLog } from "../core/trace-log.ts";
import { votesAsOf } from "../core/monitors.ts";
import type { Snapshot } from "./snapshots.ts";
import { logRowAt, narratableAt, traceWindow } from "./window.ts";
import { explain, indexOfEvent, type Step } from "../explain/index.ts";

/** What a rebuild starts from: the scenario as it is now and the live run it must agree with. */
export interface RunSource {
  raw: Record<string, unknown>;
  level: "full" | "roles";
  estimate: boolean;
  live: Simulation;
}

const fresh = (src: RunSource) => createSimulation(src.raw, { trace: src.level, estimate: src.estimate });

/** A fresh run of the scenario, from the start, until `stop` (given its trace) says so or its
 *  trace reaches `len` events; cut to at most `len`. */
export function freshRun(src: RunSource, stop: (trace: TraceLog) => boolean, len: number): Simulation {
  const sim = fresh(src);
  const log = sim.log;
  if (log.length < len) sim.runUntil(src.live.scenario.until, () => log.length >= len || stop(log));
  log.truncate(len);
  return sim;
}

/** A simulation resumed from a snapshot with the script as it is now, its trace starting empty
 *  at `base` (event `base` of the whole trace). */
export function resumedFrom(
  src: RunSource,
  snap: Snapshot,
  base: number,
  trace: TraceLog = new TraceLog(),
): Simulation {
  const state = { ...structuredClone(snap.rest), trace } as SimState;
  if (snap.votes >= 0) Object.assign(state.mon, votesAsOf(src.live.state.mon, snap.votes));
  if (base > 0) state.traceBase = base;
  else delete state.traceBase;
  const sim = resumeSimulation(state);
  // The snapshot carries no script; the run goes on with the script as it is now.
  sim.replaceFaults(src.live.state.scenario.faults);
  return sim;
}

/** Narratable events `start` to `end` (whole-run indices) by a re-run from `snap`, the latest
 *  snapshot at or before event `start`. */
export function narratedRange(src: RunSource, snap: Snapshot, start: number, end: number): TraceEvent[] {
  // The run's first snapshot comes after the start's own events: from there, re-run from scratch.
  const fromStart = snap.t <= 0;
  const part = fromStart ? fresh(src) : resumedFrom(src, snap, snap.traceLen);
  const out: TraceEvent[] = [];
  let n = fromStart ? 0 : snap.eventsLen;
  let j = 0;
  const scan = (): boolean => {
    const tr = part.log;
    for (; j < tr.length && n < end; j++) {
      if (!narratableAt(tr, j)) continue;
      if (n >= start) out.push(tr.at(j) as TraceEvent);
      n++;
    }
    // Scanned events are dropped as the re-run goes, so it holds no more than a stretch of trace.
    if (j >= 65_536) {
      tr.dropFront(j);
      part.state.traceBase = (part.state.traceBase ?? 0) + j;
      j = 0;
    }
    return n >= end;
  };
  if (!scan()) part.runUntil(src.live.scenario.until, scan);
  return out;
}

/** The log table's window from `from` to `to` (ms, at most `limit` rows) by a re-run from
 *  `snap`, the latest snapshot at or before `from`; `len` is the whole trace's length now. */
export function logWindow(
  src: RunSource,
  snap: Snapshot,
  from: number,
  to: number,
  limit: number,
  len: number,
): { events: TraceEvent[]; truncated: boolean } {
  // The run's first snapshot comes after the start's own events (the start, the boots): a
  // window from there re-runs from scratch to have them.
  const fromStart = snap.t <= 0;
  const base = fromStart ? 0 : snap.traceLen;
  const part = fromStart ? fresh(src) : resumedFrom(src, snap, base);
  // Stop once past `to` or with more than `limit` rows: the log table asks for one screen.
  let rows = 0;
  let j = 0;
  part.runUntil(src.live.scenario.until, () => {
    const tr = part.log;
    for (; j < tr.length; j++) {
      const t = tr.tAt(j);
      if (t > to) return true;
      if (t >= from && logRowAt(tr, j)) rows++;
    }
    return rows > limit || base + tr.length >= len;
  });
  const tr = part.log;
  if (base + tr.length > len) tr.truncate(len - base);
  return traceWindow(tr, from, to, limit);
}

/** The causal chain of an event of the run (matched by value), or null when it is not in the
 *  trace. An event older than the kept window is found in a fresh run to its moment. */
export function explainEvent(src: RunSource, event: TraceEvent, traceLength: number): Step[] | null {
  // A copy for the scan, dropped after it (the log keeps the run's trace compact). Its causes
  // may lie anywhere before it: past the kept window, explain it in the whole trace to its instant.
  const log =
    (src.live.state.traceBase ?? 0) > 0
      ? freshRun(src, (tr) => tr.length > 0 && tr.tAt(tr.length - 1) > event.t, traceLength).log
      : src.live.log;
  const trace = log.toArray();
  const i = indexOfEvent(trace, event);
  return i === null ? null : explain(trace, i).chain;
}
