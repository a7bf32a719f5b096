// The node labels and the links: a label is placed clear of the links where it can be
// (linkCost, in cluster-labels.ts's choice of spot), and every label sits on a plate of the
// picture's colour, so where no spot is clear no line, cut's cross or flying dot shows through
// its words (review 17b #1: Zab's links to the resource ran through "epoch 0 · zxid 0:0", and a
// message dot covered the "e" of n5's label).
import type { Point } from "./layout.ts";
import type { Box } from "./label-place.ts";
import { linkEnds } from "./link-ends.ts";
import { segmentHitsBox } from "./link-marks.ts";
import { type Scene, setAttr } from "./cluster-scene.ts";

/** Each drawn link's legs (picture px), around its bends. */
export function linkLegs(v: Scene): Array<[Point, Point]> {
  const out: Array<[Point, Point]> = [];
  const ends = linkEnds(v, v.links);
  for (const l of v.links) {
    const [a, b] = ends.get(l.key) ?? [];
    if (!a || !b) continue;
    const pts = [a, ...(v.routes.get(l.key) ?? []), b];
    for (let i = 1; i < pts.length; i++) out.push([pts[i - 1], pts[i]]);
  }
  return out;
}

/** What a label's box costs for the links it lies on: 300 a leg through it, 5,000 a link's mark
 *  (a cut's cross, its tap spot) under it. Less than covering a node's ring or another word. */
export function linkCost(v: Scene, b: Box, legs: ReadonlyArray<[Point, Point]>): number {
  const pad = { x0: b.x0 - 2, y0: b.y0 - 2, x1: b.x1 + 2, y1: b.y1 + 2 };
  let c = 0;
  for (const [a, q] of legs) if (segmentHitsBox(a, q, pad)) c += 300;
  for (const m of v.markAt.values())
    if (m.x > pad.x0 - 8 && m.x < pad.x1 + 8 && m.y > pad.y0 - 8 && m.y < pad.y1 + 8) c += 5000;
  return c;
}

/** A plate under each label's box, 2 px round its words. */
export function drawLabelBacks(v: Scene, boxes: readonly Box[]): void {
  const g = v.gLabelBacks.node();
  if (!g) return;
  while (g.children.length > boxes.length) g.lastElementChild?.remove();
  while (g.children.length < boxes.length) {
    const r = document.createElementNS("http://www.w3.org/2000/svg", "rect");
    r.setAttribute("class", "sb-label-back");
    r.setAttribute("rx", "3");
    g.appendChild(r);
  }
  boxes.forEach((b, i) => {
    const r = g.children[i];
    setAttr(r, "x", (b.x0 - 2).toFixed(1));
    setAttr(r, "y", (b.y0 - 1).toFixed(1));
    setAttr(r, "width", (b.x1 - b.x0 + 4).toFixed(1));
    setAttr(r, "height", (b.y1 - b.y0 + 2).toFixed(1));
  });
}
