// Plain-data checkpoints of a run, for cheap rewinds (RaftScope's time travel, without its
// globals). A snapshot is the state without its trace; the trace is kept once, and a snapshot
// remembers only how long it was, plus how far the lanes and the page's event list had got.
import type { SimState } from "../core/types.ts";

export interface Snapshot {
  t: number;
  rest: Omit<SimState, "trace">;
  traceLen: number;
  eventsLen: number;
  lanes: { len: number; last: string[] };
}

export class Snapshots {
  private list: Snapshot[] = [];

  clear(): void {
    this.list = [];
  }

  get latest(): Snapshot | undefined {
    return this.list[this.list.length - 1];
  }

  add(snap: Snapshot): void {
    this.list.push(snap);
  }

  /** The latest snapshot at or before t (the first one when none is). */
  atOrBefore(t: number): Snapshot {
    let snap = this.list[0];
    for (const s of this.list) if (s.t <= t) snap = s;
    return snap;
  }

  /** Forget the snapshots after t (the run from there on is being replaced). */
  dropAfter(t: number): void {
    this.list = this.list.filter((s) => s.t <= t);
  }
}
