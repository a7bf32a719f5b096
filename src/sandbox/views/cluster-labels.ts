// The cluster picture's words placed clear of each other: the nodes' side labels (three lines
// for a small cluster, one for a large one), the room the layout leaves for them, and the
// resource box's width. Measured from canvas widths only when some text changed.
import { type ClusterLayout, LABEL_GAP } from "./layout.ts";
import { fontOf, fontPx, widthIn } from "./text-width.ts";
import { type Box, boxAround, boxesOverlap, coveredLabels, placeLabels } from "./label-place.ts";
import { type Scene, serverBoxes, setAttr } from "./cluster-scene.ts";
import { badgeBoxes, fixedBoxes, outwardBadge } from "./side-badges.ts";
import { drawLabelBacks, linkCost, linkLegs } from "./label-backs.ts";

/** A small cluster's three-line labels: each where the layout puts it (beside its node on a
 *  wide picture, over or under it on a narrow one) unless there it would cover the store's or
 *  the resource's words, another node, another label or a side badge, or leave the picture;
 *  then over, under, right or left of its node, the first of those clear of all of them, moved
 *  sideways to stay inside the picture. Boxes come from canvas widths (text-width.ts) and the
 *  lines' font sizes, never from laying the page out; redone only when a width changes by a
 *  few px, so the labels do not shift while a clock ticks. */
