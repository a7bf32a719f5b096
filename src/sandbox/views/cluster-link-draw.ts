// The cluster picture's links: each a line with its mark and tap spot, cut both ways (a cross)
// or one way (an arrow the way messages are lost), bent around the boxes; and ZooKeeper's
// watches drawn over them.
import type { Frame } from "../../engine/index.ts";
import type { SandboxState } from "../store.ts";
import type { ClusterLayout, Point } from "./layout.ts";
import { clusterLinks, type Link, stateWords } from "./cluster-links.ts";
import { procLabel } from "./cluster-ui.ts";
import { markPoints, type Obstacles, routeAround, type Segment } from "./link-marks.ts";
import { type WatchLine, watchLines, watchPath } from "./watch-lines.ts";
import { baseResourceWidth, pos, type Scene, serverBoxes, setAttr } from "./cluster-scene.ts";
import { bindLinkInput, onLinkClick } from "./cluster-input.ts";
import { linkEnds } from "./link-ends.ts";
import { routeThrough } from "./route-graph.ts";
import { frameSides } from "./split-sides.ts";
import type { Box } from "./label-place.ts";
import { resourceRoom } from "./cluster-labels.ts";
import { storeRoom } from "./store-fit.ts";
import { baseStoreWidth } from "./cylinder.ts";

/** The room the store's and the resource's boxes may grow into as their words change (each as
 *  wide as it may ever be drawn: store-fit.ts, resource-fit.ts), which the links keep clear of.
 *  The links bend round this room, not round the boxes as drawn now: a box widened by its words
 *  ("max token 105" on a phone, "leader n2 · token 0" in ZooKeeper's cylinder) rerouted the
 *  links round it from one step to the next, the picture changing shape as the learner stepped
 *  (the screen audit's steadiness check). Each is measured against the other's narrowest width. */
export function growthBoxes(v: Scene): Box[] {
  const L = v.layout as ClusterLayout;
  const [st, res] = L.store ? serverBoxes(v) : [null, serverBoxes(v)[0]];
  const widen = (b: Box, at: Point, w: number): Box => {
    const half = Math.max(b.x1 - b.x0, Math.min(w, v.width - 16)) / 2;
    return { x0: at.x - half, y0: b.y0, x1: at.x + half, y1: b.y1 };
  };
  const out: Box[] = [];
  if (st && L.store) out.push(widen(st, L.store, storeRoom(v, baseResourceWidth(v.width))));
  // A picture that does not show the resource (a /start screen whose run writes nothing) keeps
  // no room for it: its room, as wide as the gap between the nodes, sent the database's links
  // to n2 and n3 out past the picture's edges (review 18a #1, /start screen 8).
  if (!v.host.closest(".gr-no-resource"))
    out.push(widen(res, L.resource, resourceRoom(v, baseStoreWidth(v.width))));
  return out;
}

