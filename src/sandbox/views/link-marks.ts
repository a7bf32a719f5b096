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
export function markPoints(segs: Segment[], obs: Obstacles, clear = 12, spot = 12): Point[] {
  const spots: Point[] = [];
  for (let i = 0; i < segs.length; i++) spots.push(markPoint(segs[i], (p, enough) => slack(p, i, segs, obs, spots, clear, spot, enough)));
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
