// The cluster picture's nodes: each one's shape by role, its lease and election-timer arcs,
// its label lines and its accessible name, redrawn from every frame.
import { arc as d3arc } from "d3";
import type { Frame, FrameNode } from "../../engine/index.ts";
import { formatClock, formatSeconds } from "../format-seconds.ts";
import { leaseLength } from "../scenarios.ts";
import {
  formatTokenShort,
  numberLine,
  spokenToken,
  type TermLabel,
  termLabel,
  termLabelOf,
  termText,
  keptLine,
} from "../labels.ts";
import type { SandboxState } from "../store.ts";
import type { ClusterLayout } from "./layout.ts";
import { bindNodeInput } from "./cluster-input.ts";
import { watchLines, watchWords } from "./watch-lines.ts";
import { queuedBehind } from "../vocabulary.ts";
import { leaseRings } from "./lease-rings.ts";
import { PLAIN_WORDS, type Scene, setAttr, setText } from "./cluster-scene.ts";
export function nodeRoleLabel(n: FrameNode): string {
  if (n.role === "crashed")
    return n.detail === "booting" ? "booting" : n.detail === "stopped" ? "stopped" : "crashed";
  return n.role;
}

/** A candidate's tally, as RaftScope draws it: granted (its own vote included), refused, and
 *  still in flight. Null when the protocol's view keeps none or the node is not standing. */
export function voteTally(
  n: FrameNode,
  count: number,
): { granted: number; denied: number; waiting: number } | null {
  const v = n.view as { votes?: unknown; denied?: unknown };
  if (typeof v.votes !== "number" || n.role !== "candidate") return null;
  const denied = typeof v.denied === "number" ? v.denied : 0;
  return { granted: v.votes, denied, waiting: Math.max(0, count - v.votes - denied) };
}

/** Zab's vote while LOOKING, as (epoch, zxid, id): FastLeaderElection compares them in that order.
 *  `short`: the zxid as epoch:counter, for the label beside the node. */
export function zabVote(n: FrameNode, short = false): string | null {
  const v = (n.view as { vote?: { epoch?: number; zxid?: string; leader?: string } | null }).vote;
  if (!v || !v.leader) return null;
  const z =
    short && typeof v.zxid === "string" && /^0x[0-9a-f]+$/i.test(v.zxid)
      ? formatTokenShort("zab", Number(v.zxid))
      : v.zxid;
  return `(${v.epoch}, ${z}, ${v.leader})`;
}

/** A Zab server's last zxid as epoch:counter ("1:14"), from its frame's view; null for other
 *  protocols and for a crashed server (its view is empty). Review 16b #3: who is behind, and why
 *  the winner won, was nowhere on screen. */
export function zabLastZxid(n: FrameNode): string | null {
  const z = (n.view as { lastZxid?: unknown } | undefined)?.lastZxid;
  return typeof z === "string" && /^0x[0-9a-f]+$/i.test(z) ? formatTokenShort("zab", Number(z)) : null;
}

/** A node's number line under its role: its term (or token, or place in line), then a Zab
 *  server's last zxid. Beside a node a zxid is written epoch:counter, ZooKeeper's short form: its
 *  hex form pushed the ring into a narrow middle at 1280 px and the page sideways at 375 px. The
 *  live label and the still picture's words (ui/still-words.ts) both write it from here. */
export function nodeNumberLine(label: TermLabel, f: Frame, n: FrameNode): string {
  const zx = zabLastZxid(n);
  return `${numberLine(label, f.protocol, n, queuedBehind(f, n), f.store?.up ?? true)}${zx ? ` · zxid ${zx}` : ""}`;
}

/** The accessible name of a node control: id, role and its term (in the protocol's own word:
 *  "term 4", "rev 3", "seq 0") first, then what else matters. */
