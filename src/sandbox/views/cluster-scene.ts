// The cluster picture's scene: the SVG layers one mount draws into, what it was mounted with,
// and the state its drawing keeps between frames (the layout, the links, the messages flying,
// the signatures that spare a re-measure). Every drawing file takes the scene as its first
// argument, so the picture's state lives in one place and each file holds one concern.

import { select, type Selection } from "d3";
import type { Frame } from "../../engine/index.ts";
import type { SandboxController } from "../controller.ts";
import type { TermLabel } from "../labels.ts";
import type { SentMessage } from "../../worker/protocol.ts";
import type { Link } from "./cluster-links.ts";
import { createClusterUi, type ClusterUi } from "./cluster-ui.ts";
import type { ClusterLayout, Point } from "./layout.ts";
import type { Box } from "./label-place.ts";
import type { Sides } from "./split-sides.ts";

export interface ClusterViewOptions {
  compact?: boolean;
  ui?: ClusterUi;
  /** the /sandbox page: where the picture sits beside the "now" column, it is held to the
   *  screen's height, so the cluster and what is happening share one screen without scrolling */
  fitScreen?: boolean;
  /** a guided run (/start): the links are drawn but are not controls, so nothing is cut by a
   *  stray click or key; the screen offers the one fault it asks for itself */
  readOnly?: boolean;
  /** a guided run (/start): node labels in plain words ("candidate, 2 votes"), without the
   *  local clock line, which the first screens never explain; and one word for the number,
   *  "term", in every protocol (the first screens teach one word, not epoch, rev and token) */
  plainLabels?: boolean;
  /** a newcomer's embed (lesson 1): no local clock line under a node, and the resource box says
   *  only its highest token, not "fencing on", before either is taught (review 6a #3) */
  simple?: boolean;
}

/** /start's one word for the number a leader holds and its writes carry. */
export const PLAIN_WORDS: TermLabel = {
  word: "term",
  tokenWord: "term",
  meaning: "term: the number of the leader's turn",
};

export interface Flight extends SentMessage {
  start: number;
  dur: number;
  /** how far along its link (0 to 1) it gets: 1 delivered, short of the cross when a cut lost it */
  stop: number;
}

export type G = Selection<SVGGElement, unknown, null, undefined>;

let mounted = 0;

export interface Scene {
  host: HTMLElement;
  ctl: SandboxController;
  store: SandboxController["store"];
  ui: ClusterUi;
  opts: ClusterViewOptions;
  svg: Selection<SVGSVGElement, unknown, null, undefined>;
  /** the flying messages' own layer (its own compositing layer: they never repaint the nodes) */
  overlay: Selection<SVGSVGElement, unknown, null, undefined>;
  hintId: string;
  gLinks: G;
  gCuts: G;
  gSpots: G;
  gWatches: G;
  gStore: G;
  gResource: G;
  gFlights: G;
  gInflight: G;
  gMsgLabels: G;
  /** a plate under each node label (cluster-labels.ts): no line or flying dot shows through it */
  gLabelBacks: G;
  gLabels: G;
  gNodes: G;
  /** The nodes' side badges, one per node in node order, outside the nodes' named buttons. */
  gBadges: G;
  tip: G;
  width: number;
  height: number;
  layout: ClusterLayout | null;
  layoutKey: string;
  /** what the last draw drew from (a draw with nothing new only adds flights) */
  lastFrame: Frame | null;
  lastSelected: string | null;
  lastGroups: unknown;
  lastReduced: boolean;
  lastEvents: unknown;
  lastUi: ReturnType<ClusterUi["getState"]>;
  lastCuts: unknown;
  flights: Flight[];
  flightSeq: number;
  raf: number;
  lastRejected: number;
  /** stale writes accepted at the last draw: the flash is red only when this grew */
  lastStale: number;
  focusIndex: number;
  linkFocus: number;
  /** the widest side label drawn (px): the layout leaves this much room, so none is clipped */
  labelRoom: number;
  roomFor: string;
  links: Link[];
  /** counts the links' redraws: labels are placed anew, clear of them, after each */
  linkGen: number;
  /** the links' bends and marks as last drawn, rounded: linkGen counts its changes */
  linkGeo: string;
  /** the height left on screen under the picture's top (px), when it is held to the screen */
  room: number;
  /** the node or link that had focus when the layout was redone, to give it focus again */
  refocus: string | null;
  /** where a link bends around a box it would otherwise run under (link-marks.ts), by "a|b" */
  routes: Map<string, Point[]>;
  /** each link's mark (its cross or arrow when cut), by "a|b": a message lost on a cut stops short of it */
  markAt: Map<string, Point>;
  /** the node labels' boxes as placed (picture px): message labels keep clear of them */
  labelBoxes: Box[];
  /** the resource box's width as drawn (it grows to hold a long token) */
  resourceW: number;
  /** its height as drawn (taller when a line wraps: resource-fit.ts) */
  resourceH: number;
  /** the store's cylinder width as drawn (it grows to hold its line: store-fit.ts) */
  storeW: number;
  storeSig: string;
  /** what the labels were last placed or measured for (cluster-labels.ts) */
  fullSig: string;
  shortSig: string;
  resourceSig: string;
  /** each process's side letter, while the learner picks sides (split mode) or while the cuts
   *  split the cluster in sides (split-sides.ts); null: no sides to show */
  sides: Sides | null;
}

