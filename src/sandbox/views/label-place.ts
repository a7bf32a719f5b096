// Where the one-line labels of a big cluster go (more than nine nodes, or six on a phone): each
// label is tried outward from its node first (a step further out if that spot is taken), then
// inward, toward the empty middle of the ring, then beside the node; the first spot inside the
// picture that overlaps no placed label and no node wins. Widest labels (candidates, leaders,
// crashed nodes) are placed first, so a follower's term never pushes them off. Pure: tested
// without a DOM; the view measures the labels and applies the result.
import type { Point } from "./layout.ts";

export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface LabelItem {
  /** the node's centre */
  at: Point;
  width: number;
  height: number;
}

const overlaps = (a: Box, b: Box, pad = 1) =>
  a.x0 < b.x1 + pad && b.x0 < a.x1 + pad && a.y0 < b.y1 + pad && b.y0 < a.y1 + pad;

function hitsCircle(b: Box, c: Point, r: number): boolean {
  const x = Math.max(b.x0, Math.min(c.x, b.x1));
  const y = Math.max(b.y0, Math.min(c.y, b.y1));
  return Math.hypot(x - c.x, y - c.y) < r;
}

function overlapArea(a: Box, b: Box): number {
  return (
    Math.max(0, Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0)) *
    Math.max(0, Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0))
  );
}

/** The centre of each label's box. `clear`: how far from a node's centre a label must stay
 *  (its shape and arcs); `boxes`: other things drawn (the store, the resource). */
export function placeLabels(
  items: LabelItem[],
  opts: { width: number; height: number; clear: number; boxes?: Box[] },
): Point[] {
  const { width, height, clear } = opts;
  const n = items.length;
  const centre = n
    ? { x: items.reduce((s, i) => s + i.at.x, 0) / n, y: items.reduce((s, i) => s + i.at.y, 0) / n }
    : { x: width / 2, y: height / 2 };
  const placed: Box[] = [];
  const out: Point[] = items.map((i) => i.at);
  const order = items
    .map((_, k) => k)
    .filter((k) => items[k].width > 0)
    .sort((a, b) => items[b].width - items[a].width || a - b);
  const boxAt = (c: Point, w: number, h: number): Box => ({
    x0: c.x - w / 2,
    y0: c.y - h / 2,
    x1: c.x + w / 2,
    y1: c.y + h / 2,
  });
  for (const k of order) {
    const { at, width: w, height: h } = items[k];
    const dx = at.x - centre.x;
    const dy = at.y - centre.y;
    const len = Math.hypot(dx, dy) || 1;
    const u = { x: dx / len, y: dy / len };
    // How far the box's centre sits from its edge along a direction.
    const ext = (d: Point) => Math.abs(d.x) * (w / 2) + Math.abs(d.y) * (h / 2);
    const along = (d: Point, step: number) => ({
      x: at.x + d.x * (clear + 2 + ext(d) + step),
      y: at.y + d.y * (clear + 2 + ext(d) + step),
    });
    const t = { x: -u.y, y: u.x };
    const inward = { x: -u.x, y: -u.y };
    const tries: Point[] = [
      along(u, 0),
      along(u, h),
      along(u, 2 * h),
      along(inward, 0),
      along(inward, h),
      along(t, 0),
      along({ x: -t.x, y: -t.y }, 0),
      along(inward, 2 * h),
    ];
    let best: { c: Point; cost: number } | null = null;
    for (const c0 of tries) {
      // Held inside the picture (it never scrolls sideways).
      const c = {
        x: Math.max(2 + w / 2, Math.min(width - 2 - w / 2, c0.x)),
        y: Math.max(2 + h / 2, Math.min(height - 2 - h / 2, c0.y)),
      };
      const b = boxAt(c, w, h);
      let cost = 0;
      for (const p of placed) cost += overlapArea(b, p) + (overlaps(b, p) ? 1 : 0);
      for (const o of opts.boxes ?? []) cost += overlapArea(b, o);
      for (const it of items) if (hitsCircle(b, it.at, clear)) cost += 50;
      if (!best || cost < best.cost) best = { c, cost };
      if (cost === 0) break;
    }
    const c = (best as { c: Point }).c;
    placed.push(boxAt(c, w, h));
    out[k] = c;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Free placement for the picture's other texts (message labels, the full labels of a small
// cluster): a text goes to the first of its candidate spots that lies inside the picture and
// covers nothing already drawn, or nowhere at all (the caller then leaves it to hover and focus).
// Pure, like placeLabels: the view measures widths with the canvas (text-width.ts), never by
// laying the page out.

/** A box of size w x h centred on c. */
export const boxAround = (c: Point, w: number, h: number): Box => ({
  x0: c.x - w / 2,
  y0: c.y - h / 2,
  x1: c.x + w / 2,
  y1: c.y + h / 2,
});

/** True when two boxes share more than `pad` px both ways (touching edges do not count). */
export const boxesOverlap = (a: Box, b: Box, pad = 0): boolean =>
  Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) > -pad && Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0) > -pad;

