// Where things sit in the cluster view: the nodes on an ellipse around the coordination store
// and the fenced resource. Pure, so it is tested without a DOM.

export interface Point {
  x: number;
  y: number;
}
export interface ClusterLayout {
  width: number;
  height: number;
  nodeRadius: number;
  nodes: Point[];
  /** where each node's label goes, relative to the node, and how it is anchored */
  label: Array<{ dx: number; dy: number; anchor: "start" | "middle" | "end"; above: boolean }>;
  store: Point | null;
  resource: Point;
  /** how much text fits beside a node: "full" (role, term, clock), "short" (role and term) */
  labels: "full" | "short";
  /** the resource sits under the ring, not in its middle (see resourceOutside) */
  resourceOutside: boolean;
}

/** How far past a node's radius its three-line label's near edge sits (px), over or under it:
 *  the selection ring's outer edge (r + 15.25) and 4 px clear, and a line's ascent. */
export const LABEL_GAP = 23;

/** The resource's box (52 px) and a gap: the room kept under the ring when it sits there. */
const RESOURCE_ROOM = 64;

/** What a picture grows by when the resource sits under the ring. On a phone, the resource's
 *  room and 22 px more for the ring, so a mesh's link marks keep whole tap spots apart
 *  (link-marks.test.ts); a wide picture's ring has room to spare and gives up part of its height
 *  instead, so a page that shows the picture on its first screen still does (a challenge's). */
export function underRing(width: number): number {
  return width < 560 ? RESOURCE_ROOM + 22 : RESOURCE_ROOM / 2;
}

/** Nodes that talk to each other (a mesh: no store, four to nine nodes) cross the ring's middle
 *  with their links and messages: the resource sits under the ring, outside it, so no link or
 *  heartbeat runs over its box (review 6a #11: in a five-node Raft run about eight links crossed
 *  it and the dots piled on its border). Three nodes' links are the ring's own sides: the middle
 *  is free. Past nine nodes no mesh is drawn (cluster-links.ts MAX_MESH). */
export function resourceOutside(n: number, hasStore: boolean, showsResource = true): boolean {
  return !hasStore && showsResource && n >= 4 && n <= 9;
}