export function nodeName(
  n: FrameNode,
  extra: {
    isolated?: boolean;
    label?: TermLabel;
    count?: number;
    protocol?: string;
    watch?: string | null;
    ahead?: string | null;
    storeUp?: boolean;
  } = {},
): string {
  const label = extra.label ?? termLabel("raft");
  const number = termText(label, n, extra.ahead, extra.storeUp ?? true);
  const parts = [`${n.id}, ${nodeRoleLabel(n)}${number ? `, ${number}` : ""}`];
  // The token the label draws beside the term (Zab's zxid), in full with its halves, so a
  // narrow picture's short form loses nothing.
  // Said once: Zab's token is its epoch, already said as the term ("epoch 1, epoch 1", review 17b #8).
  const token =
    extra.protocol && n.token !== null && n.token !== n.term
      ? `${label.tokenWord} ${spokenToken(extra.protocol, n.token)}`
      : null;
  if (token && token !== number) parts.push(token);
  const tally = voteTally(n, extra.count ?? 0);
  if (tally) parts.push(`votes: ${tally.granted} granted, ${tally.denied} refused, ${tally.waiting} waiting`);
  const zx = zabLastZxid(n);
  if (zx) parts.push(`last zxid ${zx}`);
  // The vote's zxid as epoch:counter, as the label and the event log write it (never hex).
  const zv = zabVote(n, true);
  if (zv) parts.push(`votes for ${zv}`);
  // ZooKeeper: what it watches and who watches it (watch-lines.ts), as the arrows draw it.
  if (extra.watch) parts.push(extra.watch);
  if (n.believesLeader && n.role !== "leader") parts.push("still believes it leads");
  if (extra.isolated) parts.push("isolated");
  if (n.slow > 1) parts.push(`slowed ×${n.slow}`);
  if (n.driftPpm !== 0)
    parts.push(`clock ${n.driftPpm > 0 ? "fast" : "slow"} by ${Math.abs(n.driftPpm) / 10_000}%`);
  return parts.join(", ");
}

/** Whether a node's clock says something its neighbours' do not: a drift or a wall-clock step
 *  on it, or a local clock 0.1 s or more from true time (a clock set back or run fast earlier). */
export function clockTells(
  n: Pick<FrameNode, "driftPpm" | "wallClockMs" | "localClockMs">,
  t: number,
): boolean {
  return (
    n.driftPpm !== 0 || Math.abs(n.wallClockMs - n.localClockMs) >= 1 || Math.abs(n.localClockMs - t) >= 100
  );
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
    case "leader":
      return star(r * 1.4);
    case "candidate":
      return polygon(r * 1.2, 4, -Math.PI / 2);
    case "paused":
      return polygon(r * 1.2, 4, Math.PI / 4);
    case "crashed":
      return polygon(r * 1.02, 8, Math.PI / 8);
    default:
      return polygon(r, 48);
  }
}

const arcGen = d3arc<{ inner: number; outer: number; frac: number }>()
  .innerRadius((d) => d.inner)
  .outerRadius((d) => d.outer)
  .startAngle(0)
  .endAngle((d) => 2 * Math.PI * d.frac);

export function buildNodes(v: Scene, f: Frame): void {
  const L = v.layout as ClusterLayout;
  v.gNodes.selectAll("*").remove();
  v.gLabels.selectAll("*").remove();
  v.gBadges.selectAll("*").remove();
  v.gLabels.attr("class", `sb-labels sb-labels-${L.labels}`);
  const r = L.nodeRadius;
  f.nodes.forEach((n, i) => {
    const p = L.nodes[i];
    const g = v.gNodes
      .append("g")
      .attr("class", "sb-node")
      .attr("data-node", n.id)
      .attr("transform", `translate(${p.x.toFixed(1)},${p.y.toFixed(1)})`)
      .attr("role", "button")
      .attr("tabindex", i === v.focusIndex ? 0 : -1)
      .attr("aria-pressed", "false");
    g.append("circle")
      .attr("class", "sb-node-hit")
      .attr("r", r + 12);
    g.append("circle")
      .attr("class", "sb-node-iso")
      .attr("r", r + 15);
    // Just outside the store's arc (r + 11.5) and inside the labels (r + 18 and beyond): at
    // r + 19 the ring ran through the "leader" label under a selected node.
    g.append("circle")
      .attr("class", "sb-node-sel")
      .attr("r", r + 14);
    g.append("circle")
      .attr("class", "sb-arc-track")
      .attr("r", r + 5);
    g.append("circle")
      .attr("class", "sb-arc-track")
      .attr("r", r + 10);
    g.append("path").attr("class", "sb-arc sb-arc-holder");
    g.append("path").attr("class", "sb-arc sb-arc-store");
    g.append("path").attr("class", "sb-arc sb-arc-timer");
    g.append("path").attr("class", "sb-node-shape");
    g.append("text")
      .attr("class", "sb-node-id")
      .attr("text-anchor", "middle")
      .attr("dy", "0.35em")
      .style("font-size", `${r < 12 ? 8 : Math.max(10, Math.min(14, r * 0.62))}px`)
      .text(n.id);
    const lab = L.label[i];
    const lines = L.labels === "full" ? 3 : 1;
    const lh = 13;
    const baseY = lab.above
      ? lab.dy - (lines - 1) * lh
      : lab.dx === 0
        ? lab.dy + 8
        : lab.dy - ((lines - 1) * lh) / 2 + 4;
    // Labels live in their own layer, so a node's box (and its click target) is the node itself.
    const t = v.gLabels
      .append("text")
      .attr("class", "sb-node-label")
      .attr("data-node", n.id)
      .attr("text-anchor", lab.anchor)
      .attr("transform", `translate(${p.x.toFixed(1)},${p.y.toFixed(1)})`);
    for (let k = 0; k < lines; k++)
      t.append("tspan")
        .attr("x", lab.dx)
        .attr("y", baseY + k * lh)
        .attr("class", k === 0 ? "sb-label-role" : "sb-label-sub");
    // The badge's side is in the node's name too; the badge lies outside the node's button, so
    // the button's visible text stays its id (WCAG 2.5.3: inside it, "n1" and "A" read "n1 A").
    v.gBadges
      .append("text")
      .attr("class", "sb-side-badge")
      .attr("data-node", n.id)
      .attr("transform", `translate(${p.x.toFixed(1)},${p.y.toFixed(1)})`)
      .attr("text-anchor", "middle")
      .attr("y", -(r + 16));
    bindNodeInput(v, g, f.nodes.length, n.id, i);
  });
}

