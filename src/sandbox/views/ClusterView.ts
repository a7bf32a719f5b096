// The cluster view, drawn with D3 straight from frames: it subscribes to the store outside
// React. Nodes sit around the coordination store and the fenced resource; each shows its role
// by shape, label and colour, its term, its local clock and drift, and its lease as two
// countdown arcs (what the holder believes, inside; what the store knows, outside). Messages
// fly along links as dots (or, with reduced motion, light the link without moving); cut links
// are drawn red and dashed, one-way cuts with an arrow; isolated nodes get a dashed ring.
// Links are buttons: a click cuts or heals one (Shift: one way), a split mode puts processes on
// two sides; each becomes a fault in data through ClusterActions (cluster-ui.ts). Raft nodes
// carry an election-timer arc and, as candidates, their vote tally; messages paused in flight
// are labelled with kind and number and can be inspected and dropped.
import { arc as d3arc, select, type Selection } from "d3";
import type { Frame, FrameNode } from "../../engine/index.ts";
import type { SandboxController } from "../controller.ts";
import { formatSeconds } from "../narration.ts";
import { leaseLength } from "../scenarios.ts";
import { queuedBehind } from "../vocabulary.ts";
import { leaseRings } from "./lease-rings.ts";
import { formatToken, formatTokenShort, spokenToken, storeLabel, storeLabelCap, storeLine, termLabel, termLabelOf, termText, type TermLabel } from "../labels.ts";
import type { SandboxState } from "../store.ts";
import { markOf, type Mark } from "../marks.ts";
import type { SentMessage } from "../../worker/protocol.ts";
import { clusterHeight, layoutCluster, type ClusterLayout, type Point } from "./layout.ts";
import { clusterLinks, stateWords, type Link } from "./cluster-links.ts";
import { ClusterActions, createClusterUi, procLabel, type ClusterUi } from "./cluster-ui.ts";
import { kindWords, messageLabel } from "./message-label.ts";
import { alongLink, markPoints, routeAround, type Obstacles, type Segment } from "./link-marks.ts";
import { watchLines, watchPath, watchWords, type WatchLine } from "./watch-lines.ts";
import { fontOf, fontPx, forgetFonts, textWidth, widthIn } from "./text-width.ts";
import { boxAround, boxesOverlap, coveredLabels, firstFree, mergeMarks, placeLabels, spotsAround, type Box } from "./label-place.ts";

const MAX_FLIGHTS = 60;
const FOCUSABLE_MESSAGES = 24;

export function nodeRoleLabel(n: FrameNode): string {
  if (n.role === "crashed") return n.detail === "booting" ? "booting" : n.detail === "stopped" ? "stopped" : "crashed";
  return n.role;
}

/** A candidate's tally, as RaftScope draws it: granted (its own vote included), refused, and
 *  still in flight. Null when the protocol's view keeps none or the node is not standing. */
export function voteTally(n: FrameNode, count: number): { granted: number; denied: number; waiting: number } | null {
  const v = n.view as { votes?: unknown; denied?: unknown };
  if (typeof v.votes !== "number" || n.role !== "candidate") return null;
  const denied = typeof v.denied === "number" ? v.denied : 0;
  return { granted: v.votes, denied, waiting: Math.max(0, count - v.votes - denied) };
}

/** Zab's vote while LOOKING, as (epoch, zxid, id): FastLeaderElection compares them in that order.
 *  `short`: the zxid as (epoch, counter), for the label beside the node. */
export function zabVote(n: FrameNode, short = false): string | null {
  const v = (n.view as { vote?: { epoch?: number; zxid?: string; leader?: string } | null }).vote;
  if (!v || !v.leader) return null;
  const z = short && typeof v.zxid === "string" && /^0x[0-9a-f]+$/i.test(v.zxid) ? formatTokenShort("zab", Number(v.zxid)) : v.zxid;
  return `(${v.epoch}, ${z}, ${v.leader})`;
}

/** The accessible name of a node control: id, role and its term (in the protocol's own word:
 *  "term 4", "token 2", "queued behind n1") first, then what else matters. */
export function nodeName(n: FrameNode, extra: { isolated?: boolean; label?: TermLabel; count?: number; protocol?: string; watch?: string | null; ahead?: string | null } = {}): string {
  const label = extra.label ?? termLabel("raft");
  const parts = [`${n.id}, ${nodeRoleLabel(n)}, ${termText(label, n, extra.ahead)}`];
  // The token the label draws beside the term (Zab's zxid), in full with its halves, so a
  // narrow picture's short form loses nothing.
  if (extra.protocol && n.token !== null && n.token !== n.term) parts.push(`${label.tokenWord} ${spokenToken(extra.protocol, n.token)}`);
  const tally = voteTally(n, extra.count ?? 0);
  if (tally) parts.push(`votes: ${tally.granted} granted, ${tally.denied} refused, ${tally.waiting} waiting`);
  const zv = zabVote(n);
  if (zv) parts.push(`votes for ${zv}`);
  // ZooKeeper: what it watches and who watches it (watch-lines.ts), as the arrows draw it.
  if (extra.watch) parts.push(extra.watch);
  if (n.believesLeader && n.role !== "leader") parts.push("still believes it leads");
  if (extra.isolated) parts.push("isolated");
  if (n.slow > 1) parts.push(`slowed ×${n.slow}`);
  if (n.driftPpm !== 0) parts.push(`clock ${n.driftPpm > 0 ? "fast" : "slow"} by ${Math.abs(n.driftPpm) / 10_000}%`);
  return parts.join(", ");
}

function polygon(r: number, sides: number, rot = 0): string {
  const pts: string[] = [];
  for (let i = 0; i < sides; i++) {
    const a = rot + (2 * Math.PI * i) / sides;
    pts.push(`${(r * Math.cos(a)).toFixed(2)},${(r * Math.sin(a)).toFixed(2)}`);
  }
  return `M${pts.join("L")}Z`;
}

function star(r: number): string {
  const pts: string[] = [];
  for (let i = 0; i < 10; i++) {
    const a = -Math.PI / 2 + (Math.PI * i) / 5;
    const rad = i % 2 === 0 ? r : r * 0.52;
    pts.push(`${(rad * Math.cos(a)).toFixed(2)},${(rad * Math.sin(a)).toFixed(2)}`);
  }
  return `M${pts.join("L")}Z`;
}

/** Each role its own silhouette, all about the same visual weight. */
function shapePath(role: string, r: number): string {
  switch (role) {
    case "leader": return star(r * 1.4);
    case "candidate": return polygon(r * 1.2, 4, -Math.PI / 2);
    case "paused": return polygon(r * 1.2, 4, Math.PI / 4);
    case "crashed": return polygon(r * 1.02, 8, Math.PI / 8);
    default: return polygon(r, 48);
  }
}

function fmtClock(ms: number): string {
  return `${(ms / 1000).toFixed(ms >= 100_000 ? 0 : 1)} s`;
}

interface Flight extends SentMessage {
  start: number;
  dur: number;
}

let mounted = 0;

type G = Selection<SVGGElement, unknown, null, undefined>;

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
}

/** /start's one word for the number a leader holds and its writes carry. */
const PLAIN_WORDS: TermLabel = { word: "term", tokenWord: "term", meaning: "term: the number of the leader's turn" };

/** Below this the picture is not squeezed further (a short window scrolls instead). */
const MIN_FIT_HEIGHT = 300;