/** The picture's layers, in drawing order, in `host`; nothing drawn yet. */
export function createScene(host: HTMLElement, ctl: SandboxController, opts: ClusterViewOptions): Scene {
  const ui = opts.ui ?? createClusterUi();
  host.style.position = "relative";
  const svg = select(host)
    .append("svg")
    .attr("class", "sb-cluster")
    .attr("role", "group")
    .attr("aria-label", "Cluster view")
    .attr("aria-roledescription", "cluster view");
  const hintId = `sb-cluster-hint-${++mounted}`;
  svg.attr("aria-describedby", hintId);
  svg
    .append("desc")
    .attr("id", hintId)
    .text(
      opts.readOnly
        ? "Each node is a button that says its role and its number; arrow keys move between nodes."
        : "Nodes and links are buttons. Select a node to see its actions; press Enter on a link to cut or heal it, Shift+Enter to cut it one way. Arrow keys move between nodes, and between links; Escape clears the selection.",
    );
  const defs = svg.append("defs");
  defs
    .append("marker")
    .attr("id", `${hintId}-arrow`)
    .attr("viewBox", "0 0 10 10")
    .attr("refX", 5)
    .attr("refY", 5)
    .attr("markerWidth", 14)
    .attr("markerHeight", 14)
    .attr("markerUnits", "userSpaceOnUse")
    .attr("orient", "auto-start-reverse")
    .append("path")
    .attr("d", "M0,0L10,5L0,10z")
    .attr("class", "sb-cut-arrow");
  defs
    .append("marker")
    .attr("id", `${hintId}-cross`)
    .attr("viewBox", "-6 -6 12 12")
    .attr("refX", 0)
    .attr("refY", 0)
    .attr("markerWidth", 12)
    .attr("markerHeight", 12)
    .attr("markerUnits", "userSpaceOnUse")
    .append("path")
    .attr("d", "M-5,-5L5,5M5,-5L-5,5")
    .attr("class", "sb-cut-cross");
  // A watch's arrowhead: its tip on the path's end, at the watched node's edge.
  defs
    .append("marker")
    .attr("id", `${hintId}-watch`)
    .attr("viewBox", "0 0 10 10")
    .attr("refX", 9)
    .attr("refY", 5)
    .attr("markerWidth", 9)
    .attr("markerHeight", 9)
    .attr("markerUnits", "userSpaceOnUse")
    .attr("orient", "auto")
    .append("path")
    .attr("d", "M0,0L10,5L0,10z")
    .attr("class", "sb-watch-arrow");
  // Smaller heads where many watches meet (the herd: 19 on one node), so they do not merge.
  defs
    .append("marker")
    .attr("id", `${hintId}-watch-many`)
    .attr("viewBox", "0 0 10 10")
    .attr("refX", 9)
    .attr("refY", 5)
    .attr("markerWidth", 6)
    .attr("markerHeight", 6)
    .attr("markerUnits", "userSpaceOnUse")
    .attr("orient", "auto")
    .append("path")
    .attr("d", "M0,0L10,5L0,10z")
    .attr("class", "sb-watch-arrow");
  const gLinks: G = svg
    .append("g")
    .attr("class", "sb-links")
    .attr("role", "group")
    .attr("aria-label", "Links: press Enter to cut or heal, Shift+Enter to cut one way");
  if (opts.readOnly)
    gLinks
      .attr("role", null)
      .attr("aria-label", null)
      .attr("aria-hidden", "true")
      .style("pointer-events", "none");
  const gCuts: G = svg.append("g").attr("class", "sb-cuts").attr("aria-hidden", "true");
  // Each link's tap spot (24 px across, at its mark, clear of the other links): above every
  // link's line, so a tap there cuts that link even where lines cross or run together. The link
  // buttons themselves carry the name and the keyboard; these only take pointer taps.
  const gSpots: G = svg.append("g").attr("class", "sb-link-spots").attr("aria-hidden", "true");
  if (opts.readOnly) gSpots.style("pointer-events", "none");
  // ZooKeeper watches: dotted arrows over the links, under the store's and the resource's boxes
  // (whose words stay readable) and the nodes. The words are in each node's name, so the
  // drawing itself is hidden from screen readers.
  const gWatches: G = svg.append("g").attr("class", "sb-watches").attr("aria-hidden", "true");
  const gStore: G = svg.append("g").attr("class", "sb-store");
  const gResource: G = svg.append("g").attr("class", "sb-resource");
  // Messages sit under the nodes, so a message just leaving a node never covers it.
  // Flying messages get their own layer (its own compositing layer), so they never repaint the nodes.
  const overlay = select(host)
    .append("svg")
    .attr("class", "sb-cluster-overlay")
    .attr("aria-hidden", "true")
    .attr("focusable", "false");
  const gFlights = overlay.append("g").attr("class", "sb-flights");
  const gInflight: G = svg.append("g").attr("class", "sb-inflight");
  const gMsgLabels: G = svg.append("g").attr("class", "sb-msg-labels").attr("aria-hidden", "true");
  const gLabelBacks: G = svg.append("g").attr("class", "sb-label-backs").attr("aria-hidden", "true");
  const gLabels: G = svg.append("g").attr("class", "sb-labels").attr("aria-hidden", "true");
  const gNodes: G = svg.append("g").attr("class", "sb-nodes");
  // A node's side letter lies outside its button, so the button's visible text stays its id,
  // which its name begins with (WCAG 2.5.3); the side is spoken at the name's end.
  const gBadges: G = svg.append("g").attr("class", "sb-badges").attr("aria-hidden", "true");
  const tip = svg
    .append("g")
    .attr("class", "sb-msg-tip")
    .attr("aria-hidden", "true")
    .style("display", "none");
  tip.append("rect").attr("rx", 4);
  tip.append("text");

  return {
    host,
    ctl,
    store: ctl.store,
    ui,
    opts,
    svg,
    overlay,
    hintId,
    gLinks,
    gCuts,
    gSpots,
    gWatches,
    gStore,
    gResource,
    gFlights: gFlights as unknown as G,
    gInflight,
    gMsgLabels,
    gLabelBacks,
    gLabels,
    gNodes,
    gBadges,
    tip: tip as unknown as G,
    width: 0,
    height: 0,
    layout: null,
    layoutKey: "",
    lastFrame: null,
    lastSelected: null,
    lastGroups: null,
    lastReduced: false,
    lastEvents: null,
    lastUi: ui.getState(),
    lastCuts: null,
    flights: [],
    flightSeq: -1,
    raf: 0,
    lastRejected: -1,
    lastStale: -1,
    focusIndex: 0,
    linkFocus: 0,
    labelRoom: 0,
    roomFor: "",
    links: [],
    room: Infinity,
    refocus: null,
    routes: new Map(),
    markAt: new Map(),
    labelBoxes: [],
    linkGen: 0,
    linkGeo: "",
    resourceW: 0,
    resourceH: 52,
    storeW: 0,
    storeSig: "",
    fullSig: "",
    shortSig: "",
    resourceSig: "",
    sides: null,
  };
}