export function isolatedSet(f: Frame): Set<string> {
  const out = new Set<string>();
  if (!f.cuts.length) return out;
  const cut = new Set(f.cuts.map(([a, b]) => `${a}>${b}`));
  const all = [...f.nodes.map((n) => n.id), "resource", ...(f.store ? ["store"] : [])];
  for (const n of f.nodes) {
    if (all.every((o) => o === n.id || (cut.has(`${n.id}>${o}`) && cut.has(`${o}>${n.id}`)))) out.add(n.id);
  }
  return out;
}

export function drawNodes(v: Scene, s: SandboxState, f: Frame, iso: Set<string>): void {
  const L = v.layout as ClusterLayout;
  const ttl = leaseLength(s.parsed);
  // Raft's election timer: the arc is the time left before the node stands, out of the longest
  // timeout it can draw (the range's upper end, paper section 5.2), as RaftScope draws it.
  const et = (s.parsed?.timing as { electionTimeout?: [number, number] } | undefined)?.electionTimeout;
  const timerMax = Array.isArray(et) ? et[1] : null;
  const sides = v.sides;
  const label = v.opts.plainLabels ? PLAIN_WORDS : termLabelOf(s.parsed, f.protocol);
  const r = L.nodeRadius;
  const groups = v.gNodes.node()?.children;
  if (!groups) return;
  const watches = watchLines(f);
  f.nodes.forEach((n, i) => {
    const g = groups[i] as SVGGElement | undefined;
    if (!g) return;
    const role = nodeRoleLabel(n);
    const cls = `sb-node role-${role}${s.selected === n.id ? " selected" : ""}${iso.has(n.id) ? " isolated" : ""}${n.believesLeader ? " believer" : ""}`;
    setAttr(g, "class", cls);
    const side = sides?.get(n.id) ?? "";
    const sideWord = side ? `, side ${side}` : "";
    setAttr(
      g,
      "aria-label",
      `${nodeName(n, { isolated: iso.has(n.id), label, count: f.nodes.length, protocol: f.protocol, watch: watchWords(watches, n.id), ahead: queuedBehind(f, n), storeUp: f.store?.up ?? true })}${n.queued ? `, ${n.queued} events queued while paused` : ""}${sideWord}`,
    );
    setText((v.gBadges.node() as SVGGElement).children[i] ?? null, side);
    const deadline = (n.view as { electionDeadline?: unknown }).electionDeadline;
    const tArc = g.querySelector(".sb-arc-timer") as SVGPathElement;
    const tf =
      timerMax && typeof deadline === "number" && n.role !== "leader" && n.role !== "crashed"
        ? Math.max(0, Math.min(1, (deadline - n.localClockMs) / timerMax))
        : 0;
    setAttr(tArc, "d", tf > 0 ? (arcGen({ inner: r + 3, outer: r + 7, frac: tf }) ?? "") : "");
    setAttr(g, "aria-pressed", s.selected === n.id ? "true" : "false");
    const shape = g.querySelector(".sb-node-shape") as SVGPathElement;
    if (shape.dataset.role !== role) {
      shape.dataset.role = role;
      shape.setAttribute("d", shapePath(role === "stopped" ? "follower" : role, r));
    }
    const holder = n.lease?.holder ?? null;
    const st = n.lease?.store ?? null;
    const frac = (v: { remainingMs: number | null } | null) =>
      v && v.remainingMs !== null && ttl ? Math.max(0, Math.min(1, v.remainingMs / ttl)) : 0;
    const hArc = g.querySelector(".sb-arc-holder") as SVGPathElement;
    const sArc = g.querySelector(".sb-arc-store") as SVGPathElement;
    // Only the node that leads (or the store still names) shows lease rings (lease-rings.ts).
    const rings = leaseRings(f, n);
    const hf = rings.holder ? frac(holder) : 0;
    const sf = rings.store ? frac(st) : 0;
    setAttr(hArc, "d", hf > 0 ? (arcGen({ inner: r + 3.5, outer: r + 6.5, frac: hf }) ?? "") : "");
    setAttr(sArc, "d", sf > 0 ? (arcGen({ inner: r + 8.5, outer: r + 11.5, frac: sf }) ?? "") : "");
    g.querySelectorAll(".sb-arc-track").forEach((c) =>
      setAttr(c, "visibility", ttl && (rings.holder || rings.store) ? "visible" : "hidden"),
    );
    const spans =
      (v.gLabels.node() as SVGGElement).children[i]?.querySelectorAll("tspan") ??
      ([] as unknown as NodeListOf<SVGTSpanElement>);
    const drift = n.driftPpm !== 0 ? ` ${n.driftPpm > 0 ? "+" : "−"}${Math.abs(n.driftPpm) / 10_000}%` : "";
    const step =
      Math.abs(n.wallClockMs - n.localClockMs) >= 1
        ? ` wall ${n.wallClockMs > n.localClockMs ? "+" : "−"}${formatSeconds(Math.abs(n.wallClockMs - n.localClockMs))}`
        : "";
    const tally = voteTally(n, f.nodes.length);
    // On a narrow picture only whom it votes for: the whole (epoch, zxid, id) is in its name.
    const zv =
      v.width < 560
        ? ((n.view as { vote?: { leader?: string } | null }).vote?.leader ?? null)
        : zabVote(n, true);
    // On a wide picture a Zab vote (epoch, zxid, id) has a line of its own, under the epoch and
    // zxid: after them it doubled the label's width while the servers looked for a leader, and
    // the picture's room for labels was redone mid-run (review 17b #1).
    const wideVote = v.width >= 560;
    if (L.labels === "full") {
      const votes = !tally
        ? ""
        : v.opts.plainLabels
          ? `, ${tally.granted} vote${tally.granted === 1 ? "" : "s"}`
          : // In words a newcomer reads (review 14a #9: "votes ✓1 ✗0 …2" was a puzzle): the votes
            // it has of the majority it needs; refused and awaited ones are in its name and panel.
            ` · ${tally.granted} vote${tally.granted === 1 ? "" : "s"} of ${Math.floor(f.nodes.length / 2) + 1} needed`;
      setText(
        spans[0],
        `${role}${n.slow > 1 ? ` ×${n.slow}` : ""}${iso.has(n.id) ? " · isolated" : ""}${votes}`,
      );
      // A crashed leader keeps its outer ring while the store still names it: the label says why
      // the ring is there (review 5b #16: the legend's rings were "leader only").
      const kept = n.role === "crashed" && sf > 0;
      setText(
        spans[1],
        kept
          ? f.store
            ? keptLine(f.store.kind)
            : "lease still counting"
          : `${nodeNumberLine(label, f, n)}${zv && !wideVote ? ` · vote ${zv}` : ""}`,
      );
      // The clock line only when it tells something (review 9a #11: three lines under every node,
      // all clocks reading the same): a clock fault on this node, or its clock off true time.
      const clock =
        v.opts.plainLabels || v.opts.simple || !clockTells(n, f.t)
          ? ""
          : `clock ${formatClock(n.localClockMs)}${drift}${step}`;
      setText(spans[2], [wideVote && zv ? `vote ${zv}` : "", clock].filter(Boolean).join(" · "));
    } else {
      // Many nodes: followers show just their term (shape and colour say "follower"); on a
      // narrow screen, nothing, as there is no room (their names and the timeline say it).
      // In a queue recipe a waiting node's number is its place in line, not a token: none drawn.
      setText(
        spans[0],
        role === "follower"
          ? v.width < 560 || (label.queue && n.token === null)
            ? ""
            : String(n.term)
          : `${role}${label.queue && n.token === null ? "" : ` ${n.term}`}${tally ? ` ✓${tally.granted}` : ""}`,
      );
    }
    // The tooltip holds what changes rarely; live numbers are in the node panel.
    // No <title> inside the button: its text would join the visible text and break WCAG 2.5.3
    // (the name must contain what is drawn); what it said is in the name and the legend.
  });
}
