// A way round many boxes at once, for a link that the one- or two-bend detour (link-marks.ts
// routeAround) cannot take: the shortest path through the corners of every box in its way
// (a visibility graph). ZooKeeper's twenty nodes on a phone: the bottom nodes' links to the
// store bent round the resource's box through the nodes beside it (n6 to n10), because the only
// way up runs between those nodes and the box, past the nodes' own corners.
import type { Point } from "./layout.ts";
import { segmentHitsBox } from "./link-marks.ts";

type Rect = { x0: number; y0: number; x1: number; y1: number };

const inside = (p: Point, r: Rect) => p.x > r.x0 && p.x < r.x1 && p.y > r.y0 && p.y < r.y1;

const memo = new Map<string, Point[]>();

/** The bends of the shortest path from a to b clear of every box (none if the straight line is
 *  clear, or if no way exists), trying the widest margin round the corners first. */
export function routeThrough(a: Point, b: Point, boxes: readonly Rect[], pads = [10, 6, 3]): Point[] {
  const key = [a.x, a.y, b.x, b.y, ...boxes.flatMap((r) => [r.x0, r.y0, r.x1, r.y1]), ...pads]
    .map((n) => n.toFixed(1))
    .join(",");
  const hit = memo.get(key);
  if (hit) return hit;
  const others = boxes.filter((r) => !inside(a, r) && !inside(b, r));
  let out: Point[] = [];
  if (others.some((r) => segmentHitsBox(a, b, r)))
    for (const pad of pads) {
      out = shortest(a, b, others, pad);
      if (out.length) break;
    }
  if (memo.size > 500) memo.clear();
  memo.set(key, out);
  return out;
}

function shortest(a: Point, b: Point, boxes: readonly Rect[], pad: number): Point[] {
  const corners = boxes.flatMap((r) => [
    { x: r.x0 - pad, y: r.y0 - pad },
    { x: r.x1 + pad, y: r.y0 - pad },
    { x: r.x0 - pad, y: r.y1 + pad },
    { x: r.x1 + pad, y: r.y1 + pad },
  ]);
  const pts = [a, b, ...corners.filter((p) => !boxes.some((r) => inside(p, r)))];
  const seen = (p: Point, q: Point) => !boxes.some((r) => segmentHitsBox(p, q, r));
  const dist = pts.map(() => Infinity);
  const prev = pts.map(() => -1);
  const done = pts.map(() => false);
  dist[0] = 0;
  for (;;) {
    let u = -1;
    for (let i = 0; i < pts.length; i++)
      if (!done[i] && dist[i] < Infinity && (u < 0 || dist[i] < dist[u])) u = i;
    if (u < 0 || u === 1) break;
    done[u] = true;
    for (let v = 0; v < pts.length; v++) {
      if (done[v]) continue;
      const d = dist[u] + Math.hypot(pts[v].x - pts[u].x, pts[v].y - pts[u].y);
      if (d < dist[v] && seen(pts[u], pts[v])) {
        dist[v] = d;
        prev[v] = u;
      }
    }
  }
  if (dist[1] === Infinity) return [];
  const via: Point[] = [];
  for (let k = prev[1]; k > 0; k = prev[k]) via.unshift(pts[k]);
  return via;
}