export function placeFullLabels(v: Scene): void {
  const L = v.layout as ClusterLayout;
  if (L.labels !== "full") return;
  const texts = [...(v.gLabels.node() as SVGGElement).querySelectorAll<SVGTextElement>("text.sb-node-label")];
  const lines = texts.map((t) =>
    [...t.querySelectorAll<SVGTSpanElement>("tspan")].map((sp) => {
      const font = fontOf(sp);
      return { w: sp.textContent ? widthIn(font, sp.textContent) : 0, fs: fontPx(font) };
    }),
  );
  const split = v.sides !== null;
  const sig = `${v.layoutKey}|${v.linkGen}|${v.resourceW}|${sidesKey(v)}|${lines.map((ls) => ls.map((l) => Math.ceil(l.w / 8)).join(",")).join(";")}`;
  if (sig === v.fullSig) return;
  v.fullSig = sig;
  const r = L.nodeRadius;
  const lh = 13;
  const d = r + LABEL_GAP;
  // A label keeps 4 px clear of its own node's selection ring (r + 14, 2.5 px wide), also when
  // it is moved sideways to stay in the picture (review 6b #10: n2's label, pushed left by the
  // frame's edge, touched the ring).
  const ringClear = r + 14 + 1.25 + 4;
  type Conf = { dx: number; baseY: number; anchor: "start" | "middle" | "end" };
  const bounds: Box = { x0: 2, y0: 2, x1: v.width - 2, y1: v.height - 2 };
  const taken = fixedBoxes(v, false);
  const legs = linkLegs(v);
  const boxes: Box[] = [];
  texts.forEach((t, i) => {
    const p = L.nodes[i];
    const all = lines[i];
    if (!p || !all) return;
    // Trailing empty lines take no room (the clock line shows only when it tells something):
    // a label over its node sits right on top of it, not a blank line higher.
    let n = all.length;
    while (n > 1 && !all[n - 1].w) n--;
    const ls = all.slice(0, n);
    const def = L.label[i];
    const confs: Conf[] = [
      {
        dx: def.dx,
        baseY: def.above
          ? def.dy - (n - 1) * lh
          : def.dx === 0
            ? def.dy + 8
            : def.dy - ((n - 1) * lh) / 2 + 4,
        anchor: def.anchor,
      },
      { dx: 0, baseY: -d - (n - 1) * lh, anchor: "middle" },
      { dx: 0, baseY: d + 8, anchor: "middle" },
      { dx: r + 24, baseY: -((n - 1) * lh) / 2 + 4, anchor: "start" },
      { dx: -(r + 24), baseY: -((n - 1) * lh) / 2 + 4, anchor: "end" },
      // Further over or under, past a box beside the node (a pair's labels on a phone).
      ...[20, 40, 60, 80].flatMap((k) => [
        { dx: 0, baseY: -d - (n - 1) * lh - k, anchor: "middle" as const },
        { dx: 0, baseY: d + 8 + k, anchor: "middle" as const },
      ]),
    ];
    /** The label's box for a placement (picture px), and how far it moved sideways to fit. */
    const boxOf = (c: Conf): { box: Box; shift: number } => {
      let x0 = Infinity;
      let x1 = -Infinity;
      ls.forEach((l) => {
        if (!l.w) return;
        const a = c.anchor === "start" ? c.dx : c.anchor === "end" ? c.dx - l.w : c.dx - l.w / 2;
        x0 = Math.min(x0, a);
        x1 = Math.max(x1, a + l.w);
      });
      if (x0 > x1) x0 = x1 = c.dx;
      // Ascent of the first line to the descent of the last, as the browser boxes text.
      const y0 = p.y + c.baseY - 0.95 * (ls[0]?.fs ?? 12);
      const y1 = p.y + c.baseY + (n - 1) * lh + 0.3 * (ls[n - 1]?.fs ?? 11);
      x0 += p.x;
      x1 += p.x;
      const shift =
        x1 > bounds.x1 ? Math.max(bounds.x1 - x1, bounds.x0 - x0) : x0 < bounds.x0 ? bounds.x0 - x0 : 0;
      return { box: { x0: x0 + shift, y0, x1: x1 + shift, y1 }, shift };
    };
    // On a narrow picture a label beside its node lies across the links: over or under first.
    if (v.width < 560) confs.push(...confs.splice(3, 2));
    const tries = confs.map((c) => ({ c, ...boxOf(c) }));
    // The node's own shape is always clear of its label; the others' are not.
    const own = boxAround(p, 1, 1);
    const against = taken.filter(
      (b) => !(b.x0 <= own.x0 && b.x1 >= own.x1 && b.y0 <= own.y0 && b.y1 >= own.y1 && b.x1 - b.x0 < 4 * r),
    );
    const cost = (b: Box) => {
      let c = b.y0 < bounds.y0 || b.y1 > bounds.y1 ? 1e6 : 0;
      const nx = Math.max(b.x0, Math.min(p.x, b.x1));
      const ny = Math.max(b.y0, Math.min(p.y, b.y1));
      const near = Math.hypot(nx - p.x, ny - p.y);
      if (near < ringClear) c += 1e4 + 100 * (ringClear - near);
      for (const o of against)
        if (boxesOverlap(b, o, 2))
          c +=
            1 + (Math.min(b.x1, o.x1) - Math.max(b.x0, o.x0)) * (Math.min(b.y1, o.y1) - Math.max(b.y0, o.y0));
      return c;
    };
    // Clear of the links where a spot is (each leg through the box, or a cut's cross under it,
    // costs less than covering a node or a word): the label's plate keeps a line from showing
    // through its words where no spot is clear (review 17b #1).
    const costAll = (b: Box) => cost(b) + linkCost(v, b, legs);
    let best = tries[0];
    let bestCost = costAll(best.box);
    for (const tr of tries.slice(1)) {
      if (bestCost === 0) break;
      const c = costAll(tr.box);
      if (c < bestCost) {
        best = tr;
        bestCost = c;
      }
    }
    taken.push(best.box);
    boxes.push(best.box);
    setAttr(t, "text-anchor", best.c.anchor);
    setAttr(t, "transform", `translate(${(p.x + best.shift).toFixed(1)},${p.y.toFixed(1)})`);
    t.querySelectorAll("tspan").forEach((sp, k) => {
      setAttr(sp, "x", String(best.c.dx));
      setAttr(sp, "y", String(best.c.baseY + k * lh));
    });
  });
  v.labelBoxes = boxes;
  drawLabelBacks(v, boxes);
  placeBadges(v, split ? [...taken] : []);
}

/** Which processes show a side badge: what the labels were placed around. */
function sidesKey(v: Scene): string {
  return v.sides ? [...v.sides.keys()].join(",") : "";
}

/** Each node's side badge ("A" or "B", while sides are shown) at the first spot round its node
 *  that is clear of every label, node and box: over it, beside it, under it, then at a corner. */
