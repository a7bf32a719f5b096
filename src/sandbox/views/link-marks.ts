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
function slack(p: Point, own: number, segs: Segment[], obs: Obstacles, spots: Point[], clear: number, spot: number, enough: number): number {
  for (const o of obs.circles) if (Math.hypot(p.x - o.c.x, p.y - o.c.y) < o.r + 2) return -Infinity;
  for (const b of obs.boxes) if (p.x > b.x0 - 5 && p.x < b.x1 + 5 && p.y > b.y0 - 5 && p.y < b.y1 + 5) return -Infinity;
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
export function markPoints(segs: Segment[], obs: Obstacles, clear = 12, spot = 12, route: { fixed?: Array<Point | null>; extra?: Segment[] } = {}): Point[] {
  const spots: Point[] = [];
  // A bent link's second leg is one more line for the others' marks to keep clear of.
  const all = route.extra?.length ? [...segs, ...route.extra] : segs;
  for (let i = 0; i < segs.length; i++) {
    const fixed = route.fixed?.[i];
    spots.push(fixed ?? markPoint(segs[i], (p, enough) => slack(p, i, all, obs, spots, clear, spot, enough)));
  }
  return spots;
}

type Rect = Obstacles["boxes"][number];

/** True when the segment passes through the box (Liang-Barsky clipping). */
export function segmentHitsBox(a: Point, b: Point, r: Rect): boolean {
  let t0 = 0;
  let t1 = 1;
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const edges: Array<[number, number]> = [[-dx, a.x - r.x0], [dx, r.x1 - a.x], [-dy, a.y - r.y0], [dy, r.y1 - a.y]];
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
 *  beneath the resource) bends around it: the bend sits `pad` px out from one of the box's
 *  corners, the one giving the shortest path whose two legs cross no box. Null for a straight
 *  link, or when no corner clears every box (then it stays straight). A box holding one of the
 *  link's ends is its own: never in the way. */
export function routeAround(a: Point, b: Point, boxes: readonly Rect[], pad = 14): Point | null {
  const others = boxes.filter((r) => !inBox(a, r) && !inBox(b, r));
  const crossed = others.filter((r) => segmentHitsBox(a, b, r));
  if (!crossed.length) return null;
  const clearOf = (p: Point, q: Point) => others.every((r) => !segmentHitsBox(p, q, r));
  let best: { w: Point; len: number } | null = null;
  for (const r of crossed) {
    for (const w of [
      { x: r.x0 - pad, y: r.y0 - pad },
      { x: r.x1 + pad, y: r.y0 - pad },
      { x: r.x0 - pad, y: r.y1 + pad },
      { x: r.x1 + pad, y: r.y1 + pad },
    ]) {
      if (others.some((o) => inBox(w, o)) || !clearOf(a, w) || !clearOf(w, b)) continue;
      const len = Math.hypot(w.x - a.x, w.y - a.y) + Math.hypot(b.x - w.x, b.y - w.y);
      if (!best || len < best.len) best = { w, len };
    }
  }
  return best?.w ?? null;
}

/** A point `p` (0 to 1) of the way along a link, straight or bent at `via`. */
export function alongLink(a: Point, b: Point, via: Point | null | undefined, p: number): Point {
  if (!via) return { x: a.x + (b.x - a.x) * p, y: a.y + (b.y - a.y) * p };
  const l1 = Math.hypot(via.x - a.x, via.y - a.y);
  const l2 = Math.hypot(b.x - via.x, b.y - via.y);
  const d = (l1 + l2) * p;
  if (d <= l1 || l2 === 0) {
    const k = l1 > 0 ? d / l1 : 0;
    return { x: a.x + (via.x - a.x) * k, y: a.y + (via.y - a.y) * k };
  }
  const k = (d - l1) / l2;
  return { x: via.x + (b.x - via.x) * k, y: via.y + (b.y - via.y) * k };
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
