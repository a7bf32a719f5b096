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

export interface Stretch {
  from: number;
  to: number;
}

/** The stretches as screen intervals [x0, x1], merged where they touch or overlap on screen.
 *  Input sorted by `from` (as the model builds them). At most one interval per MERGE_PX. */
export function mergeOnScreen(
  items: readonly Stretch[],
  x: (t: number) => number,
  minWidth: number,
): Array<[number, number]> {
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
export function bucketFaults<F extends { t: number }>(
  faults: readonly F[],
  x: (t: number) => number,
  width: number,
): Array<{ first: F; count: number; last: F }> {
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

/** Pixels per column when a lane is drawn by its dominant role. */
export const ROLE_COLUMN_PX = 2;

/** A lane drawn by columns: in each ROLE_COLUMN_PX column, the role the node held longest
 *  there, and runs of columns with the same role joined. A run of sub-pixel role changes (a
 *  node flapping between follower and candidate) then costs one stretch, not thousands, and a
 *  lane has at most one stretch per column however long the run. Cost: one pass over the
 *  segments plus one over the columns per role. */
export function dominantRoles(
  segs: ReadonlyArray<Stretch & { role: string }>,
  x: (t: number) => number,
  left: number,
  right: number,
): Map<string, Array<[number, number]>> {
  const cols = Math.max(1, Math.ceil((right - left) / ROLE_COLUMN_PX));
  const cover = new Map<string, Float64Array>();
  for (const sg of segs) {
    let c = cover.get(sg.role);
    if (!c) cover.set(sg.role, (c = new Float64Array(cols)));
    const a = Math.max(0, (x(sg.from) - left) / ROLE_COLUMN_PX);
    const b = Math.min(cols, (x(sg.to) - left) / ROLE_COLUMN_PX);
    if (b <= a) {
      // a stretch narrower than nothing on screen still counts a little where it starts
      const i = Math.min(cols - 1, Math.floor(a));
      c[i] += 1e-9;
      continue;
    }
    for (let i = Math.floor(a); i < b; i++) c[i] += Math.min(b, i + 1) - Math.max(a, i);
  }
  const roles = [...cover.keys()];
  const out = new Map<string, Array<[number, number]>>();
  let runRole = "";
  let runFrom = 0;
  const close = (end: number) => {
    if (!runRole) return;
    const list = out.get(runRole) ?? [];
    list.push([left + runFrom * ROLE_COLUMN_PX, Math.min(right, left + end * ROLE_COLUMN_PX)]);
    out.set(runRole, list);
  };
  for (let i = 0; i < cols; i++) {
    let best = "";
    let most = 0;
    for (const r of roles) {
      const v = cover.get(r)![i];
      if (v > most) {
        most = v;
        best = r;
      }
    }
    if (best !== runRole) {
      close(i);
      runRole = best;
      runFrom = i;
    }
  }
  close(cols);
  return out;
}
