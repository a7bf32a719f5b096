// The timeline's data, derived from the lane samples the worker records whenever a node's
// visible state changes: one row of role segments per node, leader bands with their term or
// token, the stretches where two or more nodes believed they led (split brain), the stretches
// where nobody did, and the faults.
import type { TraceEvent } from "../engine/index.ts";
import type { LaneEvent } from "../worker/protocol.ts";

export interface Segment {
  from: number;
  to: number;
  role: string;
  term: number;
}
export interface Band {
  node: number;
  from: number;
  to: number;
  token: number;
  term: number;
}
export interface Span {
  from: number;
  to: number;
  count: number;
}
export interface TimelineModel {
  rows: Segment[][];
  bands: Band[];
  overlap: Span[];
  leaderless: Span[];
  faults: Array<{ t: number; label: string; node?: string }>;
}

export function buildTimeline(
  nodes: number,
  lanes: readonly LaneEvent[],
  events: readonly TraceEvent[],
  now: number,
): TimelineModel {
  const rows: Segment[][] = Array.from({ length: nodes }, () => []);
  const bands: Band[] = [];
  const openBand: Array<Band | null> = Array.from({ length: nodes }, () => null);
  const overlap: Span[] = [];
  const leaderless: Span[] = [];
  let believers = 0;
  let spanStart = 0;
  const closeSpan = (t: number) => {
    if (t <= spanStart) return;
    if (believers === 0) leaderless.push({ from: spanStart, to: t, count: 0 });
    else if (believers >= 2) overlap.push({ from: spanStart, to: t, count: believers });
  };
  for (const e of lanes) {
    if (e.i >= nodes || e.t > now) continue;
    const row = rows[e.i];
    const last = row[row.length - 1];
    if (last) last.to = e.t;
    if (last && last.from === e.t) row.pop();
    const prev = row[row.length - 1];
    if (prev && prev.role === e.role && prev.term === e.term) prev.to = now;
    else row.push({ from: e.t, to: now, role: e.role, term: e.term });
    const ob = openBand[e.i];
    const was = ob !== null;
    const is = e.token !== null;
    if (ob && (!is || ob.token !== e.token)) {
      ob.to = e.t;
      if (ob.to > ob.from) bands.push(ob);
      openBand[e.i] = null;
    }
    if (is && !openBand[e.i])
      openBand[e.i] = { node: e.i, from: e.t, to: now, token: e.token as number, term: e.term };
    if (was !== is) {
      closeSpan(e.t);
      believers += is ? 1 : -1;
      spanStart = e.t;
    }
  }
  for (const b of openBand) if (b) bands.push({ ...b, to: now });
  closeSpan(now);
  // Merge touching spans (a leader handing over within the same instant is not a gap).
  const merge = (xs: Span[]) =>
    xs.reduce<Span[]>((acc, s) => {
      const p = acc[acc.length - 1];
      if (p && p.to >= s.from) {
        p.to = Math.max(p.to, s.to);
        p.count = Math.max(p.count, s.count);
      } else acc.push({ ...s });
      return acc;
    }, []);
  const faults = events
    .filter((e): e is Extract<TraceEvent, { type: "fault" }> => e.type === "fault" && e.t <= now)
    .map((e) => ({ t: e.t, label: e.fault, node: e.resolved ?? e.node }));
  return {
    rows,
    bands: bands.sort((a, b) => a.from - b.from),
    overlap: merge(overlap),
    leaderless: merge(leaderless),
    faults,
  };
}