/** Where each link's mark and tap spot go (link-marks.ts), clear of nodes, boxes and other links. */
export function linkMarks(v: Scene): Point[] {
  const L = v.layout as ClusterLayout;
  const boxes: Obstacles["boxes"] = growthBoxes(v);
  // A node's link to the store or the resource never runs under the other box: there its cut
  // mark would seem to belong to another link (n2's link to etcd under the resource read as
  // n2's link to the resource).
  v.routes = new Map();
  // The links never bend round the node labels: a label's words change as the run plays (Zab's
  // vote comes and goes), and links bent round them rerouted from one step to the next (review
  // 17b #1: n1's and n2's links to the resource swung out to the picture's edge and back). The
  // labels are placed after the links, clear of them where they can be, on a plate where they
  // cannot (cluster-labels.ts), so the links depend only on the layout, the boxes and the cuts.
  const nodeBoxes: Obstacles["boxes"] = L.nodes.map((c) => {
    const r = L.nodeRadius + 6;
    return { x0: c.x - r, y0: c.y - r, x1: c.x + r, y1: c.y + r };
  });
  const fixed: Array<Point | null> = [];
  const extra: Segment[] = [];
  const bends: Point[] = [];
  const ends = linkEnds(v, v.links);
  const segs = v.links.map((d) => {
    const [a, b] = ends.get(d.key) as [Point, Point];
    // Two links bent round the same corner would run on top of each other (one could not be
    // told from, or clicked apart from, the other): each later one goes a step wider.
    // Only links to the store or the resource bend: a mesh's peer links cross the middle by
    // nature (bent, they ran on top of each other round the box's corners); their marks stay
    // off the box (markPoints), and the box takes no clicks outside split mode.
    const server = d.a === "store" || d.a === "resource" || d.b === "store" || d.b === "resource";
    let via: Point[] = [];
    for (let k = 0; k < 4; k++) {
      const base = server ? boxes : [];
      // No link runs through a node that is not one of its ends (review 14: in bully's
      // five-node ring, n2's link to the resource crossed n3 and n5's crossed n4): every link
      // bends round the nodes in its way, a box's link round the boxes too. A peer link bends
      // only round nodes (round the boxes' corners they ran on top of each other). When no
      // way round both is found, the boxes come first.
      via = routeAround(a, b, [...base, ...nodeBoxes], 14 + 10 * k);
      // No one- or two-bend way round: the shortest way through the gaps (route-graph.ts).
      if (!via.length) via = routeThrough(a, b, [...base, ...nodeBoxes]);
      if (!via.length && base.length) via = routeAround(a, b, base, 14 + 10 * k);
      if (!via.some((v) => bends.some((w) => Math.hypot(v.x - w.x, v.y - w.y) < 8))) break;
    }
    bends.push(...via);
    fixed.push(null);
    if (!via.length) return { a, b };
    v.routes.set(d.key, via);
    // The mark goes on the longest leg (clear of the others, as any link's), the rest are
    // lines for the other marks to keep clear of.
    const pts = [a, ...via, b];
    const legs = pts.slice(1).map((q, k) => ({ a: pts[k], b: q }));
    const long = legs.reduce(
      (m, l, k) =>
        Math.hypot(l.b.x - l.a.x, l.b.y - l.a.y) >
        Math.hypot(legs[m].b.x - legs[m].a.x, legs[m].b.y - legs[m].a.y)
          ? k
          : m,
      0,
    );
    legs.forEach((l, k) => k !== long && extra.push(l));
    return legs[long];
  });
  return markPoints(segs, { circles: L.nodes.map((c) => ({ c, r: L.nodeRadius + 12 })), boxes }, 12, 12, {
    fixed,
    extra,
  });
}

const isServer = (id: string) => id === "store" || id === "resource";