export const boxInside = (a: Box, bounds: Box): boolean =>
  a.x0 >= bounds.x0 && a.y0 >= bounds.y0 && a.x1 <= bounds.x1 && a.y1 <= bounds.y1;

/** The first candidate box inside `bounds` that keeps `gap` px from every taken box, or null. */
export function firstFree(cands: Box[], taken: readonly Box[], bounds: Box, gap = 2): Box | null {
  for (const b of cands) {
    if (!boxInside(b, bounds)) continue;
    if (taken.every((t) => !boxesOverlap(b, t, gap))) return b;
  }
  return null;
}

/** Spots for a w x h label around a dot: beside it on either side, then above and below, then
 *  the same a step further out, then the four diagonals. `side` (+1 or -1): which side to try
 *  first (away from the picture's middle reads best). */
export function spotsAround(at: Point, w: number, h: number, side: 1 | -1 = 1, gap = 9): Box[] {
  const out: Box[] = [];
  for (const k of [1, 2, 3.2]) {
    const g = gap * k;
    const sideways = [side, -side].map((s) => boxAround({ x: at.x + s * (g + w / 2), y: at.y }, w, h));
    const updown = [-1, 1].map((s) => boxAround({ x: at.x, y: at.y + s * (g + h / 2) }, w, h));
    out.push(...sideways, ...updown);
  }
  for (const [sx, sy] of [
    [side, -1],
    [side, 1],
    [-side, -1],
    [-side, 1],
  ])
    out.push(boxAround({ x: at.x + sx * (gap + w / 2), y: at.y + sy * (gap + h / 2) }, w, h));
  return out;
}

export interface MessageMark {
  /** the label as drawn for one message ("VoteResp term 3 ✓") */
  text: string;
  /** its dot */
  at: Point;
}

export interface MergedMark<T extends MessageMark = MessageMark> {
  /** "16 × LeaseGrant" for sixteen alike, the text itself for one */
  text: string;
  count: number;
  /** the dot the label sits beside: the member nearest the group's middle */
  at: Point;
  members: T[];
}

/** Messages in flight with the same label become one label with their count, beside the dot
 *  nearest their middle; groups keep the order of their first member. */
export function mergeMarks<T extends MessageMark>(marks: readonly T[]): Array<MergedMark<T>> {
  const groups = new Map<string, T[]>();
  for (const m of marks) {
    const g = groups.get(m.text);
    if (g) g.push(m);
    else groups.set(m.text, [m]);
  }
  return [...groups.values()].map((members) => {
    const cx = members.reduce((s, m) => s + m.at.x, 0) / members.length;
    const cy = members.reduce((s, m) => s + m.at.y, 0) / members.length;
    let at = members[0].at;
    for (const m of members)
      if (Math.hypot(m.at.x - cx, m.at.y - cy) < Math.hypot(at.x - cx, at.y - cy)) at = m.at;
    const count = members.length;
    return { text: count > 1 ? `${count} × ${members[0].text}` : members[0].text, count, at, members };
  });
}

/** Which of the placed one-line labels to leave unshown: each that still covers one kept before
 *  it (in `order`, the placing order: widest first), by more than `tol` px both ways. A herd of
 *  twenty "candidate" labels around a phone's ring has no free spot for every one; a covered
 *  label is unreadable anyway, and its node's shape, name and the legend still say its role. */
export function coveredLabels(boxes: Array<Box | null>, order: number[], tol = 1): Set<number> {
  const kept: Box[] = [];
  const out = new Set<number>();
  for (const k of order) {
    const b = boxes[k];
    if (!b) continue;
    if (
      kept.some(
        (p) =>
          Math.min(b.x1, p.x1) - Math.max(b.x0, p.x0) > tol &&
          Math.min(b.y1, p.y1) - Math.max(b.y0, p.y0) > tol,
      )
    )
      out.add(k);
    else kept.push(b);
  }
  return out;
}
