// Where on each link its mark (the cross of a cut, the arrow of a one-way cut) and its tap spot
// go. The middle of a link is often where other links cross it (a mesh's diagonals meet at the
// centre) or where it runs along another (a node's links to the store and to the resource point
// the same way), so a tap there could cut a different link. Each link gets the point nearest its
// middle that is clear of every other link, node and box by `clear` px, or else the clearest it
// has. Pure: tested without a DOM.
import type { Point } from "./layout.ts";

export interface Segment {
  a: Point;
  b: Point;
}

/** What a tap must keep away from: nodes (with their hit ring) and the store's and resource's boxes. */
export interface Obstacles {
  circles: Array<{ c: Point; r: number }>;
  boxes: Array<{ x0: number; y0: number; x1: number; y1: number }>;
}

export function distToSegment(p: Point, s: Segment): number {
  const dx = s.b.x - s.a.x;
  const dy = s.b.y - s.a.y;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - s.a.x) * dx + (p.y - s.a.y) * dy) / len2));
  return Math.hypot(p.x - (s.a.x + t * dx), p.y - (s.a.y + t * dy));
}

/** How much room a point has to spare (px; negative: too close): `clear` from every other link
 *  and a whole spot (24 px) from every spot already placed. -Infinity on a node's hit ring or
 *  inside a box: a tap there would go to the node, or the cross be hidden under the box.
 *  The room only shrinks as links are checked, so once it is below 0 and no more than `enough`
 *  (the caller's best so far) the point can neither be taken nor beat the best: the rest is
 *  not checked (with 25 nodes, 325 links each tried at up to 77 points against every other). */
function slack(
  p: Point,
  own: number,
  segs: Segment[],
  obs: Obstacles,
  spots: Point[],
  clear: number,
  spot: number,
  enough: number,
): number {
  for (const o of obs.circles) if (Math.hypot(p.x - o.c.x, p.y - o.c.y) < o.r + 2) return -Infinity;
  for (const b of obs.boxes)
    if (p.x > b.x0 - 5 && p.x < b.x1 + 5 && p.y > b.y0 - 5 && p.y < b.y1 + 5) return -Infinity;
  let c = Infinity;
  for (let j = 0; j < segs.length; j++) {
    if (j === own) continue;
    c = Math.min(c, distToSegment(p, segs[j]) - clear);
    if (c < 0 && c <= enough) return c;
  }
  for (const q of spots) {
    c = Math.min(c, Math.hypot(p.x - q.x, p.y - q.y) - 2 * spot);
    if (c < 0 && c <= enough) return c;
  }
  return c;
}

/** The mark's point on each segment: the one nearest the middle with room to spare (see
 *  slack), else the roomiest between 12% and 88% of the way along. A tap spot of radius `spot`
 *  sits there. */
export function markPoints(
  segs: Segment[],
  obs: Obstacles,
  clear = 12,
  spot = 12,
  route: { fixed?: Array<Point | null>; extra?: Segment[] } = {},
): Point[] {
  const spots: Point[] = [];
  // A bent link's second leg is one more line for the others' marks to keep clear of.
  const all = route.extra?.length ? [...segs, ...route.extra] : segs;
  for (let i = 0; i < segs.length; i++) {
    const fixed = route.fixed?.[i];
    spots.push(fixed ?? markPoint(segs[i], (p, enough) => slack(p, i, all, obs, spots, clear, spot, enough)));
  }
  return spots;
}

/** `room(p, enough)` may stop early with any value below 0 and no more than `enough`: such a
 *  point changes nothing here. */
function markPoint(s: Segment, room: (p: Point, enough: number) => number): Point {
  const at = (t: number): Point => ({ x: s.a.x + (s.b.x - s.a.x) * t, y: s.a.y + (s.b.y - s.a.y) * t });
  let best = at(0.5);
  let bestC = -Infinity;
  // Outward from the middle: 0.5, 0.49, 0.51, 0.48, ...
  for (let k = 0; k <= 76; k++) {
    const t = 0.5 + (k % 2 === 0 ? 1 : -1) * Math.ceil(k / 2) * 0.01;
    const p = at(t);
    const c = room(p, bestC + 0.5);
    if (c >= 0) return p;
    if (c > bestC + 0.5) {
      bestC = c;
      best = p;
    }
  }
  return best;
}
type Rect = Obstacles["boxes"][number];

/** True when the segment passes through the box (Liang-Barsky clipping). */
export function segmentHitsBox(a: Point, b: Point, r: Rect): boolean {
  let t0 = 0;
  let t1 = 1;
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const edges: Array<[number, number]> = [
    [-dx, a.x - r.x0],
    [dx, r.x1 - a.x],
    [-dy, a.y - r.y0],
    [dy, r.y1 - a.y],
  ];
  for (const [p, q] of edges) {
    if (p === 0) {
      if (q < 0) return false;
      continue;
    }
    const t = q / p;
    if (p < 0) t0 = Math.max(t0, t);
    else t1 = Math.min(t1, t);
    if (t0 > t1) return false;
  }
  return true;
}

const inBox = (p: Point, r: Rect) => p.x >= r.x0 && p.x <= r.x1 && p.y >= r.y0 && p.y <= r.y1;

