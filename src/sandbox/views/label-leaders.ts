// A thin line from a big cluster's node to its one-line label whenever the label could not sit
// right beside the node. label-place.ts moves a label outward, inward or sideways to keep it
// clear of the others; in the ZooKeeper herd at mid-failover a "crashed" or "leader 2" then sat
// nearer another node than its own, and a learner could not tell whose it was. The line says it.
import type { ClusterLayout, Point } from "./layout.ts";
import type { Box } from "./label-place.ts";
import type { Scene } from "./cluster-scene.ts";

/** The leader line from a node (centre `c`, radius `r`) to its label's box: from just outside
 *  the node's edge toward the box's nearest point, ending at that point; null when the box is
 *  within `near` px of the node's edge (the label already sits beside it). */
export function leaderLine(
  c: Point,
  r: number,
  box: Box,
  near: number,
): { x1: number; y1: number; x2: number; y2: number } | null {
  const x = Math.max(box.x0, Math.min(c.x, box.x1));
  const y = Math.max(box.y0, Math.min(c.y, box.y1));
  const d = Math.hypot(x - c.x, y - c.y);
  if (d - r <= near) return null;
  const ux = (x - c.x) / d;
  const uy = (y - c.y) / d;
  return { x1: c.x + ux * (r + 2), y1: c.y + uy * (r + 2), x2: x - ux * 2, y2: y - uy * 2 };
}

const NS = "http://www.w3.org/2000/svg";

/** Draws the lines for the labels placeShortLabels placed; redone only when it placed them anew. */
export function drawLabelLeaders(v: Scene & { leadersSig?: string }): void {
  const L = v.layout as ClusterLayout;
  const labels = v.gLabels.node() as SVGGElement;
  let g = labels.parentNode?.querySelector<SVGGElement>(":scope > g.sb-label-leaders") ?? null;
  if (L.labels !== "short") {
    g?.replaceChildren();
    v.leadersSig = "";
    return;
  }
  if (v.leadersSig === v.shortSig) return;
  v.leadersSig = v.shortSig;
  if (!g) {
    g = document.createElementNS(NS, "g");
    g.setAttribute("class", "sb-label-leaders");
    g.setAttribute("aria-hidden", "true");
    labels.parentNode?.insertBefore(g, labels);
  }
  // A label in its first spot sits this far from the node's edge (placeShortLabels' `clear`,
  // more with lease rings, plus label-place.ts's 2 px): beside it, so no line.
  const near = (v.lastFrame?.nodes.some((n) => n.lease) ? 12 : 8) + 6;
  const lines: SVGLineElement[] = [];
  const texts = [...labels.querySelectorAll<SVGTextElement>("text.sb-node-label")];
  texts.forEach((t, i) => {
    const p = L.nodes[i];
    if (!p || !t.textContent || t.getAttribute("visibility") === "hidden" || typeof t.getBBox !== "function")
      return;
    const m = /translate\(([-\d.]+),([-\d.]+)\)/.exec(t.getAttribute("transform") ?? "");
    if (!m) return;
    const b = t.getBBox();
    const box = {
      x0: b.x + Number(m[1]),
      y0: b.y + Number(m[2]),
      x1: b.x + b.width + Number(m[1]),
      y1: b.y + b.height + Number(m[2]),
    };
    const seg = leaderLine(p, L.nodeRadius, box, near);
    if (!seg) return;
    const line = document.createElementNS(NS, "line");
    line.setAttribute("class", "sb-label-leader");
    line.setAttribute("data-node", t.getAttribute("data-node") ?? String(i));
    line.setAttribute("x1", seg.x1.toFixed(1));
    line.setAttribute("y1", seg.y1.toFixed(1));
    line.setAttribute("x2", seg.x2.toFixed(1));
    line.setAttribute("y2", seg.y2.toFixed(1));
    lines.push(line);
  });
  g.replaceChildren(...lines);
}
