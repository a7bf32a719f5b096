// The timeline past DENSE_AT elements: a long run at many nodes has tens of thousands of role
// segments, leader bands and faults, and one SVG element each grew the page without bound (a
// 14 400 s run at 25 nodes: 15 000 DOM nodes, a 2.3 s main-thread task per redraw). Dense, the
// timeline draws one path per lane and role (and per band row, per span kind), whose subpaths
// are the stretches merged where they touch on screen, and one fault mark per few pixels. The
// number of elements then depends on the nodes and the width, never on the length of the run,
// and no subpath is narrower than what a screen can show.

/** Past this many elements the timeline is drawn dense. */
export const DENSE_AT = 600;
/** Stretches closer than this (px) merge into one subpath. */
const MERGE_PX = 0.75;
/** At most one fault mark per this many pixels (its title counts the faults it stands for)... */
export const FAULT_BUCKET_PX = 6;
/** ...and at most this many marks across the whole width, however many faults the run holds. */
export const MAX_FAULT_MARKS = 40;

export interface Stretch { from: number; to: number }

/** The stretches as screen intervals [x0, x1], merged where they touch or overlap on screen.
 *  Input sorted by `from` (as the model builds them). At most one interval per MERGE_PX. */
export function mergeOnScreen(items: readonly Stretch[], x: (t: number) => number, minWidth: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const it of items) {
    const x0 = x(it.from);
    const x1 = Math.max(x0 + minWidth, x(it.to));
    const last = out[out.length - 1];
    if (last && x0 <= last[1] + MERGE_PX) last[1] = Math.max(last[1], x1);
    else out.push([x0, x1]);
  }
  return out;
}

const r2 = (v: number) => Math.round(v * 100) / 100;

/** One SVG path of rectangles, every one from y to y + h. */
export function rectsPath(intervals: ReadonlyArray<[number, number]>, y: number, h: number): string {
  let d = "";
  for (const [x0, x1] of intervals) d += `M${r2(x0)},${r2(y)}h${r2(x1 - x0)}v${r2(h)}h${r2(x0 - x1)}z`;
  return d;
}

/** Faults (sorted by time) grouped by screen bucket, one mark at each group's first fault: at
 *  least FAULT_BUCKET_PX apart, and at most MAX_FAULT_MARKS over `width` pixels. */
export function bucketFaults<F extends { t: number }>(faults: readonly F[], x: (t: number) => number, width: number): Array<{ first: F; count: number; last: F }> {
  const bucket = Math.max(FAULT_BUCKET_PX, width / MAX_FAULT_MARKS);
  const out: Array<{ first: F; count: number; last: F }> = [];
  for (const f of faults) {
    const last = out[out.length - 1];
    if (last && x(f.t) - x(last.first.t) < bucket) {
      last.count += 1;
      last.last = f;
    } else out.push({ first: f, count: 1, last: f });
  }
  return out;
}