/** A link that would run under a box it does not end at (a node's link to the store passing
 *  beneath the resource) bends around it: through one corner of the box, `pad` px out, or else
 *  two corners along one of its sides, whichever clear path is shortest (no leg may cross a
 *  box). Empty for a straight link, or when no such path exists (then it stays straight). A box
 *  holding one of the link's ends is its own: never in the way. */
export function routeAround(a: Point, b: Point, boxes: readonly Rect[], pad = 14): Point[] {
  const others = boxes.filter((r) => !inBox(a, r) && !inBox(b, r));
  const crossed = others.filter((r) => segmentHitsBox(a, b, r));
  if (!crossed.length) return [];
  const clear = (pts: Point[]) => {
    for (const p of pts.slice(1, -1)) if (others.some((o) => inBox(p, o))) return false;
    for (let i = 1; i < pts.length; i++)
      if (others.some((r) => segmentHitsBox(pts[i - 1], pts[i], r))) return false;
    return true;
  };
  const length = (pts: Point[]) =>
    pts.slice(1).reduce((s, p, i) => s + Math.hypot(p.x - pts[i].x, p.y - pts[i].y), 0);
  let best: { via: Point[]; len: number } | null = null;
  const consider = (via: Point[]) => {
    const pts = [a, ...via, b];
    if (!clear(pts)) return;
    const len = length(pts);
    if (!best || len < best.len - 1e-9) best = { via, len };
  };
  for (const r of crossed) {
    const tl = { x: r.x0 - pad, y: r.y0 - pad };
    const tr = { x: r.x1 + pad, y: r.y0 - pad };
    const bl = { x: r.x0 - pad, y: r.y1 + pad };
    const br = { x: r.x1 + pad, y: r.y1 + pad };
    for (const w of [tl, tr, bl, br]) consider([w]);
  }
  if (!best) {
    for (const r of crossed) {
      const tl = { x: r.x0 - pad, y: r.y0 - pad };
      const tr = { x: r.x1 + pad, y: r.y0 - pad };
      const bl = { x: r.x0 - pad, y: r.y1 + pad };
      const br = { x: r.x1 + pad, y: r.y1 + pad };
      for (const [u, v] of [
        [tl, tr],
        [tl, bl],
        [tr, br],
        [bl, br],
      ]) {
        consider([u, v]);
        consider([v, u]);
      }
    }
  }
  return (best as { via: Point[] } | null)?.via ?? [];
}

/** Where a bent link's mark goes: at its one bend, or half way along the side between two. */
export function bendMark(via: readonly Point[]): Point | null {
  if (via.length === 0) return null;
  if (via.length === 1) return via[0];
  return { x: (via[0].x + via[1].x) / 2, y: (via[0].y + via[1].y) / 2 };
}

/** A point `p` (0 to 1) of the way along a link from a to b, through its bends. */
export function alongLink(a: Point, b: Point, via: readonly Point[] | null | undefined, p: number): Point {
  const pts = [a, ...(via ?? []), b];
  const lens = pts.slice(1).map((q, i) => Math.hypot(q.x - pts[i].x, q.y - pts[i].y));
  const total = lens.reduce((s, l) => s + l, 0);
  let d = total * Math.max(0, Math.min(1, p));
  for (let i = 0; i < lens.length; i++) {
    if (d <= lens[i] || i === lens.length - 1) {
      const k = lens[i] > 0 ? Math.min(1, d / lens[i]) : 0;
      return { x: pts[i].x + (pts[i + 1].x - pts[i].x) * k, y: pts[i].y + (pts[i + 1].y - pts[i].y) * k };
    }
    d -= lens[i];
  }
  return b;
}

/** How far along a link (0 to 1, from a, around its bends) the point nearest m lies. */
export function fractionAlong(
  a: Point,
  b: Point,
  via: readonly Point[] | null | undefined,
  m: Point,
): number {
  const pts = [a, ...(via ?? []), b];
  let total = 0;
  let best = { d: Infinity, at: 0 };
  for (let i = 1; i < pts.length; i++) {
    const leg = { a: pts[i - 1], b: pts[i] };
    const len = Math.hypot(leg.b.x - leg.a.x, leg.b.y - leg.a.y);
    const d = distToSegment(m, leg);
    if (d < best.d) {
      const k =
        len > 0
          ? Math.max(
              0,
              Math.min(
                1,
                ((m.x - leg.a.x) * (leg.b.x - leg.a.x) + (m.y - leg.a.y) * (leg.b.y - leg.a.y)) / (len * len),
              ),
            )
          : 0;
      best = { d, at: total + k * len };
    }
    total += len;
  }
  return total > 0 ? best.at / total : 0;
}

/** Where a message lost on a cut link stops (0 to 1 along it from its sender): `gap` px short of
 *  the cut's mark, so the learner sees it halt at the cross and never cross it (review 4a #12:
 *  dots sat on the cross itself, and it was unclear whether messages got through). */
export function lostStop(
  from: Point,
  to: Point,
  via: readonly Point[] | null | undefined,
  mark: Point,
  gap: number,
): number {
  const pts = [from, ...(via ?? []), to];
  let total = 0;
  for (let i = 1; i < pts.length; i++) total += Math.hypot(pts[i].x - pts[i - 1].x, pts[i].y - pts[i - 1].y);
  if (total <= 0) return 0;
  return Math.max(0, fractionAlong(from, to, via, mark) - gap / total);
}