/** `labelRoom`: the room for side labels the run needs (px, label-room.ts), so long ones (Zab's zxids) fit. */
export function layoutCluster(
  n: number,
  width: number,
  height: number,
  hasStore: boolean,
  labelRoom = 0,
  /** false where the resource is not shown (a /start screen about electing): nothing to sit beside */
  showsResource = true,
): ClusterLayout {
  const small = width < 560;
  const nodeRadius =
    n <= 5 ? (small ? 19 : 24) : n <= 9 ? (small ? 16 : 20) : n <= 15 ? (small ? 12 : 16) : small ? 10 : 13;
  const labels: ClusterLayout["labels"] = n <= 9 && !(small && n > 5) ? "full" : "short";
  // A phone's labels over the top node and under the bottom ones keep room for two lines (role
  // and number): the third, the clock, shows only when it tells something, and its room stood
  // blank between the picture's top and the first label (review 15b #11: about 40 px). A label
  // that has three lines there takes another spot (cluster-labels.ts placeFullLabels).
  const labelLines = labels === "full" ? (small ? 2 : 3) : 1;
  const labelH = labelLines * 13 + 6;
  // Side labels need room on wide screens; on narrow ones labels sit above or below the node.
  const wanted = small ? nodeRadius + 24 : nodeRadius + Math.max(labels === "full" ? 136 : 84, labelRoom);
  // A long measured label must not push the side nodes onto the store's box in the middle (a
  // ZooKeeper run put n2's rings 9 px into it): the side nodes keep the box's half-width, their
  // ring and a link's mark of clear room from the centre (the box's width: cluster-servers.ts).
  const sideRoom = hasStore && !small ? Math.min(wanted, width / 2 - (66 + nodeRadius + 30)) : wanted;
  // Over or under its node a label keeps 4 px clear of the selection ring (r + 14, 2.5 px wide:
  // review 6b #10), so it starts LABEL_GAP px from the node's centre beyond its radius.
  const vRoom = nodeRadius + (labels === "full" ? LABEL_GAP : 18) + labelH;
  // A pair sits left and right of the store and the resource: one above and one below them put
  // the lower node on the resource's box, and its link to the store under it.
  const outside = resourceOutside(n, hasStore, showsResource);
  // Under the ring, the resource faces a flat side (an even ring turned half a step): a node
  // at the very bottom would have its label between it and its link to the resource.
  const turn = outside && n % 2 === 0 ? Math.PI / n : 0;
  const angles =
    n === 2 ? [Math.PI, 0] : Array.from({ length: n }, (_, i) => -Math.PI / 2 + turn + (2 * Math.PI * i) / n);
  const ux = angles.map(Math.cos);
  const uy = angles.map(Math.sin);
  // Room under the ring for a label only if a lowest node carries its label below it (on a
  // wide screen five nodes' lowest pair label beside themselves): the ring grows into the rest.
  const lowest = Math.max(...uy);
  const labelBelow = small || uy.some((y, i) => y > lowest - 1e-9 && Math.abs(ux[i]) < 0.35);
  // Fit the ring's bounding box (not the whole circle) to the space, so three nodes use it well.
  const left = sideRoom;
  const right = width - sideRoom;
  const top = vRoom;
  const bottom = height - (labelBelow ? vRoom : nodeRadius + 24) - (outside ? RESOURCE_ROOM : 0);
  // Many nodes on a flat ring (a wide picture held to the screen's height) would crowd at its
  // left and right ends if spaced by angle; spaced by distance along the ring they stay apart.
  if (n > 9 && bottom - top < 0.9 * (right - left)) {
    const at = evenAlongEllipse(n, (right - left) / 2, (bottom - top) / 2);
    for (let i = 0; i < n; i++) {
      ux[i] = Math.cos(at[i]);
      uy[i] = Math.sin(at[i]);
    }
  }
  // Five nodes round a store on a wide screen: the bottom pair stands further apart, so the
  // resource's box between them keeps clear of both (review 16b #2: in a picture held to 300 px
  // n3 and n4 stood 2 px from it), with their watch arrow able to pass under the box.
  if (n === 5 && hasStore && !small && !outside)
    for (let i = 0; i < n; i++) if (uy[i] > 0.5) ux[i] = Math.sign(ux[i]) * 0.8;
  // Numbered left to right in each row (review 9a #14: n1 on top, n3 bottom-left and n2
  // bottom-right made "n2 or n3" hard to follow): the ring runs anticlockwise on screen, so
  // n2 sits left of the last node in every row. A pair stays n1 left, n2 right.
  if (n > 2) for (let i = 0; i < n; i++) ux[i] = -ux[i];
  const span = (xs: number[]) => [Math.min(...xs), Math.max(...xs)];
  const [x0, x1] = n > 1 ? span(ux) : [-1, 1];
  const [y0, y1] = n > 1 ? span(uy) : [-1, 1];
  const mapX = (v: number) => (x1 - x0 < 1e-9 ? width / 2 : left + ((v - x0) / (x1 - x0)) * (right - left));
  const mapY = (v: number) =>
    y1 - y0 < 1e-9 ? (top + bottom) / 2 : top + ((v - y0) / (y1 - y0)) * (bottom - top);
  const nodes: Point[] = angles.map((_, i) => ({ x: mapX(ux[i]), y: mapY(uy[i]) }));
  const label = angles.map((_, i) => {
    const ox = ux[i];
    const oy = uy[i];
    const d = nodeRadius + (labels === "full" ? LABEL_GAP : 14);
    if (small || Math.abs(ox) < 0.35) {
      const above = oy < 0;
      return { dx: 0, dy: above ? -d : d, anchor: "middle" as const, above };
    }
    const side = labels === "full" ? nodeRadius + 24 : d;
    return {
      dx: ox > 0 ? side : -side,
      dy: oy * 8,
      anchor: ox > 0 ? ("start" as const) : ("end" as const),
      above: false,
    };
  });
  const cx = width / 2;
  const cy = (top + bottom) / 2;
  const gap = Math.min(50, (bottom - top) * 0.22);
  // The store clears the top node's lease rings by a link's mark (three nodes' top one sits right above it),
  // and the resource stays a box's height under the store.
  const topNode = Math.min(...nodes.map((p) => p.y));
  // Three nodes with a store: the store and the resource side by side between the top node and
  // the bottom pair, so every node reaches each box in a straight line (review 4b #13: stacked
  // under the top node, its link to the resource bent round the store and read as a link to a
  // node). Half the pair's widths and a gap apart (the boxes' widths: cluster-scene.ts).
  if (hasStore && n === 3 && showsResource) {
    // Gaps of 24 and 48 px (a phone has no more width to give): room for the resource's box
    // to grow to its longest line and still stand clear of the cylinder (review 5a #9).
    // A narrow picture with room to spare (each of /compare's two, 530 px) spreads them as far
    // as the resource's usual line needs, so the box reads on one line as in the sandbox
    // (review 15b #11: "fencing on / max token 0" wrapped there).
    const half = small ? (width >= 460 ? (112 + 184 + 32) / 4 : (112 + 152 + 24) / 4) : (132 + 168 + 48) / 4;
    const bottomNode = Math.max(...nodes.map((p) => p.y));
    const y = (topNode + bottomNode) / 2 + 6;
    return {
      width,
      height,
      nodeRadius,
      nodes,
      label,
      labels,
      store: { x: cx - half, y },
      resource: { x: cx + half, y },
      resourceOutside: false,
    };
  }
  const storeY = n === 2 ? cy - 50 : Math.max(cy - gap, topNode + nodeRadius + 16 + 25 + 24);
  return {
    width,
    height,
    nodeRadius,
    nodes,
    label,
    labels,
    resourceOutside: outside,
    store: hasStore ? { x: cx, y: storeY } : null,
    // Without a store the resource sits a little below the middle: five nodes' side pair are
    // joined by a line just above the middle, which would otherwise run along the box's top
    // edge and crowd the side nodes' links to the resource (and their tap spots) against it.
    resource: hasStore
      ? // 68 px under the store: its cylinder reaches 25 px down, the resource's box up to 33
        // (four lines, wrapped), and 10 px stay between them (review 16b #2: 60 let a wrapped
        // box touch the cylinder).
        { x: cx, y: n === 2 ? cy + 50 : Math.max(cy + gap, storeY + 68) }
      : outside
        ? { x: cx, y: height - RESOURCE_ROOM / 2 }
        : { x: cx, y: cy + Math.min(24, (bottom - top) * 0.1) },
  };
}

