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

const overlaps = (a: Box, b: Box, pad = 1) => a.x0 < b.x1 + pad && b.x0 < a.x1 + pad && a.y0 < b.y1 + pad && b.y0 < a.y1 + pad;

function hitsCircle(b: Box, c: Point, r: number): boolean {
  const x = Math.max(b.x0, Math.min(c.x, b.x1));
  const y = Math.max(b.y0, Math.min(c.y, b.y1));
  return Math.hypot(x - c.x, y - c.y) < r;
}

function overlapArea(a: Box, b: Box): number {
  return Math.max(0, Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0)) * Math.max(0, Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0));
}

/** The centre of each label's box. `clear`: how far from a node's centre a label must stay
 *  (its shape and arcs); `boxes`: other things drawn (the store, the resource). */
export function placeLabels(items: LabelItem[], opts: { width: number; height: number; clear: number; boxes?: Box[] }): Point[] {
  const { width, height, clear } = opts;
  const n = items.length;
  const centre = n
    ? { x: items.reduce((s, i) => s + i.at.x, 0) / n, y: items.reduce((s, i) => s + i.at.y, 0) / n }
    : { x: width / 2, y: height / 2 };
  const placed: Box[] = [];
  const out: Point[] = items.map((i) => i.at);
  const order = items.map((_, k) => k).filter((k) => items[k].width > 0).sort((a, b) => items[b].width - items[a].width || a - b);
  const boxAt = (c: Point, w: number, h: number): Box => ({ x0: c.x - w / 2, y0: c.y - h / 2, x1: c.x + w / 2, y1: c.y + h / 2 });
  for (const k of order) {
    const { at, width: w, height: h } = items[k];
    const dx = at.x - centre.x;
    const dy = at.y - centre.y;
    const len = Math.hypot(dx, dy) || 1;
    const u = { x: dx / len, y: dy / len };
    // How far the box's centre sits from its edge along a direction.
    const ext = (d: Point) => Math.abs(d.x) * (w / 2) + Math.abs(d.y) * (h / 2);
    const along = (d: Point, step: number) => ({ x: at.x + d.x * (clear + 2 + ext(d) + step), y: at.y + d.y * (clear + 2 + ext(d) + step) });
    const t = { x: -u.y, y: u.x };
    const inward = { x: -u.x, y: -u.y };
    const tries: Point[] = [
      along(u, 0), along(u, h), along(u, 2 * h),
      along(inward, 0), along(inward, h),
      along(t, 0), along({ x: -t.x, y: -t.y }, 0),
      along(inward, 2 * h),
    ];
    let best: { c: Point; cost: number } | null = null;
    for (const c0 of tries) {
      // Held inside the picture (it never scrolls sideways).
      const c = { x: Math.max(2 + w / 2, Math.min(width - 2 - w / 2, c0.x)), y: Math.max(2 + h / 2, Math.min(height - 2 - h / 2, c0.y)) };
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