export function drawLinks(v: Scene, s: SandboxState, f: Frame): void {
  v.links = clusterLinks(f, { sequencer: s.parsed?.fencing === "sequencer" });
  const marks = linkMarks(v);
  // Redrawn with every new frame's cuts: the labels are placed anew only when a line moved.
  const geo = [...v.routes.entries(), ...marks.map((m) => ["", [m]] as const)]
    .map(([k, pts]) => `${k}:${pts.map((p) => `${p.x.toFixed(0)},${p.y.toFixed(0)}`).join(" ")}`)
    .join(";");
  if (geo !== v.linkGeo) {
    v.linkGeo = geo;
    v.linkGen++;
  }
  v.markAt = new Map(v.links.map((l, k) => [l.key, marks[k]]));
  const name = (p: string) => procLabel(f, p);
  // A link between two sides of a split is drawn faint and dashed, without a cross each: the
  // side badges say who is with whom, and a dozen crossed links made a tangle in the middle
  // (review 15b #6). Its tap spot still heals it. Any other cut link carries its cross (review
  // 17b #6's lone cut link lost it only because a group of one counted as a side: split-sides.ts).
  const sides = frameSides(f);
  const across = (d: Link) => !!sides?.get(d.a) && !!sides?.get(d.b) && sides.get(d.a) !== sides.get(d.b);
  if (v.linkFocus >= v.links.length) v.linkFocus = 0;
  const sel = v.gLinks.selectAll<SVGGElement, Link>("g.sb-linkbtn").data(v.links, (d) => d.key);
  sel.exit().remove();
  const enter = sel
    .enter()
    .append("g")
    .attr("class", "sb-linkbtn")
    .attr("role", v.opts.readOnly ? null : "button");
  enter.append("path").attr("class", "sb-link-hit");
  enter.append("path").attr("class", "sb-link");
  enter.append("path").attr("class", "sb-link-mark");
  v.gSpots
    .selectAll<SVGCircleElement, Link>("circle")
    .data(v.links, (d) => d.key)
    .join("circle")
    .attr("class", (d) => `sb-link-spot state-${d.state}`)
    .attr("r", 12)
    .attr("data-link", (d) => d.key)
    .attr("cx", (_, k) => marks[k].x.toFixed(1))
    .attr("cy", (_, k) => marks[k].y.toFixed(1))
    .on("click", (ev: MouseEvent, d) => onLinkClick(v, ev, d))
    // The spot lies over the line: pointing at it highlights the link it cuts.
    .on("mouseenter mouseleave", (ev: MouseEvent, d) => {
      const btn = (v.gLinks.node() as SVGGElement).querySelector(`g.sb-linkbtn[data-link="${d.key}"]`);
      btn?.classList.toggle("hover", ev.type === "mouseenter");
    });
  bindLinkInput(v, enter);
  const all = enter.merge(sel);
  const ends = linkEnds(v, v.links);
  all.each(function (d, k) {
    const [a, b] = ends.get(d.key) as [Point, Point];
    // The mark (and the tap spot) sit at the link's clear point, near its middle.
    const { x: mx, y: my } = marks[k];
    // A straight link runs through its mark; a bent one through its bends (its mark on one).
    const via = v.routes.get(d.key);
    const pts = via ? [a, ...via, b] : [a, { x: mx, y: my }, b];
    const dpath = `M${pts.map((q) => `${q.x.toFixed(1)},${q.y.toFixed(1)}`).join("L")}`;
    // A one-way cut's arrowhead points the way messages are lost: along the leg the mark is on.
    const leg = legAt(pts, { x: mx, y: my });
    const dir = d.state === "b-a" ? { x: -leg.x, y: -leg.y } : leg;
    const mpath = `M${(mx - dir.x).toFixed(2)},${(my - dir.y).toFixed(2)}L${mx.toFixed(1)},${my.toFixed(1)}`;
    setAttr(this, "class", `sb-linkbtn state-${d.state}${across(d) ? " across" : ""}`);
    if (!v.opts.readOnly) setAttr(this, "tabindex", k === v.linkFocus ? "0" : "-1");
    setAttr(this, "aria-label", `Link ${name(d.a)} – ${name(d.b)}: ${stateWords(d, name)}`);
    setAttr(this, "data-link", d.key);
    setAttr(this, "data-state", d.state);
    setAttr(this, "data-mark", `${mx.toFixed(1)},${my.toFixed(1)}`);
    // Where it bends, if it does: the screen audit holds these steady from step to step.
    setAttr(this, "data-bends", via ? via.map((q) => `${q.x.toFixed(1)},${q.y.toFixed(1)}`).join(" ") : "");
    const [hit, line, mark] = this.children as unknown as [SVGPathElement, SVGPathElement, SVGPathElement];
    setAttr(hit, "d", dpath);
    setAttr(line, "d", dpath);
    setAttr(mark, "d", mpath);
    const marker =
      d.state === "open" || across(d) ? "" : `url(#${v.hintId}-${d.state === "cut" ? "cross" : "arrow"})`;
    if (marker) setAttr(mark, "marker-end", marker);
    else mark.removeAttribute("marker-end");
  });
  // A node's link to the store or the resource can run along a peer link (n2, n3 and the box
  // below them nearly in line): drawn under the peer links, it never hides one from a click,
  // and it stays clickable where it leaves them, near the box. Sorted in place: an element
  // already where it belongs is not moved, so a focused link keeps its focus.
  const rank = new Map(v.links.map((l, k) => [l.key, (isServer(l.a) || isServer(l.b) ? 0 : 1e4) + k]));
  all.sort((x, y) => (rank.get(x.key) ?? 0) - (rank.get(y.key) ?? 0));
}

/** The unit direction of the leg of a polyline that a point lies on (nearest leg). */
export function legAt(pts: Point[], m: Point): Point {
  let best = { x: 1, y: 0 };
  let bestD = Infinity;
  for (let i = 1; i < pts.length; i++) {
    const a = pts[i - 1];
    const b = pts[i];
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    if (len < 1e-6) continue;
    const dd = Math.abs((b.x - a.x) * (a.y - m.y) - (a.x - m.x) * (b.y - a.y)) / len;
    if (dd < bestD) {
      bestD = dd;
      best = { x: (b.x - a.x) / len, y: (b.y - a.y) / len };
    }
  }
  return best;
}

