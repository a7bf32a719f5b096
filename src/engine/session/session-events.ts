// The session's narratable events, kept incrementally as the run goes (never a rescan of the
// whole trace): the latest of them when a window is set, beside the historic ones of the whole
// run (window.ts historic: faults, leader changes, refused writes; they grow with leader
// changes, not with time). A snapshot records how far they had got, and a seek back restores it.
import type { TraceEvent } from "../core/trace.ts";
import type { TraceLog } from "../core/trace-log.ts";
import type { Snapshot } from "./snapshots.ts";
import type { SentMessage } from "./session-types.ts";
import { historic, narratableAt, newHistoricMemo } from "./window.ts";

export class NarratedEvents {
  /** the latest narratable events; the first is at whole-run index `base` */
  list: TraceEvent[] = [];
  base = 0;
  /** the historic ones of the whole run, and their whole-run indices */
  readonly hist: TraceEvent[] = [];
  readonly histAt: number[] = [];
  /** what choosing historic events remembers (window.ts HistoricMemo) */
  memo = newHistoricMemo();
  /** whole-trace index of the next event to look at */
  private scanned = 0;
  /** how many to keep (Infinity: all) */
  private readonly keep: number;

  constructor(keep: number) {
    this.keep = keep;
  }

  /** Narratable events so far (kept or not). */
  get count(): number {
    return this.base + this.list.length;
  }

  /** Take in what the live trace (whose first event is whole-trace index `traceBase`) gained. */
  sync(log: TraceLog, traceBase: number): void {
    for (; this.scanned < traceBase + log.length; this.scanned++) {
      const j = this.scanned - traceBase;
      if (!narratableAt(log, j)) continue;
      const e = log.at(j) as TraceEvent;
      if (historic(e, this.memo)) {
        this.hist.push(e);
        this.histAt.push(this.count);
      }
      this.list.push(e);
    }
  }

  /** Drop the oldest beyond the window (the historic ones stay). */
  trim(): void {
    if (this.keep === Infinity || this.list.length <= this.keep * 1.25) return;
    const cut = this.list.length - this.keep;
    this.list.splice(0, cut);
    this.base += cut;
  }

  /** What a snapshot keeps of them. */
  mark(): Pick<Snapshot, "eventsLen" | "histLen" | "campaign"> {
    return { eventsLen: this.count, histLen: this.hist.length, campaign: [...this.memo.campaign] };
  }

  /** Back to a snapshot's moment (the trace resumes at its `traceLen`). */
  restore(snap: Snapshot): void {
    // A snapshot older than the window starts an empty one.
    if (snap.eventsLen >= this.base) this.list.length = snap.eventsLen - this.base;
    else {
      this.list = [];
      this.base = snap.eventsLen;
    }
    this.hist.length = snap.histLen;
    this.histAt.length = snap.histLen;
    this.memo = newHistoricMemo();
    for (const e of this.hist)
      if (e.type === "write" && e.result === "accepted") this.memo.wrote.add(e.token);
    this.memo.campaign = new Map(snap.campaign);
    this.scanned = snap.traceLen;
  }
}

/** Message sends in the live trace (first event at whole-trace index `base`) from whole-trace
 *  index `from` on, at most `max` of them (the picture draws them in flight), and how many more. */
export function sentSince(
  log: TraceLog,
  base: number,
  from: number,
  max: number,
): { sent: SentMessage[]; sentSkipped: number } {
  const sent: SentMessage[] = [];
  let sentSkipped = 0;
  for (let i = Math.max(from, base); i < base + log.length; i++) {
    const j = i - base;
    if (log.typeAt(j) !== "send") continue;
    if (sent.length >= max) sentSkipped++;
    else {
      const m = log.messageAt(j) as NonNullable<ReturnType<TraceLog["messageAt"]>>;
      sent.push({ id: m.id, from: m.from, to: m.to, kind: m.kind, sentAt: m.t, arriveAt: m.x });
    }
  }
  return { sent, sentSkipped };
}