function placeBadges(v: Scene, taken: Box[]): void {
  const L = v.layout as ClusterLayout;
  const r = L.nodeRadius;
  const badges = v.gBadges.node()?.children;
  if (!badges || !taken.length) return;
  const o = r + 20;
  const spots = [
    { x: 0, y: -(r + 16) },
    { x: o, y: 5 },
    { x: -o, y: 5 },
    { x: 0, y: r + 26 },
    { x: 0.75 * o, y: -0.75 * o + 5 },
    { x: -0.75 * o, y: -0.75 * o + 5 },
    { x: 0.75 * o, y: 0.75 * o + 5 },
    { x: -0.75 * o, y: 0.75 * o + 5 },
  ];
  L.nodes.forEach((p, i) => {
    const badge = badges[i];
    if (!badge || !v.sides?.has(`n${i + 1}`)) return;
    const boxAt = (s: { x: number; y: number }): Box => ({
      x0: p.x + s.x - 6,
      y0: p.y + s.y - 12,
      x1: p.x + s.x + 6,
      y1: p.y + s.y + 4,
    });
    const inPicture = (b: Box) => b.x0 >= 2 && b.y0 >= 2 && b.x1 <= v.width - 2 && b.y1 <= v.height - 2;
    // Its own node's ring box is in `taken` and holds every spot's inner edge: skip it.
    const own = (b: Box) => Math.abs((b.x0 + b.x1) / 2 - p.x) < 1 && Math.abs((b.y0 + b.y1) / 2 - p.y) < 1;
    const others = taken.filter((b) => !own(b));
    const spot =
      spots.find((s) => inPicture(boxAt(s)) && !others.some((b) => boxesOverlap(boxAt(s), b, 1))) ?? spots[0];
    setAttr(badge, "x", spot.x.toFixed(1));
    setAttr(badge, "y", spot.y.toFixed(1));
    taken.push(boxAt(spot));
    // Message labels keep clear of it, as of a node's label.
    v.labelBoxes.push(boxAt(spot));
  });
}

/** A big cluster's one-line labels (label-place.ts): measured where they are, then each put
 *  where it overlaps no other label and no node, inside the picture. Redone only when some
 *  label's text (so its width) or the layout changed. */