export function setAttr(el: Element, name: string, value: string): void {
  if (el.getAttribute(name) !== value) el.setAttribute(name, value);
}
export function setText(el: Element | null, value: string): void {
  if (el && el.textContent !== value) el.textContent = value;
}

export function pos(v: Scene, id: string): Point | null {
  if (!v.layout) return null;
  if (id === "store") return v.layout.store;
  if (id === "resource") return v.layout.resource;
  const i = Number(id.slice(1)) - 1;
  return v.layout.nodes[i] ?? null;
}

/** The resource box's width before its words widen it (px). */
export function baseResourceWidth(width: number): number {
  return width < 560 ? 152 : 168;
}

/** The store's and the resource's boxes (picture px). */
export function serverBoxes(v: Scene): Box[] {
  const L = v.layout as ClusterLayout;
  const out: Box[] = [];
  if (L.store) {
    const w = v.storeW || (v.width < 560 ? 112 : 132);
    out.push({ x0: L.store.x - w / 2, y0: L.store.y - 25, x1: L.store.x + w / 2, y1: L.store.y + 25 });
  }
  const rw = v.resourceW || baseResourceWidth(v.width);
  out.push({
    x0: L.resource.x - rw / 2,
    y0: L.resource.y - v.resourceH / 2,
    x1: L.resource.x + rw / 2,
    y1: L.resource.y + v.resourceH / 2,
  });
  return out;
}
