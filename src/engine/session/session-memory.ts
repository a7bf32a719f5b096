// What a session keeps of its run besides the live simulation: the snapshots it rewinds to, the
// lane samples, the narratable events, and the trace trimmed to its window.
import type { Simulation } from "../sim.ts";
import { Lanes } from "./lanes.ts";
import { leanState, Snapshots, type Snapshot } from "./snapshots.ts";
import { NarratedEvents } from "./session-events.ts";
import type { Changes, Cursor } from "./session-types.ts";
import { resumedFrom, type RunSource } from "./session-rebuild.ts";

/** Events dropped from the front of a run's live trace (0 while it is whole). */
export const traceBaseOf = (sim: Simulation): number => sim.state.traceBase ?? 0;

export class RunMemory {
  readonly snaps: Snapshots;
  lanes = new Lanes(0);
  ev: NarratedEvents;

  /** `keep`: trace events kept in memory; `keepEvents`: narratable events kept. */
  constructor(
    snapEvery: number,
    private readonly keep: number,
    private readonly keepEvents: number,
  ) {
    this.snaps = new Snapshots(snapEvery);
    this.ev = new NarratedEvents(keepEvents);
  }

  /** Forget the last run: a new one starts with no snapshot, its first lane sample and no event. */
  reset(sim: Simulation): void {
    this.snaps.clear();
    this.lanes = new Lanes(sim.state.nodes.length);
    this.ev = new NarratedEvents(this.keepEvents);
    this.lanes.sample(sim.state);
  }

  /** Catch the narratable events up with the live trace. */
  syncEvents(sim: Simulation): void {
    this.ev.sync(sim.log, traceBaseOf(sim));
  }

  /** Drop the oldest trace events beyond the window (all of them already narrated). */
  trimTrace(sim: Simulation): void {
    const log = sim.log;
    if (log.length <= this.keep * 1.25) return;
    const cut = log.length - this.keep;
    log.dropFront(cut);
    sim.state.traceBase = traceBaseOf(sim) + cut;
  }

  /** After a chunk of the run filled the window: narrate, then trim the trace and the events. */
  full(sim: Simulation): void {
    this.syncEvents(sim);
    this.trimTrace(sim);
    this.ev.trim();
  }

  /** Snapshot the run now (unless the latest snapshot is already at or after now). */
  takeSnap(sim: Simulation): void {
    const last = this.snaps.latest;
    if (last && last.t >= sim.now) return;
    this.syncEvents(sim);
    this.snaps.add({
      t: sim.now,
      ...leanState(sim.state),
      traceLen: traceBaseOf(sim) + sim.log.length,
      ...this.ev.mark(),
      lanes: this.lanes.mark(),
    });
    if (this.keep !== Infinity) this.trimTrace(sim);
    this.ev.trim();
  }

  /** Back to a snapshot: the run resumed from it (its trace cut back from the live one), its
   *  lanes and events, and no snapshot after it. */
  rewind(src: RunSource, snap: Snapshot): Simulation {
    // The trace is cut back in place, not copied: the run being left is not used again. A
    // snapshot older than the kept window starts an empty one.
    const trace = src.live.log;
    const base = traceBaseOf(src.live);
    trace.truncate(snap.traceLen >= base ? snap.traceLen - base : 0);
    const sim = resumedFrom(src, snap, Math.min(base, snap.traceLen), trace);
    this.lanes.restore(snap.lanes);
    this.ev.restore(snap);
    this.snaps.dropAfter(snap.t);
    return sim;
  }

  /** The historic events and lane samples gained since a cursor. */
  since(cursor: Cursor): Pick<Changes, "history" | "historyAt" | "lanes"> {
    return {
      history: this.ev.hist.slice(cursor.history),
      historyAt: this.ev.histAt.slice(cursor.history),
      lanes: this.lanes.list.slice(cursor.lanes),
    };
  }
}