export function mountClusterView(host: HTMLElement, ctl: SandboxController, opts: ClusterViewOptions = {}): () => void {
  const store = ctl.store;
  const ui = opts.ui ?? createClusterUi();
  const acts = new ClusterActions(ctl, ui);
  host.style.position = "relative";
  const svg = select(host).append("svg").attr("class", "sb-cluster").attr("role", "group")
    .attr("aria-label", "Cluster view").attr("aria-roledescription", "cluster view");
  const hintId = `sb-cluster-hint-${++mounted}`;
  svg.attr("aria-describedby", hintId);
  svg.append("desc").attr("id", hintId).text(opts.readOnly
    ? "Each node is a button that says its role and its number; arrow keys move between nodes."
    : "Nodes and links are buttons. Select a node to see its actions; press Enter on a link to cut or heal it, Shift+Enter to cut it one way. Arrow keys move between nodes, and between links; Escape clears the selection.");
  const defs = svg.append("defs");
  defs.append("marker").attr("id", `${hintId}-arrow`).attr("viewBox", "0 0 10 10").attr("refX", 5).attr("refY", 5)
    .attr("markerWidth", 14).attr("markerHeight", 14).attr("markerUnits", "userSpaceOnUse").attr("orient", "auto-start-reverse")
    .append("path").attr("d", "M0,0L10,5L0,10z").attr("class", "sb-cut-arrow");
  defs.append("marker").attr("id", `${hintId}-cross`).attr("viewBox", "-6 -6 12 12").attr("refX", 0).attr("refY", 0)
    .attr("markerWidth", 12).attr("markerHeight", 12).attr("markerUnits", "userSpaceOnUse")
    .append("path").attr("d", "M-5,-5L5,5M5,-5L-5,5").attr("class", "sb-cut-cross");
  // A watch's arrowhead: its tip on the path's end, at the watched node's edge.
  defs.append("marker").attr("id", `${hintId}-watch`).attr("viewBox", "0 0 10 10").attr("refX", 9).attr("refY", 5)
    .attr("markerWidth", 9).attr("markerHeight", 9).attr("markerUnits", "userSpaceOnUse").attr("orient", "auto")
    .append("path").attr("d", "M0,0L10,5L0,10z").attr("class", "sb-watch-arrow");
  // Smaller heads where many watches meet (the herd: 19 on one node), so they do not merge.
  defs.append("marker").attr("id", `${hintId}-watch-many`).attr("viewBox", "0 0 10 10").attr("refX", 9).attr("refY", 5)
    .attr("markerWidth", 6).attr("markerHeight", 6).attr("markerUnits", "userSpaceOnUse").attr("orient", "auto")
    .append("path").attr("d", "M0,0L10,5L0,10z").attr("class", "sb-watch-arrow");
  const gLinks: G = svg.append("g").attr("class", "sb-links").attr("role", "group").attr("aria-label", "Links: press Enter to cut or heal, Shift+Enter to cut one way");
  if (opts.readOnly) gLinks.attr("role", null).attr("aria-label", null).attr("aria-hidden", "true").style("pointer-events", "none");
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
  const overlay = select(host).append("svg").attr("class", "sb-cluster-overlay").attr("aria-hidden", "true").attr("focusable", "false");
  const gFlights = overlay.append("g").attr("class", "sb-flights");
  const gInflight: G = svg.append("g").attr("class", "sb-inflight");
  const gMsgLabels: G = svg.append("g").attr("class", "sb-msg-labels").attr("aria-hidden", "true");
  const gLabels: G = svg.append("g").attr("class", "sb-labels").attr("aria-hidden", "true");
  const gNodes: G = svg.append("g").attr("class", "sb-nodes");
  const tip = svg.append("g").attr("class", "sb-msg-tip").attr("aria-hidden", "true").style("display", "none");
  tip.append("rect").attr("rx", 4);
  tip.append("text");

  let width = 0;
  let height = 0;
  let layout: ClusterLayout | null = null;
  let layoutKey = "";
  let lastFrame: Frame | null = null;
  let lastSelected: string | null = null;
  let lastReduced = false;
  let lastEvents: unknown = null;
  let flights: Flight[] = [];
  let flightSeq = -1;
  let raf = 0;
  let lastRejected = -1;
  let lastCuts: unknown = null;
  let focusIndex = 0;
  let linkFocus = 0;
  /** the widest side label drawn (px): the layout leaves this much room, so none is clipped */
  let labelRoom = 0;
  let roomFor = "";
  let links: Link[] = [];
  let lastUi = ui.getState();
  /** the height left on screen under the picture's top (px), when it is held to the screen */
  let room = Infinity;
  /** the node or link that had focus when the layout was redone, to give it focus again */
  let refocus: string | null = null;
  /** where a link bends around a box it would otherwise run under (link-marks.ts), by "a|b" */
  let routes = new Map<string, Point[]>();
  /** the node labels' boxes as placed (picture px): message labels keep clear of them */
  let labelBoxes: Box[] = [];
  /** the resource box's width as drawn (it grows to hold a long token) */
  let resourceW = 0;

  /** How much of the first screen is left for the picture: from its top (in the page, not the
   *  scrolled view) to the window's bottom, less the stage's padding. Only beside the now
   *  column (wider than 760 px); stacked on a phone, the picture takes its natural height. */
  function measureRoom(): boolean {
    if (!opts.fitScreen) return false;
    let next = Infinity;
    if (window.innerWidth > 760) {
      const top = host.getBoundingClientRect().top + window.scrollY;
      next = Math.max(MIN_FIT_HEIGHT, Math.floor((window.innerHeight - top - 14) / 4) * 4);
    }
    if (next === room) return false;
    room = next;
    return true;
  }

  const pos = (id: string): Point | null => {
    if (!layout) return null;
    if (id === "store") return layout.store;
    if (id === "resource") return layout.resource;
    const i = Number(id.slice(1)) - 1;
    return layout.nodes[i] ?? null;
  };

  /** A message's place: `p` (0 to 1) of the way along its link, around any bend, held outside
   *  the store's and the resource's boxes (a message at the box waits at its edge, never over
   *  its words: the API server's title under a stack of dots read "API ·rver"). */
  function msgAt(from: string, to: string, p: number): Point | null {
    const at = (q: number) => rawMsgAt(from, to, q);
    const pt = at(p);
    if (!pt) return null;
    const boxes = serverBoxes();
    const inside = (q: Point) => boxes.some((r) => q.x > r.x0 && q.x < r.x1 && q.y > r.y0 && q.y < r.y1);
    if (!inside(pt)) return pt;
    // Towards an end outside every box (the nearer, if both are), the first point outside.
    const out0 = !inside(at(0) as Point);
    const out1 = !inside(at(1) as Point);
    if (!out0 && !out1) return pt; // both ends boxed: nothing to hold it to
    let lo = p;
    let hi = out0 && out1 ? (p < 0.5 ? 0 : 1) : out0 ? 0 : 1;
    for (let k = 0; k < 12; k++) {
      const mid = (lo + hi) / 2;
      if (inside(at(mid) as Point)) lo = mid;
      else hi = mid;
    }
    return at(hi);
  }

  function rawMsgAt(from: string, to: string, p: number): Point | null {
    const a = pos(from);
    const b = pos(to);
    if (!a || !b) return null;
    const via = routes.get(`${from}|${to}`);
    if (via) return alongLink(a, b, via, p);
    const back = routes.get(`${to}|${from}`);
    return back ? alongLink(b, a, back, 1 - p) : alongLink(a, b, null, p);
  }

  /** The store's and the resource's boxes (picture px). */
  function serverBoxes(): Box[] {
    const L = layout as ClusterLayout;
    const out: Box[] = [];
    if (L.store) {
      const w = width < 560 ? 112 : 132;
      out.push({ x0: L.store.x - w / 2, y0: L.store.y - 25, x1: L.store.x + w / 2, y1: L.store.y + 25 });
    }
    const rw = resourceW || (width < 560 ? 152 : 168);
    out.push({ x0: L.resource.x - rw / 2, y0: L.resource.y - 26, x1: L.resource.x + rw / 2, y1: L.resource.y + 26 });
    return out;
  }

  /** What every text must keep clear of: the store and the resource, each node's shape with its
   *  arcs, and, in split mode, the side badges. */
  function fixedBoxes(): Box[] {
    const L = layout as ClusterLayout;
    const out = serverBoxes();
    const ring = L.nodeRadius + (lastFrame?.nodes.some((n) => n.lease) ? 12 : 8);
    for (const p of L.nodes) out.push(boxAround(p, 2 * ring, 2 * ring));
    if (ui.getState().mode === "split") {
      // A node's badge sits over it; the store's and the resource's over their boxes.
      for (const p of L.nodes) out.push({ x0: p.x - 6, y0: p.y - L.nodeRadius - 28, x1: p.x + 6, y1: p.y - L.nodeRadius - 12 });
      for (const b of serverBoxes()) out.push({ x0: (b.x0 + b.x1) / 2 - 24, y0: (b.y0 + b.y1) / 2 - 46, x1: (b.x0 + b.x1) / 2 + 24, y1: (b.y0 + b.y1) / 2 - 30 });
    }
    return out;
  }

  function ensureLayout(s: SandboxState): boolean {
    const f = s.frame;
    if (!f || width === 0) return false;
    height = Math.min(clusterHeight(f.nodes.length, width, !!opts.compact), room);
    const key = `${f.nodes.length}|${width}|${height}|${f.store?.kind ?? f.store !== null}|${labelRoom}`;
    if (key === layoutKey) return true;
    // The nodes and links are drawn anew: the one with focus keeps it (see draw).
    const active = document.activeElement;
    if (active && (svg.node() as SVGSVGElement).contains(active)) {
      const el = active.closest("[data-node], [data-link]");
      refocus = el ? (el.hasAttribute("data-link") ? `link:${el.getAttribute("data-link")}` : `node:${el.getAttribute("data-node")}`) : null;
    }
    layoutKey = key;
    forgetFonts();
    layout = layoutCluster(f.nodes.length, width, height, f.store !== null, labelRoom);
    svg.attr("viewBox", `0 0 ${width} ${height}`).attr("width", width).attr("height", height);
    overlay.attr("viewBox", `0 0 ${width} ${height}`).attr("width", width).attr("height", height);
    buildNodes(f);
    buildFixed(f);
    lastFrame = null;
    lastCuts = null;
    return true;
  }

  function buildFixed(f: Frame): void {
    const L = layout as ClusterLayout;
    gLinks.selectAll("*").remove();
    links = [];
    gStore.selectAll("*").remove();
    // A run without a store (bully, ring, zab, raft) must not keep the last store's name.
    gStore.attr("role", null).attr("aria-label", null);
    if (L.store) {
      const w = width < 560 ? 112 : 132;
      const h = 50;
      gStore.attr("transform", `translate(${L.store.x},${L.store.y})`).attr("role", "img");
      gStore.append("path").attr("class", "sb-store-body")
        .attr("d", `M${-w / 2},${-h / 2 + 7} a${w / 2},7 0 0,0 ${w},0 v${h - 14} a${w / 2},7 0 0,1 ${-w},0 z M${-w / 2},${-h / 2 + 7} a${w / 2},7 0 0,1 ${w},0`);
      gStore.append("text").attr("class", "sb-store-title").attr("y", -2).attr("text-anchor", "middle")
        .text(storeLabel(f.store?.kind));
      gStore.append("text").attr("class", "sb-store-line").attr("y", 13).attr("text-anchor", "middle");
    }
    gResource.selectAll("*").remove();
    const rw = width < 560 ? 152 : 168;
    const rh = 52;
    gResource.attr("transform", `translate(${L.resource.x},${L.resource.y})`).attr("role", "img");
    gResource.append("rect").attr("class", "sb-resource-body").attr("x", -rw / 2).attr("y", -rh / 2).attr("width", rw).attr("height", rh).attr("rx", 6);
    gResource.append("rect").attr("class", "sb-resource-flash").attr("x", -rw / 2).attr("y", -rh / 2).attr("width", rw).attr("height", rh).attr("rx", 6);
    gResource.append("text").attr("class", "sb-resource-title").attr("y", -9).attr("text-anchor", "middle").text("resource");
    gResource.append("text").attr("class", "sb-resource-line").attr("y", 6).attr("text-anchor", "middle");
    gResource.append("text").attr("class", "sb-resource-last").attr("y", 20).attr("text-anchor", "middle");
    lastRejected = -1;
    // In split mode the store and the resource are picked like nodes (they are processes too).
    for (const [g, p] of [[gStore, "store"], [gResource, "resource"]] as const) {
      if (p === "store" && !L.store) continue; // no store in this run: nothing to pick or name
      g.append("text").attr("class", "sb-side-badge").attr("aria-hidden", "true").attr("text-anchor", "middle").attr("y", -34);
      g.on("click", () => {
        if (ui.getState().mode === "split") acts.toggleSide(p);
      });
      g.on("keydown", (ev: KeyboardEvent) => {
        if ((ev.key === "Enter" || ev.key === " ") && ui.getState().mode === "split") {
          ev.preventDefault();
          ev.stopPropagation();
          acts.toggleSide(p);
        }
      });
    }
  }

  function buildNodes(f: Frame): void {
    const L = layout as ClusterLayout;
    gNodes.selectAll("*").remove();
    gLabels.selectAll("*").remove();
    gLabels.attr("class", `sb-labels sb-labels-${L.labels}`);
    const r = L.nodeRadius;
    f.nodes.forEach((n, i) => {
      const p = L.nodes[i];
      const g = gNodes.append("g").attr("class", "sb-node").attr("data-node", n.id)
        .attr("transform", `translate(${p.x.toFixed(1)},${p.y.toFixed(1)})`)
        .attr("role", "button").attr("tabindex", i === focusIndex ? 0 : -1).attr("aria-pressed", "false");
      g.append("circle").attr("class", "sb-node-hit").attr("r", r + 12);
      g.append("circle").attr("class", "sb-node-iso").attr("r", r + 15);
      // Just outside the store's arc (r + 11.5) and inside the labels (r + 18 and beyond): at
      // r + 19 the ring ran through the "leader" label under a selected node.
      g.append("circle").attr("class", "sb-node-sel").attr("r", r + 14);
      g.append("circle").attr("class", "sb-arc-track").attr("r", r + 5);
      g.append("circle").attr("class", "sb-arc-track").attr("r", r + 10);
      g.append("path").attr("class", "sb-arc sb-arc-holder");
      g.append("path").attr("class", "sb-arc sb-arc-store");
      g.append("path").attr("class", "sb-arc sb-arc-timer");
      g.append("path").attr("class", "sb-node-shape");
      g.append("text").attr("class", "sb-node-id").attr("text-anchor", "middle").attr("dy", "0.35em")
        .style("font-size", `${r < 12 ? 8 : Math.max(10, Math.min(14, r * 0.62))}px`).text(n.id);
      const lab = L.label[i];
      const lines = L.labels === "full" ? 3 : 1;
      const lh = 13;
      const baseY = lab.above ? lab.dy - (lines - 1) * lh : lab.dx === 0 ? lab.dy + 9 : lab.dy - ((lines - 1) * lh) / 2 + 4;
      // Labels live in their own layer, so a node's box (and its click target) is the node itself.
      const t = gLabels.append("text").attr("class", "sb-node-label").attr("data-node", n.id).attr("text-anchor", lab.anchor)
        .attr("transform", `translate(${p.x.toFixed(1)},${p.y.toFixed(1)})`);
      for (let k = 0; k < lines; k++) t.append("tspan").attr("x", lab.dx).attr("y", baseY + k * lh).attr("class", k === 0 ? "sb-label-role" : "sb-label-sub");
      // The badge's side is in the node's name too, so the visible text stays its id (WCAG 2.5.3).
      g.append("text").attr("class", "sb-side-badge").attr("aria-hidden", "true").attr("text-anchor", "middle").attr("y", -(r + 16));
      g.on("click", () => {
        focusIndex = i;
        if (ui.getState().mode === "split") acts.toggleSide(n.id);
        else ctl.dispatch({ type: "select", node: n.id });
      });
      g.on("keydown", (ev: KeyboardEvent) => {
        const count = f.nodes.length;
        let next = -1;
        if (ev.key === "ArrowRight" || ev.key === "ArrowDown") next = (i + 1) % count;
        else if (ev.key === "ArrowLeft" || ev.key === "ArrowUp") next = (i - 1 + count) % count;
        else if (ev.key === "Home") next = 0;
        else if (ev.key === "End") next = count - 1;
        else if (ev.key === "Enter" || ev.key === " ") {
          ev.preventDefault();
          ev.stopPropagation();
          if (ui.getState().mode === "split") acts.toggleSide(n.id);
          else ctl.dispatch({ type: "select", node: n.id });
          return;
        }
        if (next >= 0) {
          ev.preventDefault();
          focusIndex = next;
          gNodes.selectAll<SVGGElement, unknown>("g.sb-node").attr("tabindex", (_, k) => (k === next ? 0 : -1));
          (gNodes.node()?.children[next] as SVGGElement | undefined)?.focus();
        }
      });
      g.on("focus", () => {
        focusIndex = i;
      });
    });
  }

  const arcGen = d3arc<{ inner: number; outer: number; frac: number }>()
    .innerRadius((d) => d.inner).outerRadius((d) => d.outer).startAngle(0).endAngle((d) => 2 * Math.PI * d.frac);

  function isolatedSet(f: Frame): Set<string> {
    const out = new Set<string>();
    if (!f.cuts.length) return out;
    const cut = new Set(f.cuts.map(([a, b]) => `${a}>${b}`));
    const all = [...f.nodes.map((n) => n.id), "resource", ...(f.store ? ["store"] : [])];
    for (const n of f.nodes) {
      if (all.every((o) => o === n.id || (cut.has(`${n.id}>${o}`) && cut.has(`${o}>${n.id}`)))) out.add(n.id);
    }
    return out;
  }

  function setAttr(el: Element, name: string, value: string): void {
    if (el.getAttribute(name) !== value) el.setAttribute(name, value);
  }
  function setText(el: Element | null, value: string): void {
    if (el && el.textContent !== value) el.textContent = value;
  }

  function drawNodes(s: SandboxState, f: Frame, iso: Set<string>): void {
    const L = layout as ClusterLayout;
    const ttl = leaseLength(s.parsed);
    // Raft's election timer: the arc is the time left before the node stands, out of the longest
    // timeout it can draw (the range's upper end, paper section 5.2), as RaftScope draws it.
    const et = (s.parsed?.timing as { electionTimeout?: [number, number] } | undefined)?.electionTimeout;
    const timerMax = Array.isArray(et) ? et[1] : null;
    const split = ui.getState();
    const sideB = new Set(split.sideB);
    const label = opts.plainLabels ? PLAIN_WORDS : termLabelOf(s.parsed, f.protocol);
    const r = L.nodeRadius;
    const groups = gNodes.node()?.children;
    if (!groups) return;
    const watches = watchLines(f);
    f.nodes.forEach((n, i) => {
      const g = groups[i] as SVGGElement | undefined;
      if (!g) return;
      const role = nodeRoleLabel(n);
      const cls = `sb-node role-${role}${s.selected === n.id ? " selected" : ""}${iso.has(n.id) ? " isolated" : ""}${n.believesLeader ? " believer" : ""}`;
      setAttr(g, "class", cls);
      const sideWord = split.mode === "split" ? `, side ${sideB.has(n.id) ? "B" : "A"}` : "";
      setAttr(g, "aria-label", `${nodeName(n, { isolated: iso.has(n.id), label, count: f.nodes.length, protocol: f.protocol, watch: watchWords(watches, n.id), ahead: queuedBehind(f, n) })}${n.queued ? `, ${n.queued} events queued while paused` : ""}${sideWord}`);
      setText(g.querySelector(".sb-side-badge"), split.mode === "split" ? (sideB.has(n.id) ? "B" : "A") : "");
      const deadline = (n.view as { electionDeadline?: unknown }).electionDeadline;
      const tArc = g.querySelector(".sb-arc-timer") as SVGPathElement;
      const tf = timerMax && typeof deadline === "number" && n.role !== "leader" && n.role !== "crashed" ? Math.max(0, Math.min(1, (deadline - n.localClockMs) / timerMax)) : 0;
      setAttr(tArc, "d", tf > 0 ? arcGen({ inner: r + 3, outer: r + 7, frac: tf }) ?? "" : "");
      setAttr(g, "aria-pressed", s.selected === n.id ? "true" : "false");
      const shape = g.querySelector(".sb-node-shape") as SVGPathElement;
      if (shape.dataset.role !== role) {
        shape.dataset.role = role;
        shape.setAttribute("d", shapePath(role === "stopped" ? "follower" : role, r));
      }
      const holder = n.lease?.holder ?? null;
      const st = n.lease?.store ?? null;
      const frac = (v: { remainingMs: number | null } | null) => (v && v.remainingMs !== null && ttl ? Math.max(0, Math.min(1, v.remainingMs / ttl)) : 0);
      const hArc = g.querySelector(".sb-arc-holder") as SVGPathElement;
      const sArc = g.querySelector(".sb-arc-store") as SVGPathElement;
      // Only the node that leads (or the store still names) shows lease rings (lease-rings.ts).
      const rings = leaseRings(f, n);
      const hf = rings.holder ? frac(holder) : 0;
      const sf = rings.store ? frac(st) : 0;
      setAttr(hArc, "d", hf > 0 ? arcGen({ inner: r + 3.5, outer: r + 6.5, frac: hf }) ?? "" : "");
      setAttr(sArc, "d", sf > 0 ? arcGen({ inner: r + 8.5, outer: r + 11.5, frac: sf }) ?? "" : "");
      g.querySelectorAll(".sb-arc-track").forEach((c) => setAttr(c, "visibility", ttl && (rings.holder || rings.store) ? "visible" : "hidden"));
      const spans = (gLabels.node() as SVGGElement).children[i]?.querySelectorAll("tspan") ?? ([] as unknown as NodeListOf<SVGTSpanElement>);
      const drift = n.driftPpm !== 0 ? ` ${n.driftPpm > 0 ? "+" : "−"}${Math.abs(n.driftPpm) / 10_000}%` : "";
      const step = Math.abs(n.wallClockMs - n.localClockMs) >= 1 ? ` wall ${n.wallClockMs > n.localClockMs ? "+" : "−"}${formatSeconds(Math.abs(n.wallClockMs - n.localClockMs))}` : "";
      const tally = voteTally(n, f.nodes.length);
      // Beside a node a zxid is written (epoch, counter), as the legend words it: its hex form
      // (in the node's name) pushed the ring into a narrow middle at 1280 px and the page
      // sideways at 375 px.
      // On a narrow picture only whom it votes for: the whole (epoch, zxid, id) is in its name.
      const zv = width < 560 ? (n.view as { vote?: { leader?: string } | null }).vote?.leader ?? null : zabVote(n, true);
      const tok = formatTokenShort;
      if (L.labels === "full") {
        const votes = !tally ? "" : opts.plainLabels ? `, ${tally.granted} vote${tally.granted === 1 ? "" : "s"}` : ` · votes ✓${tally.granted} ✗${tally.denied} …${tally.waiting}`;
        setText(spans[0], `${role}${n.slow > 1 ? ` ×${n.slow}` : ""}${iso.has(n.id) ? " · isolated" : ""}${votes}`);
        setText(spans[1], `${termText(label, n, queuedBehind(f, n))}${n.token !== null && n.token !== n.term ? ` · ${label.tokenWord} ${tok(f.protocol, n.token)}` : ""}${zv ? ` · vote ${zv}` : ""}`);
        setText(spans[2], opts.plainLabels ? "" : `clock ${fmtClock(n.localClockMs)}${drift}${step}`);
      } else {
        // Many nodes: followers show just their term (shape and colour say "follower"); on a
        // narrow screen, nothing, as there is no room (their names and the timeline say it).
        // In a queue recipe a waiting node's number is its place in line, not a token: none drawn.
        setText(spans[0], role === "follower" ? (width < 560 || (label.queue && n.token === null) ? "" : String(n.term)) : `${role}${label.queue && n.token === null ? "" : ` ${n.term}`}${tally ? ` ✓${tally.granted}` : ""}`);
      }
      // The tooltip holds what changes rarely; live numbers are in the node panel.
      // No <title> inside the button: its text would join the visible text and break WCAG 2.5.3
      // (the name must contain what is drawn); what it said is in the name and the legend.
    });
  }

  /** A small cluster's three-line labels: each where the layout puts it (beside its node on a
   *  wide picture, over or under it on a narrow one) unless there it would cover the store's or
   *  the resource's words, another node, another label or a side badge, or leave the picture;
   *  then over, under, right or left of its node, the first of those clear of all of them, moved
   *  sideways to stay inside the picture. Boxes come from canvas widths (text-width.ts) and the
   *  lines' font sizes, never from laying the page out; redone only when a width changes by a
   *  few px, so the labels do not shift while a clock ticks. */
  let fullSig = "";
  function placeFullLabels(): void {
    const L = layout as ClusterLayout;
    if (L.labels !== "full") return;
    const texts = [...(gLabels.node() as SVGGElement).querySelectorAll<SVGTextElement>("text.sb-node-label")];
    const lines = texts.map((t) => [...t.querySelectorAll<SVGTSpanElement>("tspan")].map((sp) => {
      const font = fontOf(sp);
      return { w: sp.textContent ? widthIn(font, sp.textContent) : 0, fs: fontPx(font) };
    }));
    const split = ui.getState().mode === "split";
    const sig = `${layoutKey}|${resourceW}|${split}|${lines.map((ls) => ls.map((l) => Math.ceil(l.w / 8)).join(",")).join(";")}`;
    if (sig === fullSig) return;
    fullSig = sig;
    const r = L.nodeRadius;
    const lh = 13;
    const d = r + 18;
    type Conf = { dx: number; baseY: number; anchor: "start" | "middle" | "end" };
    const bounds: Box = { x0: 2, y0: 2, x1: width - 2, y1: height - 2 };
    const taken = fixedBoxes();
    const boxes: Box[] = [];
    texts.forEach((t, i) => {
      const p = L.nodes[i];
      const ls = lines[i];
      if (!p || !ls) return;
      const n = ls.length;
      const def = L.label[i];
      const confs: Conf[] = [
        { dx: def.dx, baseY: def.above ? def.dy - (n - 1) * lh : def.dx === 0 ? def.dy + 9 : def.dy - ((n - 1) * lh) / 2 + 4, anchor: def.anchor },
        { dx: 0, baseY: -d - (n - 1) * lh, anchor: "middle" },
        { dx: 0, baseY: d + 9, anchor: "middle" },
        { dx: d + 6, baseY: -((n - 1) * lh) / 2 + 4, anchor: "start" },
        { dx: -(d + 6), baseY: -((n - 1) * lh) / 2 + 4, anchor: "end" },
        // Further over or under, past a box beside the node (a pair's labels on a phone).
        ...[20, 40, 60, 80].flatMap((k) => [
          { dx: 0, baseY: -d - (n - 1) * lh - k, anchor: "middle" as const },
          { dx: 0, baseY: d + 9 + k, anchor: "middle" as const },
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
        const shift = x1 > bounds.x1 ? Math.max(bounds.x1 - x1, bounds.x0 - x0) : x0 < bounds.x0 ? bounds.x0 - x0 : 0;
        return { box: { x0: x0 + shift, y0, x1: x1 + shift, y1 }, shift };
      };
      // On a narrow picture a label beside its node lies across the links: over or under first.
      if (width < 560) confs.push(...confs.splice(3, 2));
      const tries = confs.map((c) => ({ c, ...boxOf(c) }));
      // The node's own shape is always clear of its label; the others' are not.
      const own = boxAround(p, 1, 1);
      const against = taken.filter((b) => !(b.x0 <= own.x0 && b.x1 >= own.x1 && b.y0 <= own.y0 && b.y1 >= own.y1 && b.x1 - b.x0 < 4 * r));
      const cost = (b: Box) => {
        let c = b.y0 < bounds.y0 || b.y1 > bounds.y1 ? 1e6 : 0;
        for (const o of against) if (boxesOverlap(b, o, 2)) c += 1 + (Math.min(b.x1, o.x1) - Math.max(b.x0, o.x0)) * (Math.min(b.y1, o.y1) - Math.max(b.y0, o.y0));
        return c;
      };
      let best = tries[0];
      let bestCost = cost(best.box);
      for (const tr of tries.slice(1)) {
        if (bestCost === 0) break;
        const c = cost(tr.box);
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
    labelBoxes = boxes;
  }

  /** A big cluster's one-line labels (label-place.ts): measured where they are, then each put
   *  where it overlaps no other label and no node, inside the picture. Redone only when some
   *  label's text (so its width) or the layout changed. */
  let shortSig = "";
  function placeShortLabels(): void {
    const L = layout as ClusterLayout;
    if (L.labels !== "short") return;
    const texts = [...(gLabels.node() as SVGGElement).querySelectorAll<SVGTextElement>("text.sb-node-label")];
    const sig = `${layoutKey}|${texts.map((t) => t.textContent).join("|")}`;
    if (sig === shortSig) return;
    shortSig = sig;
    if (texts.some((t) => typeof t.getBBox !== "function")) return;
    const boxes: Box[] = serverBoxes();
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
    const measured = texts.map((t, i) => ({ p: L.nodes[i], b: t.textContent ? t.getBBox() : { x: 0, y: 0, width: 0, height: 0 } }));
    // Clear of the node's shape and its arcs (the timer's, or the lease rings).
    const clear = L.nodeRadius + (lastFrame?.nodes.some((n) => n.lease) ? 12 : 8);
    const at = placeLabels(measured.map(({ p, b }) => ({ at: p, width: b.width, height: b.height })), { width, height, clear, boxes });
    // A label that found no free spot is left unshown rather than drawn over another (label-place.ts).
    const boxesAt = measured.map(({ b }, i) => (b.width ? boxAround(at[i], b.width, b.height) : null));
    const covered = coveredLabels(boxesAt, measured.map((_, i) => i).sort((x, y) => measured[y].b.width - measured[x].b.width || x - y));
    labelBoxes = boxesAt.filter((b, i): b is Box => b !== null && !covered.has(i));
    texts.forEach((t, i) => {
      const { p, b } = measured[i];
      if (covered.has(i)) t.setAttribute("visibility", "hidden");
      else t.removeAttribute("visibility");
      if (!b.width) return;
      const c = at[i] ?? p;
      setAttr(t, "transform", `translate(${(c.x - (b.x + b.width / 2)).toFixed(1)},${(c.y - (b.y + b.height / 2)).toFixed(1)})`);
    });
  }

  /** What a text's drawn width depends on: its words and its class (which sets its font). Reading
   *  them costs nothing, while measuring (getComputedTextLength) makes the browser lay the page
   *  out there and then, in the middle of a frame: done on every frame, that was about 2.4 ms of
   *  each frame's 4-5 ms worker-message task. So measuring waits for one of them to change. */
  const textSig = (els: Iterable<Element>): string => {
    let sig = "";
    for (const e of els) sig += `${e.getAttribute("class") ?? ""}:${e.textContent ?? ""}|`;
    return sig;
  };

  /** Side labels wider than the room the layout left (Zab's zxids) widen it: true when the
   *  layout must be redone. The room only grows within one protocol, so this settles at once.
   *  Measured only when some label's text or the layout changed. */
  let fitSig = "";
  function fitLabels(f: Frame): boolean {
    if (roomFor !== f.protocol) {
      roomFor = f.protocol;
      if (labelRoom !== 0) {
        labelRoom = 0;
        layoutKey = "";
        return true;
      }
    }
    const L = layout as ClusterLayout;
    if (width < 560 || L.labels !== "full") return false;
    const labels = (gLabels.node() as SVGGElement).querySelectorAll<SVGTextElement>("text");
    const sig = `${layoutKey}|${textSig(labels)}`; // the layout's key holds the width
    if (sig === fitSig) return false;
    fitSig = sig;
    let widest = 0;
    labels.forEach((t, i) => {
      if (L.label[i]?.anchor === "middle") return;
      t.querySelectorAll<SVGTSpanElement>("tspan").forEach((sp) => {
        const w = textWidth(sp);
        if (w !== null) widest = Math.max(widest, w + Math.abs(L.label[i].dx) - L.nodeRadius + 8);
      });
    });
    const need = Math.ceil(widest / 16) * 16;
    if (need <= labelRoom || need <= 136 || need > width / 3) return false;
    labelRoom = need;
    layoutKey = "";
    return true;
  }

  /** The resource's box grows to hold its longest line (a zxid token is long). Measured only
   *  when one of its lines changed. */
  let resourceSig = "";
  function fitResource(): void {
    const el = gResource.node() as SVGGElement;
    const lines = el.querySelectorAll<SVGTextElement>("text");
    const sig = `${layoutKey}|${textSig(lines)}`; // a new layout draws the box afresh
    if (sig === resourceSig) return;
    resourceSig = sig;
    let w = width < 560 ? 152 : 168;
    lines.forEach((t) => {
      const tw = textWidth(t);
      if (tw !== null) w = Math.max(w, tw + 16);
    });
    w = Math.ceil(w);
    if (w !== resourceW) {
      resourceW = w;
      lastCuts = null; // the links bend around the box: route them again
    }
    el.querySelectorAll("rect").forEach((r) => {
      setAttr(r, "x", String(-w / 2));
      setAttr(r, "width", String(w));
    });
  }

  /** Split mode: the store and the resource say their side, and become buttons. */
  function drawSides(u: ReturnType<typeof ui.getState>): void {
    const split = u.mode === "split";
    const b = new Set(u.sideB);
    for (const [g, p] of [[gStore, "store"], [gResource, "resource"]] as const) {
      const el = g.node() as SVGGElement;
      // Only a drawn store or resource takes a role (an empty group with role img has no name).
      if (!el.querySelector("text:not(.sb-side-badge)")) continue;
      setAttr(el, "role", split ? "button" : "img");
      // Outside split mode they take no clicks, so a link drawn beneath the resource's box (the
      // mesh crosses the middle) can still be clicked there.
      el.style.pointerEvents = split ? "" : "none";
      if (split) setAttr(el, "tabindex", "0");
      else el.removeAttribute("tabindex");
      setText(el.querySelector(".sb-side-badge"), split ? `side ${b.has(p) ? "B" : "A"}` : "");
      // Its name starts with the words drawn in it (WCAG 2.5.3), then its side.
      const shown = [...el.querySelectorAll("text:not(.sb-side-badge)")].map((t) => t.textContent ?? "").filter(Boolean).join(" ");
      if (split) setAttr(el, "aria-label", `${shown}, side ${b.has(p) ? "B" : "A"}: press Enter to move it to the other side`);
    }
    gNodes.classed("splitting", split);
  }

  function drawStoreAndResource(f: Frame, mark: Mark | null, label: TermLabel): void {
    if (f.store) {
      const st = f.store;
      const name = storeLabelCap(st.kind);
      const { line, spoken } = opts.plainLabels
        ? { line: `${label.word} ${st.holderToken} · holder ${st.holder ?? "none"}`, spoken: `${label.word} ${st.holderToken}, lease holder ${st.holder ?? "none"}` }
        : storeLine(f.protocol, st);
      setText(gStore.select(".sb-store-line").node() as Element, st.up ? line : "DOWN");
      setAttr(gStore.node() as Element, "class", `sb-store${st.up ? "" : " down"}`);
      setAttr(gStore.node() as Element, "aria-label", `${name}: ${st.up ? `up, ${spoken}` : "down"}`);
    }
    const r = f.resource;
    const last = r.lastWrites[r.lastWrites.length - 1];
    const fencing = r.mode === "token" ? "on" : r.mode === "sequencer" ? "by sequencer" : "off";
    // The token in its protocol's own word (Zab's is a zxid), the same word on every line.
    const tw = label.tokenWord;
    const tok = (t: number) => `${tw} ${formatToken(f.protocol, t)}`;
    // The spec's token word at every width (a phone once read "max 2", a desktop "max token 2");
    // one wording at every width and in every embed (a phone once read "fenced", a desktop "fencing on").
    const fenceWord = `fencing ${fencing}`;
    setText(gResource.select(".sb-resource-line").node() as Element, r.mode === "sequencer" ? "fencing: asks the lock" : `${fenceWord} · max ${tw} ${formatToken(f.protocol, r.maxToken)}`);
    // A refused or stale write stays on the resource until the next event that matters (see
    // marks.ts), so it does not vanish with the next accepted write; otherwise the last write.
    // A refused write is a hazard fencing contained (amber); a stale one accepted is safety lost (red).
    const marked = mark && (mark.kind === "rejected" || mark.kind === "stale") && mark.node !== undefined ? mark : null;
    const lastEl = gResource.select(".sb-resource-last").node() as Element;
    if (marked) {
      setAttr(lastEl, "class", `sb-resource-last ${marked.kind === "rejected" ? "refused" : "bad"}`);
      setText(lastEl, `${marked.kind === "rejected" ? "✗" : "⚠"} ${marked.node} ${tok(marked.token ?? 0)} ${marked.kind === "rejected" ? "refused" : "accepted, stale"}`);
    } else {
      const res = last?.result;
      setAttr(lastEl, "class", `sb-resource-last${res === "rejected" ? " refused" : res === "stale-accepted" ? " bad" : ""}`);
      setText(lastEl, last ? `${res === "rejected" ? "✗" : res === "stale-accepted" ? "⚠" : "✓"} ${last.node} ${tok(last.token)}${res === "accepted" ? "" : res === "rejected" ? " refused" : " accepted, stale"}` : "no writes yet");
    }
    // The run's verdict in words, on the resource's title: a stale write accepted is a safety
    // violation (red) for the rest of the run; two nodes acting as leader while fencing refuses
    // the old one's writes is a hazard the token contains (amber).
    const leaders = f.nodes.filter((n) => n.role === "leader" || n.believesLeader).length;
    const verdict = r.staleAccepted > 0
      ? { cls: "violation", text: `resource: ${r.staleAccepted === 1 ? "a stale write" : `${r.staleAccepted} stale writes`} accepted` }
      : leaders >= 2
        ? { cls: "hazard", text: fencing === "off" ? "resource: two leaders, no fencing" : "resource: two leaders, fencing holds" }
        : null;
    const titleEl = gResource.select(".sb-resource-title").node() as Element;
    setText(titleEl, verdict ? verdict.text : "resource");
    setAttr(titleEl, "class", `sb-resource-title${verdict ? ` ${verdict.cls}` : ""}`);
    setAttr(gResource.node() as Element, "aria-label", `Resource${verdict ? ` (${verdict.text.slice("resource: ".length)})` : ""}: fencing ${fencing}, highest ${tok(r.maxToken)}, ${r.accepted} accepted, ${r.rejected} refused, ${r.staleAccepted} stale writes accepted${marked ? `; latest refused or stale: ${marked.node}'s ${tok(marked.token ?? 0)}` : ""}`);
    const bad = r.rejected + r.staleAccepted;
    if (lastRejected >= 0 && bad > lastRejected) {
      const el = gResource.node() as SVGGElement;
      el.classList.remove("flash");
      void el.getBoundingClientRect();
      el.classList.add("flash");
    }
    lastRejected = bad;
    fitResource();
    // The border marks the resource only while a refused or stale write is the marked event.
    setAttr(gResource.node() as Element, "class", `sb-resource${marked ? ` has-bad marked-${marked.kind}` : ""}${verdict ? ` verdict-${verdict.cls}` : ""}${(gResource.node() as Element).classList.contains("flash") ? " flash" : ""}`);
  }

  /** The links as buttons: a wide invisible stroke to hit, the drawn line, and a mark for a cut
   *  (a cross both ways, an arrowhead pointing the way messages are lost). */
  function onLinkClick(ev: MouseEvent, d: Link): void {
    if (opts.readOnly) return;
    const a = pos(d.a) as Point;
    const b = pos(d.b) as Point;
    const box = (svg.node() as SVGSVGElement).getBoundingClientRect();
    const x = ev.clientX - box.left;
    const y = ev.clientY - box.top;
    // One way from the end nearer the click: messages leaving that end are lost.
    const from = Math.hypot(x - a.x, y - a.y) <= Math.hypot(x - b.x, y - b.y) ? d.a : d.b;
    linkFocus = links.findIndex((l) => l.key === d.key);
    acts.link(d, { shift: ev.shiftKey, from });
  }

  /** Where each link's mark and tap spot go (link-marks.ts), clear of nodes, boxes and other links. */
  function linkMarks(): Point[] {
    const L = layout as ClusterLayout;
    const boxes: Obstacles["boxes"] = serverBoxes();
    // A node's link to the store or the resource never runs under the other box: there its cut
    // mark would seem to belong to another link (n2's link to etcd under the resource read as
    // n2's link to the resource).
    routes = new Map();
    const fixed: Array<Point | null> = [];
    const extra: Segment[] = [];
    const bends: Point[] = [];
    const segs = links.map((d) => {
      const a = pos(d.a) as Point;
      const b = pos(d.b) as Point;
      // Two links bent round the same corner would run on top of each other (one could not be
      // told from, or clicked apart from, the other): each later one goes a step wider.
      // Only links to the store or the resource bend: a mesh's peer links cross the middle by
      // nature (bent, they ran on top of each other round the box's corners); their marks stay
      // off the box (markPoints), and the box takes no clicks outside split mode.
      const server = d.a === "store" || d.a === "resource" || d.b === "store" || d.b === "resource";
      let via: Point[] = [];
      for (let k = 0; server && k < 4; k++) {
        via = routeAround(a, b, boxes, 14 + 10 * k);
        if (!via.some((v) => bends.some((w) => Math.hypot(v.x - w.x, v.y - w.y) < 8))) break;
      }
      bends.push(...via);
      fixed.push(null);
      if (!via.length) return { a, b };
      routes.set(d.key, via);
      // The mark goes on the longest leg (clear of the others, as any link's), the rest are
      // lines for the other marks to keep clear of.
      const pts = [a, ...via, b];
      const legs = pts.slice(1).map((q, k) => ({ a: pts[k], b: q }));
      const long = legs.reduce((m, l, k) => (Math.hypot(l.b.x - l.a.x, l.b.y - l.a.y) > Math.hypot(legs[m].b.x - legs[m].a.x, legs[m].b.y - legs[m].a.y) ? k : m), 0);
      legs.forEach((l, k) => k !== long && extra.push(l));
      return legs[long];
    });
    return markPoints(segs, { circles: L.nodes.map((c) => ({ c, r: L.nodeRadius + 12 })), boxes }, 12, 12, { fixed, extra });
  }

  function drawLinks(s: SandboxState, f: Frame): void {
    links = clusterLinks(f, { sequencer: s.parsed?.fencing === "sequencer" });
    const marks = linkMarks();
    const name = (p: string) => procLabel(f, p);
    if (linkFocus >= links.length) linkFocus = 0;
    const sel = gLinks.selectAll<SVGGElement, Link>("g.sb-linkbtn").data(links, (d) => d.key);
    sel.exit().remove();
    const enter = sel.enter().append("g").attr("class", "sb-linkbtn").attr("role", opts.readOnly ? null : "button");
    enter.append("path").attr("class", "sb-link-hit");
    enter.append("path").attr("class", "sb-link");
    enter.append("path").attr("class", "sb-link-mark");
    gSpots.selectAll<SVGCircleElement, Link>("circle").data(links, (d) => d.key).join("circle")
      .attr("class", (d) => `sb-link-spot state-${d.state}`).attr("r", 12).attr("data-link", (d) => d.key)
      .attr("cx", (_, k) => marks[k].x.toFixed(1)).attr("cy", (_, k) => marks[k].y.toFixed(1))
      .on("click", (ev: MouseEvent, d) => onLinkClick(ev, d));
    enter
      .on("click", (ev: MouseEvent, d) => onLinkClick(ev, d))
      .on("keydown", function (ev: KeyboardEvent, d) {
        const i = links.findIndex((l) => l.key === d.key);
        let next = -1;
        if (ev.key === "ArrowRight" || ev.key === "ArrowDown") next = (i + 1) % links.length;
        else if (ev.key === "ArrowLeft" || ev.key === "ArrowUp") next = (i - 1 + links.length) % links.length;
        else if (ev.key === "Home") next = 0;
        else if (ev.key === "End") next = links.length - 1;
        else if (ev.key === "Enter" || ev.key === " ") {
          ev.preventDefault();
          ev.stopPropagation();
          acts.link(d, { shift: ev.shiftKey });
          return;
        }
        if (next >= 0) {
          ev.preventDefault();
          linkFocus = next;
          const els = gLinks.selectAll<SVGGElement, Link>("g.sb-linkbtn");
          els.attr("tabindex", (_, k) => (k === next ? 0 : -1));
          (els.nodes()[next] as SVGGElement | undefined)?.focus();
        }
      })
      .on("focus", function (_ev, d) {
        linkFocus = links.findIndex((l) => l.key === d.key);
      });
    const all = enter.merge(sel);
    all.order();
    all.each(function (d, k) {
      const a = pos(d.a) as Point;
      const b = pos(d.b) as Point;
      // The mark (and the tap spot) sit at the link's clear point, near its middle.
      const { x: mx, y: my } = marks[k];
      // A straight link runs through its mark; a bent one through its bends (its mark on one).
      const via = routes.get(d.key);
      const pts = via ? [a, ...via, b] : [a, { x: mx, y: my }, b];
      const dpath = `M${pts.map((q) => `${q.x.toFixed(1)},${q.y.toFixed(1)}`).join("L")}`;
      // A one-way cut's arrowhead points the way messages are lost: along the leg the mark is on.
      const leg = legAt(pts, { x: mx, y: my });
      const dir = d.state === "b-a" ? { x: -leg.x, y: -leg.y } : leg;
      const mpath = `M${(mx - dir.x).toFixed(2)},${(my - dir.y).toFixed(2)}L${mx.toFixed(1)},${my.toFixed(1)}`;
      setAttr(this, "class", `sb-linkbtn state-${d.state}`);
      if (!opts.readOnly) setAttr(this, "tabindex", k === linkFocus ? "0" : "-1");
      setAttr(this, "aria-label", `Link ${name(d.a)} – ${name(d.b)}: ${stateWords(d, name)}`);
      setAttr(this, "data-link", d.key);
      setAttr(this, "data-state", d.state);
      setAttr(this, "data-mark", `${mx.toFixed(1)},${my.toFixed(1)}`);
      const [hit, line, mark] = this.children as unknown as [SVGPathElement, SVGPathElement, SVGPathElement];
      setAttr(hit, "d", dpath);
      setAttr(line, "d", dpath);
      setAttr(mark, "d", mpath);
      const marker = d.state === "open" ? "" : `url(#${hintId}-${d.state === "cut" ? "cross" : "arrow"})`;
      if (marker) setAttr(mark, "marker-end", marker);
      else mark.removeAttribute("marker-end");
    });
  }

  /** The unit direction of the leg of a polyline that a point lies on (nearest leg). */
  function legAt(pts: Point[], m: Point): Point {
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

  function drawCuts(f: Frame, iso: Set<string>): void {
    const drawn = new Set(links.map((l) => l.key));
    const seen = new Set<string>();
    const cut = new Set(f.cuts.map(([a, b]) => `${a}>${b}`));
    const lines: Array<{ a: Point; b: Point; oneWay: boolean; key: string }> = [];
    for (const [a, b] of f.cuts) {
      if (iso.has(a) || iso.has(b)) continue;
      if (drawn.has(`${a}|${b}`) || drawn.has(`${b}|${a}`)) continue;
      const k = a < b ? `${a}|${b}` : `${b}|${a}`;
      if (seen.has(k)) continue;
      seen.add(k);
      const pa = pos(a);
      const pb = pos(b);
      if (!pa || !pb) continue;
      const both = cut.has(`${b}>${a}`);
      lines.push({ a: pa, b: pb, oneWay: !both, key: both ? k : `${a}>${b}` });
    }
    // A cut is a dashed red link with a mark in the middle: a cross when both directions are
    // cut, an arrowhead pointing the way messages cannot go when only one is.
    const sel = gCuts.selectAll<SVGPathElement, (typeof lines)[number]>("path").data(lines, (d) => d.key);
    sel.exit().remove();
    sel.enter().append("path").merge(sel)
      .attr("class", (d) => `sb-cut${d.oneWay ? " one-way" : ""}`)
      .attr("d", (d) => {
        const mx = (d.a.x + d.b.x) / 2;
        const my = (d.a.y + d.b.y) / 2;
        return `M${d.a.x},${d.a.y}L${mx},${my}L${d.b.x},${d.b.y}`;
      })
      .attr("marker-mid", (d) => `url(#${hintId}-${d.oneWay ? "arrow" : "cross"})`)
      .attr("opacity", lines.length > 40 ? 0.35 : 0.9);
  }

  function drawInflight(s: SandboxState, f: Frame): void {
    const show = !s.playing;
    const msgs = show ? f.messages.filter((m) => pos(m.from) && pos(m.to)) : [];
    const focusable = msgs.length <= FOCUSABLE_MESSAGES;
    const sel = gInflight.selectAll<SVGCircleElement, Frame["messages"][number]>("circle").data(msgs, (d) => String(d.id));
    sel.exit().remove();
    const all = sel.enter().append("circle").attr("r", 6).attr("class", "sb-msg")
      .on("mouseenter focus", function (_ev, d) {
        showTip(d);
      })
      .on("mouseleave blur", () => tip.style("display", "none"))
      .on("click", (_ev, d) => ui.setState({ message: d.id }))
      .on("keydown", (ev: KeyboardEvent, d) => {
        if (ev.key !== "Enter" && ev.key !== " ") return;
        ev.preventDefault();
        ev.stopPropagation();
        ui.setState({ message: d.id });
      })
      .merge(sel);
    const label = opts.plainLabels ? PLAIN_WORDS : termLabelOf(s.parsed, f.protocol);
    const chosen = ui.getState().message;
    drawMsgLabels(f, msgs, label, chosen);
    all.each(function (d) {
      const at = msgAt(d.from, d.to, progress(d, f.t)) as Point;
      this.setAttribute("cx", String(at.x));
      this.setAttribute("cy", String(at.y));
      setAttr(this, "tabindex", focusable ? "0" : "-1");
      setAttr(this, "role", "button");
      setAttr(this, "class", `sb-msg${chosen === d.id ? " chosen" : ""}`);
      setAttr(this, "aria-pressed", chosen === d.id ? "true" : "false");
      setAttr(this, "aria-label", `Message ${messageLabel(d, label).spoken}, sent at ${formatSeconds(d.sentAt)}, arrives at ${formatSeconds(d.arriveAt)}: press Enter to inspect it`);
    });
    if (!show) tip.style("display", "none");
  }

  /** How far along its link a message is at time t (0 to 1). */
  function progress(d: { sentAt: number; arriveAt: number }, t: number): number {
    const span = d.arriveAt - d.sentAt;
    return span > 0 ? Math.max(0, Math.min(1, (t - d.sentAt) / span)) : 1;
  }

  /** The labels of the messages in flight (label-place.ts): alike ones merged into one ("16 ×
   *  LeaseGrant"), each beside its dot where it covers no other text, node or box and stays in
   *  the picture; one with no such spot is not drawn (its dot names it on hover and focus).
   *  Widths come from the canvas (text-width.ts), so placing lays nothing out. */
  function drawMsgLabels(f: Frame, msgs: Frame["messages"], label: ReturnType<typeof termLabelOf>, chosen: number | null): void {
    const marks = msgs.map((d) => {
      const lab = messageLabel(d, label);
      return { text: lab.text, mark: lab.mark, id: d.id, at: msgAt(d.from, d.to, progress(d, f.t)) as Point };
    });
    const groups = mergeMarks(marks);
    const sample = gMsgLabels.node()?.querySelector("text") ?? null;
    const font = sample ? fontOf(sample) : "400 10.5px system-ui";
    const fs = fontPx(font);
    const h = Math.ceil(fs * 1.25);
    const taken = [...fixedBoxes(), ...labelBoxes];
    const bounds: Box = { x0: 1, y0: 1, x1: width - 1, y1: height - 1 };
    const cx = width / 2;
    const placed: Array<{ key: string; text: string; cls: string; box: Box }> = [];
    for (const g of groups) {
      const w = Math.ceil(widthIn(font, g.text)) + 2;
      const box = firstFree(spotsAround(g.at, w, h, g.at.x >= cx ? 1 : -1), taken, bounds);
      if (!box) continue;
      taken.push(box);
      const first = g.members[0];
      const isChosen = g.members.some((m) => m.id === chosen);
      placed.push({ key: g.text, text: g.text, cls: `sb-msg-label${first.mark ? ` ${first.mark}` : ""}${isChosen ? " chosen" : ""}`, box });
    }
    const lsel = gMsgLabels.selectAll<SVGTextElement, (typeof placed)[number]>("text").data(placed, (d) => d.key);
    lsel.exit().remove();
    lsel.enter().append("text").attr("class", "sb-msg-label").merge(lsel).each(function (d) {
      setAttr(this, "x", ((d.box.x0 + d.box.x1) / 2).toFixed(1));
      // The box is the text's ascent and descent: its baseline sits a third of an em below the middle.
      setAttr(this, "y", ((d.box.y0 + d.box.y1) / 2 + fs * 0.33).toFixed(1));
      setAttr(this, "text-anchor", "middle");
      setAttr(this, "class", d.cls);
      setText(this, d.text);
    });
  }

  /** One dotted arrow per watch the ensemble holds, redrawn as watches fire and are set again. */
  function drawWatches(f: Frame): void {
    const L = layout as ClusterLayout;
    const lines = watchLines(f).filter((l) => pos(l.from) && pos(l.to));
    const down = new Set(f.nodes.filter((n) => n.role === "crashed" || n.role === "paused").map((n) => n.id));
    const centre = { x: width / 2, y: (L.store ?? L.resource).y };
    const into = new Map<string, number>();
    for (const l of lines) into.set(l.to, (into.get(l.to) ?? 0) + 1);
    const sel = gWatches.selectAll<SVGPathElement, WatchLine>("path").data(lines, (d) => d.key);
    sel.exit().remove();
    sel.enter().append("path").merge(sel).each(function (d) {
      setAttr(this, "marker-end", `url(#${hintId}-watch${(into.get(d.to) ?? 0) > 4 ? "-many" : ""})`);
      const a = pos(d.from) as Point;
      const b = pos(d.to) as Point;
      // Into the store's box (its half height), or to a node's edge clear of its lease rings.
      const trimB = d.to === "store" ? 27 : L.nodeRadius + (f.nodes[0]?.lease ? 13 : 4);
      setAttr(this, "d", watchPath(a, b, centre, L.nodeRadius + 2, trimB));
      // A watch set by a client that is down stays until its session ends: drawn fainter.
      setAttr(this, "class", `sb-watch${down.has(d.from) ? " from-down" : ""}${d.to === "store" ? " to-store" : ""}`);
      setAttr(this, "data-from", d.from);
      setAttr(this, "data-to", d.to);
      setAttr(this, "data-path", d.watch.path);
    });
  }

  function showTip(d: { kind: string; from: string; to: string; sentAt: number; arriveAt: number }): void {
    const f = store.getState().frame;
    const at = f ? msgAt(d.from, d.to, progress(d, f.t)) : null;
    if (!at) return;
    const text = `${kindWords(d.kind)}: ${d.from} → ${d.to}`;
    const t = tip.select("text").text(text).node() as SVGTextElement;
    const w = textWidth(t) ?? text.length * 7;
    // Held inside the picture, as every text of it is.
    const x = Math.max(6, Math.min(width - w - 6, at.x + 10));
    const y = Math.max(16, at.y - 12);
    tip.style("display", null).attr("transform", `translate(${x},${y})`);
    tip.select("rect").attr("x", -4).attr("y", -13).attr("width", w + 8).attr("height", 18);
  }

  function addFlights(s: SandboxState): void {
    if (s.flights.seq === flightSeq) return;
    flightSeq = s.flights.seq;
    const now = performance.now();
    for (const m of s.flights.batch) {
      if (flights.length >= MAX_FLIGHTS) break;
      if (!pos(m.from) || !pos(m.to)) continue;
      const simDur = m.arriveAt > 0 ? m.arriveAt - m.sentAt : 4;
      const dur = Math.max(320, Math.min(900, simDur / Math.max(0.1, s.speed)));
      flights.push({ ...m, start: now, dur: s.reducedMotion ? 420 : dur });
    }
    schedule();
  }

  function animate(): void {
    raf = 0;
    const s = store.getState();
    const now = performance.now();
    flights = flights.filter((fl) => now - fl.start < fl.dur);
    if (s.reducedMotion) {
      // Messages do not fly: the link they use lights up in place.
      gFlights.selectAll("circle").remove();
      const sel = gFlights.selectAll<SVGPathElement, Flight>("path").data(flights, (d) => String(d.id));
      sel.exit().remove();
      // The whole link lights, around its bends.
      sel.enter().append("path").attr("class", (d) => `sb-flight-link${d.arriveAt < 0 ? " lost" : ""}`).attr("fill", "none")
        .each(function (d) {
          const a = pos(d.from) as Point;
          const b = pos(d.to) as Point;
          const via = routes.get(`${d.from}|${d.to}`) ?? [...(routes.get(`${d.to}|${d.from}`) ?? [])].reverse();
          this.setAttribute("d", `M${[a, ...via, b].map((q) => `${q.x.toFixed(1)},${q.y.toFixed(1)}`).join("L")}`);
        });
    } else {
      gFlights.selectAll("path").remove();
      const sel = gFlights.selectAll<SVGCircleElement, Flight>("circle").data(flights, (d) => String(d.id));
      sel.exit().remove();
      sel.enter().append("circle").attr("r", 4.5).attr("class", (d) => `sb-flight${d.arriveAt < 0 ? " lost" : ""}`)
        .call((e) => e.append("title").text((d) => `${kindWords(d.kind)}: ${d.from} → ${d.to}${d.arriveAt < 0 ? " (lost)" : ""}`))
        .merge(sel)
        .each(function (d) {
          let p = (now - d.start) / d.dur;
          if (d.arriveAt < 0) p = Math.min(p, 0.5);
          const at = msgAt(d.from, d.to, p) as Point;
          this.setAttribute("transform", `translate(${at.x.toFixed(1)},${at.y.toFixed(1)})`);
        });
    }
    if (flights.length) schedule();
  }

  function schedule(): void {
    if (!raf) raf = requestAnimationFrame(animate);
  }

  function draw(s: SandboxState): void {
    if (!ensureLayout(s)) return;
    const f = s.frame as Frame;
    const u = ui.getState();
    if (f === lastFrame && s.selected === lastSelected && s.reducedMotion === lastReduced && u === lastUi && s.history === lastEvents) {
      addFlights(s);
      return;
    }
    lastFrame = f;
    lastSelected = s.selected;
    lastReduced = s.reducedMotion;
    lastUi = u;
    lastEvents = s.history;
    const iso = isolatedSet(f);
    setAttr(svg.node() as Element, "aria-label", `Cluster view at ${formatSeconds(f.t)}: ${f.nodes.length} nodes${f.store ? `, the ${storeLabel(f.store.kind)}` : ""} and the resource`);
    drawNodes(s, f, iso);
    drawStoreAndResource(f, markOf(s), opts.plainLabels ? PLAIN_WORDS : termLabelOf(s.parsed, f.protocol));
    placeShortLabels();
    placeFullLabels();
    drawSides(u);
    if (fitLabels(f)) {
      draw(s);
      return;
    }
    if (f.cuts !== lastCuts || links.length === 0) {
      lastCuts = f.cuts;
      drawLinks(s, f);
      drawCuts(f, iso);
    }
    drawInflight(s, f);
    drawWatches(f);
    gLinks.classed("raft", !f.store);
    addFlights(s);
    if (refocus) {
      const [kind, id] = [refocus.slice(0, 4), refocus.slice(5)];
      refocus = null;
      const el = [...(svg.node() as SVGSVGElement).querySelectorAll<SVGGElement>(kind === "link" ? "g.sb-linkbtn" : "g.sb-node")]
        .find((g) => g.getAttribute(kind === "link" ? "data-link" : "data-node") === id);
      el?.focus({ preventScroll: true });
    }
  }

  const ro = new ResizeObserver((entries) => {
    const box = entries[0].contentRect;
    const w = Math.round(box.width);
    const moved = measureRoom();
    if (w === width && !moved) return;
    width = w;
    draw(store.getState());
  });
  ro.observe(host);
  // What sits above the picture (the run's title, notices, the link tools) can change height,
  // and the window can: either moves the room left on screen. Observed after layout, so
  // reading the picture's place costs no extra layout.
  const fit = new ResizeObserver(() => {
    if (measureRoom()) draw(store.getState());
  });
  if (opts.fitScreen) {
    fit.observe(document.body);
    fit.observe(document.documentElement);
  }
  const onResize = () => {
    if (measureRoom()) draw(store.getState());
  };
  if (opts.fitScreen) window.addEventListener("resize", onResize);
  const unsub = store.subscribe((s) => draw(s));
  const unsubUi = ui.subscribe(() => draw(store.getState()));
  draw(store.getState());

  return () => {
    unsub();
    unsubUi();
    ro.disconnect();
    fit.disconnect();
    window.removeEventListener("resize", onResize);
    if (raf) cancelAnimationFrame(raf);
    svg.remove();
    overlay.remove();
  };
}

