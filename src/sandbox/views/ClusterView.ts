// The cluster view, drawn with D3 straight from frames: it subscribes to the store outside
// React. Nodes sit around the coordination store and the fenced resource; each shows its role
// by shape, label and colour, its term, its local clock and drift, and its lease as two
// countdown arcs (what the holder believes, inside; what the store knows, outside). Messages
// fly along links as dots (or, with reduced motion, light the link without moving); cut links
// are drawn red and dashed, one-way cuts with an arrow; isolated nodes get a dashed ring.
// Links are buttons: a click cuts or heals one (Shift: one way), a split mode puts processes on
// two sides; each is a registered action performed through the action registry (cluster-ui.ts). Raft nodes
// carry an election-timer arc and, as candidates, their vote tally; messages paused in flight
// are labelled with kind and number and can be inspected and dropped.
import type { Frame } from "../../engine/index.ts";
import type { SandboxController } from "../controller.ts";
import { formatSeconds } from "../format-seconds.ts";
import { storeLabel, termLabelOf } from "../labels.ts";
import type { SandboxState } from "../store.ts";
import { markOf } from "../marks.ts";
import { createScene, PLAIN_WORDS, setAttr, type ClusterViewOptions, type Scene } from "./cluster-scene.ts";
import { ensureLayout } from "./cluster-geometry.ts";
import { drawNodes, isolatedSet } from "./cluster-nodes.ts";
import "../ui/picture-parts.css";
import { placeFullLabels, placeShortLabels } from "./cluster-labels.ts";
import { fitLabels } from "./label-room.ts";
import { drawLabelLeaders } from "./label-leaders.ts";
import { drawSides, drawStoreAndResource } from "./cluster-servers.ts";
import { drawCuts, drawLinks, drawWatches } from "./cluster-link-draw.ts";
import { addFlights, drawInflight } from "./cluster-flights.ts";
import { watchSize } from "./cluster-resize.ts";
import { frameSides } from "./split-sides.ts";
import { processes } from "./cluster-links.ts";

export type { ClusterViewOptions } from "./cluster-scene.ts";
export { nodeName, nodeRoleLabel } from "./cluster-nodes.ts";

export function mountClusterView(
  host: HTMLElement,
  ctl: SandboxController,
  opts: ClusterViewOptions = {},
): () => void {
  const v = createScene(host, ctl, opts);
  const redraw = () => draw(v, ctl.store.getState());
  const unwatch = watchSize(v, redraw);
  const unsub = ctl.store.subscribe((s) => draw(v, s));
  const unsubUi = v.ui.subscribe(redraw);
  redraw();
  return () => {
    unsub();
    unsubUi();
    unwatch();
    if (v.raf) cancelAnimationFrame(v.raf);
    v.svg.remove();
    v.overlay.remove();
  };
}

/** One frame drawn: the layout if the size changed, then each layer from the store's state;
 *  with nothing new since the last frame, only the messages that started flying. */
function draw(v: Scene, s: SandboxState): void {
  if (!ensureLayout(v, s)) return;
  const f = s.frame as Frame;
  const u = v.ui.getState();
  if (
    f === v.lastFrame &&
    s.selected === v.lastSelected &&
    s.params.groups === v.lastGroups &&
    s.reducedMotion === v.lastReduced &&
    u === v.lastUi &&
    s.history === v.lastEvents
  ) {
    addFlights(v, s);
    return;
  }
  v.lastFrame = f;
  v.lastSelected = s.selected;
  v.lastGroups = s.params.groups;
  v.lastReduced = s.reducedMotion;
  v.lastUi = u;
  v.lastEvents = s.history;
  const iso = isolatedSet(f);
  // While the learner picks sides, the sides being picked; else the sides the cuts make, so the
  // badges stay after "Split A | B" (review 15b #6).
  v.sides =
    u.mode === "split"
      ? new Map(processes(f).map((p) => [p, s.params.groups[p] === "B" ? "B" : "A"]))
      : frameSides(f, u.splitB);
  setAttr(
    v.svg.node() as Element,
    "aria-label",
    `Cluster view at ${formatSeconds(f.t)}: ${f.nodes.length} nodes${f.store ? `, the ${storeLabel(f.store.kind)}` : ""}${v.host.closest(".gr-no-resource") ? "" : " and the resource"}`,
  );
  drawNodes(v, s, f, iso);
  drawStoreAndResource(v, f, markOf(s), v.opts.plainLabels ? PLAIN_WORDS : termLabelOf(s.parsed, f.protocol));
  // The links first, the labels after them: a label is placed clear of the links where it can
  // be, and a label's words never move a link (review 17b #1).
  if (f.cuts !== v.lastCuts || v.links.length === 0) {
    v.lastCuts = f.cuts;
    drawLinks(v, s, f);
    drawCuts(v, f, iso);
  }
  placeShortLabels(v);
  drawLabelLeaders(v);
  placeFullLabels(v);
  drawSides(v, u);
  if (fitLabels(v, f, v.opts.plainLabels ? PLAIN_WORDS : termLabelOf(s.parsed, f.protocol))) {
    draw(v, s);
    return;
  }
  drawInflight(v, s, f);
  drawWatches(v, f);
  v.gLinks.classed("raft", !f.store);
  addFlights(v, s);
  if (v.refocus) {
    const [kind, id] = [v.refocus.slice(0, 4), v.refocus.slice(5)];
    v.refocus = null;
    const el = [
      ...(v.svg.node() as SVGSVGElement).querySelectorAll<SVGGElement>(
        kind === "link" ? "g.sb-linkbtn" : "g.sb-node",
      ),
    ].find((g) => g.getAttribute(kind === "link" ? "data-link" : "data-node") === id);
    el?.focus({ preventScroll: true });
  }
}