export function placeShortLabels(v: Scene): void {
  const L = v.layout as ClusterLayout;
  if (L.labels !== "short") return;
  const texts = [...(v.gLabels.node() as SVGGElement).querySelectorAll<SVGTextElement>("text.sb-node-label")];
  const sig = `${v.layoutKey}|${v.linkGen}|${sidesKey(v)}|${texts.map((t) => t.textContent).join("|")}`;
  if (sig === v.shortSig) return;
  v.shortSig = sig;
  if (texts.some((t) => typeof t.getBBox !== "function")) return;
  // While sides are shown, the labels keep clear of the badges over the nodes and the boxes
  // (twenty nodes' one-line labels ran over their "A" badges).
  const boxes: Box[] = [...serverBoxes(v), ...badgeBoxes(v)];
  // Every label is centred on its node first and measured after: measuring between the writes
  // laid the page out once per label (25 times for a 25-node relayout).
  texts.forEach((t, i) => {
    const p = L.nodes[i];
    setAttr(t, "text-anchor", "middle");
    setAttr(t, "transform", `translate(${p.x.toFixed(1)},${p.y.toFixed(1)})`);
    t.querySelectorAll("tspan").forEach((sp) => {
      setAttr(sp, "x", "0");
      setAttr(sp, "y", "0");
    });
  });
  const measured = texts.map((t, i) => ({
    p: L.nodes[i],
    b: t.textContent ? t.getBBox() : { x: 0, y: 0, width: 0, height: 0 },
  }));
  // Clear of the node's shape and its arcs (the timer's, or the lease rings).
  const clear = L.nodeRadius + (v.lastFrame?.nodes.some((n) => n.lease) ? 12 : 8);
  const at = placeLabels(
    measured.map(({ p, b }) => ({ at: p, width: b.width, height: b.height })),
    { width: v.width, height: v.height, clear, boxes },
  );
  // A label that found no free spot is left unshown rather than drawn over another (label-place.ts).
  const boxesAt = measured.map(({ b }, i) => (b.width ? boxAround(at[i], b.width, b.height) : null));
  const covered = coveredLabels(
    boxesAt,
    measured.map((_, i) => i).sort((x, y) => measured[y].b.width - measured[x].b.width || x - y),
  );
  // Nor over another node: with the side badges to keep clear of, a phone's twenty labels
  // found no room and one lay on n8 (left unshown: its node names it).
  const rings = L.nodes.map((q) => boxAround(q, 2 * L.nodeRadius, 2 * L.nodeRadius));
  boxesAt.forEach((b, i) => {
    if (b && rings.some((r, j) => j !== i && boxesOverlap(b, r, 0))) covered.add(i);
  });
  v.labelBoxes = boxesAt.filter((b, i): b is Box => b !== null && !covered.has(i));
  drawLabelBacks(v, v.labelBoxes);
  // Each side badge just outside its node, where the labels were kept clear of it.
  const badges = v.gBadges.node()?.children;
  if (v.sides && badges)
    L.nodes.forEach((p, i) => {
      const badge = badges[i];
      if (!badge || !v.sides?.has(`n${i + 1}`)) return;
      const q = outwardBadge(v, i);
      setAttr(badge, "x", q.x.toFixed(1));
      setAttr(badge, "y", q.y.toFixed(1));
      v.labelBoxes.push({ x0: p.x + q.x - 6, y0: p.y + q.y - 12, x1: p.x + q.x + 6, y1: p.y + q.y + 4 });
    });
  texts.forEach((t, i) => {
    const { p, b } = measured[i];
    if (covered.has(i)) t.setAttribute("visibility", "hidden");
    else t.removeAttribute("visibility");
    if (!b.width) return;
    const c = at[i] ?? p;
    setAttr(
      t,
      "transform",
      `translate(${(c.x - (b.x + b.width / 2)).toFixed(1)},${(c.y - (b.y + b.height / 2)).toFixed(1)})`,
    );
  });
}

/** What a text's drawn width depends on: its words and its class (which sets its font). Reading
 *  them costs nothing, while measuring (getComputedTextLength) makes the browser lay the page
 *  out there and then, in the middle of a frame: done on every frame, that was about 2.4 ms of
 *  each frame's 4-5 ms worker-message task. So measuring waits for one of them to change. */
export function textSig(els: Iterable<Element>): string {
  let sig = "";
  for (const e of els) sig += `${e.getAttribute("class") ?? ""}:${e.textContent ?? ""}|`;
  return sig;
}

/** The widest the resource's box may be (px): clear by 4 px of every node's outermost ring
 *  (a lease ring reaches 12 px out from the shape) in the band of height its box takes. */
export function resourceRoom(v: Scene, storeW = v.storeW): number {
  const L = v.layout as ClusterLayout;
  const room = roomBetween(L.nodes, L.resource, L.nodeRadius + 13, 26);
  // Beside the store (three nodes), it also keeps clear of the store's box.
  const st = L.store;
  if (!st || Math.abs(st.y - L.resource.y) >= 51) return room;
  const sw = storeW || (v.width < 560 ? 112 : 132);
  // 14 px apart: 8 px left the box pressed against the cylinder (review 5a #9).
  return Math.min(room, Math.max(96, 2 * (Math.abs(st.x - L.resource.x) - sw / 2 - 14)));
}

/** Pure: the widest box centred on `at`, `half` px tall each way, that keeps 4 px clear of
 *  circles of radius `ring` round each node. */
export function roomBetween(
  nodes: ReadonlyArray<{ x: number; y: number }>,
  at: { x: number; y: number },
  ring: number,
  half: number,
): number {
  let room = Infinity;
  for (const p of nodes) {
    const dy = Math.max(0, Math.abs(p.y - at.y) - half);
    const r = ring + 4;
    if (dy >= r) continue;
    room = Math.min(room, 2 * (Math.abs(p.x - at.x) - Math.sqrt(r * r - dy * dy)));
  }
  return Math.max(96, room);
}