/** Angles (from the top, clockwise) of n points spaced evenly by length along an ellipse with
 *  half-axes a and b: the arc length is summed over fine steps and cut into n equal parts. */
export function evenAlongEllipse(n: number, a: number, b: number): number[] {
  const steps = 720;
  const cum = [0];
  let prev = { x: 0, y: -b };
  for (let k = 1; k <= steps; k++) {
    const t = -Math.PI / 2 + (2 * Math.PI * k) / steps;
    const p = { x: a * Math.cos(t), y: b * Math.sin(t) };
    cum.push(cum[k - 1] + Math.hypot(p.x - prev.x, p.y - prev.y));
    prev = p;
  }
  const total = cum[steps];
  const out: number[] = [];
  let k = 0;
  for (let i = 0; i < n; i++) {
    const want = (total * i) / n;
    while (k < steps && cum[k + 1] < want) k++;
    const frac = cum[k + 1] > cum[k] ? (want - cum[k]) / (cum[k + 1] - cum[k]) : 0;
    out.push(-Math.PI / 2 + (2 * Math.PI * (k + frac)) / steps);
  }
  return out;
}

/** A good drawing height for this many nodes at this width. */
export function clusterHeight(n: number, width: number, compact: boolean): number {
  const k = width < 560 ? (n <= 5 ? 0.95 : n <= 12 ? 1.05 : 1.2) : n <= 5 ? 0.6 : n <= 12 ? 0.68 : 0.78;
  const [lo, hi] = compact ? (width < 560 ? [390, 460] : [320, 420]) : width < 560 ? [360, 620] : [340, 620];
  // A pair sits on one line with the store and the resource between them: the full height
  // left a phone's picture two thirds empty and pushed what happens below the first screen.
  const floor = n <= 2 && width < 560 ? 300 : width < 560 && n <= 5 && !compact ? lo - 26 : lo;
  // Three-line labels sit LABEL_GAP past the radius (clear of the selection ring), 5 px further
  // than they did over and under the ring: a wide picture takes those 10 px, so the ring keeps its
  // size; a phone's ring gives them up, so what follows the picture stays on the first screen.
  const full = width >= 560 && n <= 9;
  return Math.round(Math.max(floor, Math.min(hi, width * k))) + (full ? 2 * (LABEL_GAP - 18) : 0);
}