export function drawCuts(v: Scene, f: Frame, iso: Set<string>): void {
  const drawn = new Set(v.links.map((l) => l.key));
  const seen = new Set<string>();
  const cut = new Set(f.cuts.map(([a, b]) => `${a}>${b}`));
  const lines: Array<{ a: Point; b: Point; oneWay: boolean; key: string }> = [];
  // Between two sides of a split the badges say it: no line for each undrawn link (twenty
  // nodes split in two drew a hundred crossed lines).
  const sides = frameSides(f);
  for (const [a, b] of f.cuts) {
    if (iso.has(a) || iso.has(b)) continue;
    if (sides?.has(a) && sides.has(b)) continue;
    if (drawn.has(`${a}|${b}`) || drawn.has(`${b}|${a}`)) continue;
    const k = a < b ? `${a}|${b}` : `${b}|${a}`;
    if (seen.has(k)) continue;
    seen.add(k);
    const pa = pos(v, a);
    const pb = pos(v, b);
    if (!pa || !pb) continue;
    const both = cut.has(`${b}>${a}`);
    lines.push({ a: pa, b: pb, oneWay: !both, key: both ? k : `${a}>${b}` });
  }
  // A cut is a dashed red link with a mark in the middle: a cross when both directions are
  // cut, an arrowhead pointing the way messages cannot go when only one is.
  const sel = v.gCuts.selectAll<SVGPathElement, (typeof lines)[number]>("path").data(lines, (d) => d.key);
  sel.exit().remove();
  sel
    .enter()
    .append("path")
    .merge(sel)
    .attr("class", (d) => `sb-cut${d.oneWay ? " one-way" : ""}`)
    .attr("d", (d) => {
      const mx = (d.a.x + d.b.x) / 2;
      const my = (d.a.y + d.b.y) / 2;
      return `M${d.a.x},${d.a.y}L${mx},${my}L${d.b.x},${d.b.y}`;
    })
    .attr("marker-mid", (d) => `url(#${v.hintId}-${d.oneWay ? "arrow" : "cross"})`)
    .attr("opacity", lines.length > 40 ? 0.35 : 0.9);
}

/** One dotted arrow per watch the ensemble holds, redrawn as watches fire and are set again. */
export function drawWatches(v: Scene, f: Frame): void {
  const L = v.layout as ClusterLayout;
  const lines = watchLines(f).filter((l) => pos(v, l.from) && pos(v, l.to));
  const down = new Set(f.nodes.filter((n) => n.role === "crashed" || n.role === "paused").map((n) => n.id));
  const centre = { x: v.width / 2, y: (L.store ?? L.resource).y };
  const into = new Map<string, number>();
  for (const l of lines) into.set(l.to, (into.get(l.to) ?? 0) + 1);
  const sel = v.gWatches.selectAll<SVGPathElement, WatchLine>("path").data(lines, (d) => d.key);
  sel.exit().remove();
  sel
    .enter()
    .append("path")
    .merge(sel)
    .each(function (d) {
      setAttr(this, "marker-end", `url(#${v.hintId}-watch${(into.get(d.to) ?? 0) > 4 ? "-many" : ""})`);
      const a = pos(v, d.from) as Point;
      const b = pos(v, d.to) as Point;
      // Into the store's box (its half height), or to a node's edge clear of its lease rings.
      const trimB = d.to === "store" ? 27 : L.nodeRadius + (f.nodes[0]?.lease ? 13 : 4);
      // Never under the store's or the resource's box, except the store it points into.
      const boxes = serverBoxes(v).filter((_, k) => !(d.to === "store" && L.store && k === 0));
      setAttr(
        this,
        "d",
        watchPath(a, b, centre, L.nodeRadius + 2, trimB, boxes, {
          x0: 0,
          y0: 0,
          x1: v.width,
          y1: v.height,
        }),
      );
      // A watch set by a client that is down stays until its session ends: drawn fainter.
      setAttr(
        this,
        "class",
        `sb-watch${down.has(d.from) ? " from-down" : ""}${d.to === "store" ? " to-store" : ""}`,
      );
      setAttr(this, "data-from", d.from);
      setAttr(this, "data-to", d.to);
      setAttr(this, "data-path", d.watch.path);
    });
}
