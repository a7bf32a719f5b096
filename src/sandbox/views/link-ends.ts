// Where a node's link to the store or the resource ends: on the box's border, each node at its
// own spot along the side that faces it. Drawn to the box's centre, five links fanned into one
// point behind the box's text and ran on top of each other near it, where none could be told
// apart or clicked.
import type { Point } from "./layout.ts";
import type { Link } from "./cluster-links.ts";
import { pos, type Scene, serverBoxes } from "./cluster-scene.ts";

type Box = { x0: number; y0: number; x1: number; y1: number };
type Side = "top" | "bottom" | "left" | "right";

function sideFacing(p: Point, r: Box): Side {
  if (p.y < r.y0) return "top";
  if (p.y > r.y1) return "bottom";
  return p.x < r.x0 ? "left" : "right";
}

/** The spot on box r's border for each node in ids (by position), spread evenly along the side
 *  that faces it, 1 px outside the border so a line to it never enters the box. */
export function borderSpots(r: Box, nodes: Array<{ id: string; p: Point }>): Map<string, Point> {
  const out = new Map<string, Point>();
  const bySide = new Map<Side, Array<{ id: string; p: Point }>>();
  for (const n of nodes) {
    const s = sideFacing(n.p, r);
    bySide.set(s, [...(bySide.get(s) ?? []), n]);
  }
  for (const [side, ns] of bySide) {
    const across = side === "top" || side === "bottom";
    ns.sort((m, n) => (across ? m.p.x - n.p.x : m.p.y - n.p.y));
    // Keep clear of the corners (a link there would graze the neighbouring side).
    const lo = (across ? r.x0 : r.y0) + 10;
    const hi = (across ? r.x1 : r.y1) - 10;
    ns.forEach((n, k) => {
      const t = lo + ((hi - lo) * (k + 1)) / (ns.length + 1);
      const edge = { top: r.y0 - 1, bottom: r.y1 + 1, left: r.x0 - 1, right: r.x1 + 1 }[side];
      out.set(n.id, across ? { x: t, y: edge } : { x: edge, y: t });
    });
  }
  return out;
}

/** Each drawn link's two ends (picture px): a node's centre, or its spot on a box's border. */
export function linkEnds(v: Scene, links: readonly Link[]): Map<string, [Point, Point]> {
  const boxes = serverBoxes(v);
  const L = v.layout;
  const spots = new Map<string, Map<string, Point>>();
  for (const [id, box] of [
    ["store", L?.store ? boxes[0] : null],
    ["resource", boxes[boxes.length - 1]],
  ] as const) {
    if (!box) continue;
    const nodes = links
      .map((l) => (l.a === id ? l.b : l.b === id ? l.a : null))
      .filter((n): n is string => !!n && n !== "store" && n !== "resource" && !!pos(v, n))
      .map((n) => ({ id: n, p: pos(v, n) as Point }));
    spots.set(id, borderSpots(box, nodes));
  }
  const end = (id: string, other: string) => spots.get(id)?.get(other) ?? (pos(v, id) as Point);
  return new Map(links.map((l) => [l.key, [end(l.a, l.b), end(l.b, l.a)]]));
}
