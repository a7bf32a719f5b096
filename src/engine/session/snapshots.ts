// Plain-data checkpoints of a run, for cheap rewinds (RaftScope's time travel, without its
// globals). A snapshot is the state without its trace and without its fault script; the trace
// is kept once (a snapshot remembers only how long it was, plus how far the lanes and the
// page's event list had got), and the script is the session's own, given back on resume.
//
// Spacing thins with age: dense just behind the latest moment (a step or a short seek back
// re-simulates a fraction of a second), every `every` ms for the recent half minute, sparser
// before, and sparser still the older they get. Each spacing is a multiple of the finer one, so
// thinning only ever drops snapshots.
import type { SimState } from "../core/types.ts";
import type { LaneMark } from "./lanes.ts";

export interface Snapshot {
  t: number;
  /** the state without trace; its scenario has no faults and faultOrder is empty */
  rest: Omit<SimState, "trace">;
  /** trace events before this moment (an index into the whole trace) */
  traceLen: number;
  /** narratable events before this moment (an index into the whole list) */
  eventsLen: number;
  /** historic events (window.ts historic) before this moment */
  histLen: number;
  /** the term of each node's latest vote for itself before this moment (window.ts HistoricMemo) */
  campaign: Array<[string, number]>;
  /** votes recorded before this moment (mon.votesLog pairs), which `rest` leaves out: they are
   *  taken back from the live state, whose log begins with them; -1 when `rest` holds them */
  votes: number;
  lanes: LaneMark;
}

/** What a snapshot copies of a state. The fault script is left out (a resume gives back the
 *  session's own): on a run with a long script it was most of what each snapshot copied. Nor
 *  the votes: every vote of the run so far, one per node and term, grew each snapshot with the
 *  run (85 KB apiece at 3000 s on 25 nodes); a later state holds them all, in order, and a
 *  resume takes back the first `votes` of them. */
export function leanState(state: SimState): Pick<Snapshot, "rest" | "votes"> {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { trace, scenario, faultOrder, ...rest } = state;
  const votes = rest.mon.votesLog ? rest.mon.votesLog.length / 2 : -1;
  const mon = votes >= 0 ? { ...rest.mon, votesBy: undefined, votesLog: undefined } : rest.mon;
  const lean = { ...rest, mon, scenario: { ...scenario, faults: [] }, faultOrder: [] };
  return { rest: structuredClone(lean), votes };
}

/** The snapshot spacing, in ms, for a moment `age` ms before the latest one, when the recent
 *  spacing is `every` (SNAP_EVERY): every/8 for the last `every`, `every` for the next 30, then
 *  10x for the next 300; beyond, 50x doubled with each doubling of age, so that each such span
 *  holds six snapshots and a run of any length holds a number that grows with the logarithm
 *  of its length. Seeking back 0.5 s re-runs at most every/8; seeking back by an age A re-runs
 *  at most about A/6. */
export function spacingAt(age: number, every: number): number {
  if (age < every) return every / 8;
  if (age < 30 * every) return every;
  if (age < 300 * every) return 10 * every;
  let spacing = 50 * every;
  for (let edge = 600 * every; age >= edge; edge *= 2) spacing *= 2;
  return spacing;
}

export class Snapshots {
  private list: Snapshot[] = [];

  constructor(private readonly every: number) {}

  clear(): void {
    this.list = [];
  }

  get latest(): Snapshot | undefined {
    return this.list[this.list.length - 1];
  }

  get count(): number {
    return this.list.length;
  }

  /** Add the newest snapshot and drop the older ones the spacing no longer wants (the first,
   *  the run's start, always stays). */
  add(snap: Snapshot): void {
    this.list.push(snap);
    if (!Number.isFinite(this.every)) return;
    const head = snap.t;
    let k = 1;
    for (let i = 1; i < this.list.length; i++) {
      const s = this.list[i];
      if (i === this.list.length - 1 || s.t % spacingAt(head - s.t, this.every) === 0) this.list[k++] = s;
    }
    this.list.length = Math.min(k, this.list.length);
  }

  /** The latest snapshot at or before t (the first one when none is). */
  atOrBefore(t: number): Snapshot {
    let snap = this.list[0];
    for (const s of this.list) if (s.t <= t) snap = s;
    return snap;
  }

  /** The latest snapshot with at most `n` narratable events before it (the first one when
   *  none has). */
  atOrBeforeEvent(n: number): Snapshot {
    let snap = this.list[0];
    for (const s of this.list) if (s.eventsLen <= n) snap = s;
    return snap;
  }

  /** Forget the snapshots after t (the run from there on is being replaced). */
  dropAfter(t: number): void {
    this.list = this.list.filter((s) => s.t <= t);
  }
}
