// The side badges' places while sides are shown (split mode, or a split in the cuts): a node's
// letter over its node (a big cluster's just outside it), the store's and the resource's "side A"
// over, under or beside their boxes, wherever it meets no other box and no node.
import type { ClusterLayout } from "./layout.ts";
import { boxAround, boxesOverlap, type Box } from "./label-place.ts";
import { type Scene, serverBoxes } from "./cluster-scene.ts";

/** The side badges' boxes while sides are shown: a node's over it (`nodes`: false leaves them
 *  out, see fixedBoxes), the store's and the resource's over their boxes. */
export function badgeBoxes(v: Scene, nodes = true): Box[] {
  const L = v.layout as ClusterLayout;
  const sides = v.sides;
  const out: Box[] = [];
  if (!sides) return out;
  if (nodes)
    L.nodes.forEach((p, i) => {
      if (!sides.has(`n${i + 1}`)) return;
      if (L.labels === "short") {
        const q = outwardBadge(v, i);
        out.push({ x0: p.x + q.x - 6, y0: p.y + q.y - 12, x1: p.x + q.x + 6, y1: p.y + q.y + 4 });
      } else out.push({ x0: p.x - 6, y0: p.y - L.nodeRadius - 28, x1: p.x + 6, y1: p.y - L.nodeRadius - 12 });
    });
  for (const s of serverBadges(v)) if (sides.has(s.id)) out.push(s.box);
  return out;
}

/** Where the store's and the resource's side badges go (picture px): over the box, or under it,
 *  or beside it, the first that meets neither the other box nor a node (the resource right under
 *  the store: its "side A" sat on the store's "no leader yet"; under it, on n11 of twenty);
 *  `x`, `y`: the badge's middle and baseline from the box's centre. */
export function serverBadges(v: Scene): Array<{ id: string; box: Box; x: number; y: number }> {
  const L = v.layout as ClusterLayout;
  const ids = [...(L.store ? ["store"] : []), "resource"];
  const boxes = serverBoxes(v);
  const ring = L.nodeRadius + 8;
  const nodes = L.nodes.map((p) => boxAround(p, 2 * ring, 2 * ring));
  return boxes.map((b, k) => {
    const cx = (b.x0 + b.x1) / 2;
    const cy = (b.y0 + b.y1) / 2;
    const tries = [
      { x: 0, y: b.y0 - cy - 9 },
      { x: 0, y: b.y1 - cy + 17 },
      { x: b.x1 - cx + 28, y: 4 },
      { x: b.x0 - cx - 28, y: 4 },
      // Past a corner, for a box hemmed in on all four sides: ZooKeeper's resource, with the
      // store right above it and n3 and n4 at its sides, had no free side and its badge fell
      // back onto the store's "no leader yet".
      { x: b.x1 - cx + 24, y: b.y0 - cy - 9 },
      { x: b.x0 - cx - 24, y: b.y0 - cy - 9 },
      { x: b.x1 - cx + 24, y: b.y1 - cy + 17 },
      { x: b.x0 - cx - 24, y: b.y1 - cy + 17 },
    ].map((t) => ({
      ...t,
      box: { x0: cx + t.x - 24, y0: cy + t.y - 12, x1: cx + t.x + 24, y1: cy + t.y + 4 },
    }));
    const free = (x: Box, around: Box[]) =>
      x.x0 >= 2 &&
      x.y0 >= 2 &&
      x.x1 <= v.width - 2 &&
      x.y1 <= v.height - 2 &&
      !boxes.some((o, j) => j !== k && boxesOverlap(x, o, 2)) &&
      !around.some((o) => boxesOverlap(x, o, 1));
    // No spot clear of the nodes' rings: one clear of their shapes rather than on the other
    // box's words (ZooKeeper's resource, hemmed in under the store, put its "side A" on the
    // store's "no leader yet" once the labels' room was sized for the whole run: label-room.ts).
    const shapes = L.nodes.map((p) => boxAround(p, 2 * L.nodeRadius + 4, 2 * L.nodeRadius + 4));
    const t = tries.find((c) => free(c.box, nodes)) ?? tries.find((c) => free(c.box, shapes)) ?? tries[0];
    return { id: ids[k], ...t };
  });
}

/** A big cluster's side badge: just outside its node, away from the ring's middle (where the
 *  boxes and the links are), as its middle and baseline from the node's centre. Its one-line
 *  label keeps clear of it (cluster-labels.ts placeShortLabels). */
export function outwardBadge(v: Scene, i: number): { x: number; y: number } {
  const L = v.layout as ClusterLayout;
  const p = L.nodes[i];
  const ys = L.nodes.map((q) => q.y);
  const c = { x: v.width / 2, y: (Math.min(...ys) + Math.max(...ys)) / 2 };
  const d = Math.hypot(p.x - c.x, p.y - c.y) || 1;
  const k = L.nodeRadius + 11;
  return { x: ((p.x - c.x) / d) * k, y: ((p.y - c.y) / d) * k + 4 };
}

/** What every text must keep clear of: the store and the resource, each node's shape with its
 *  arcs, and, while sides are shown, the side badges. */
/** `badges`: false for a node's own label, which is placed first: the side badge then finds a
 *  free spot round its node (cluster-labels.ts placeBadges), so a label never leaves its node
 *  for the badge (review 14b #5: n1's label went to the middle of the graph). */
export function fixedBoxes(v: Scene, badges = true): Box[] {
  const L = v.layout as ClusterLayout;
  const out = serverBoxes(v);
  const ring = L.nodeRadius + (v.lastFrame?.nodes.some((n) => n.lease) ? 12 : 8);
  for (const p of L.nodes) out.push(boxAround(p, 2 * ring, 2 * ring));
  out.push(...badgeBoxes(v, badges));
  return out;
}
