// Messages in the cluster picture: the ones paused in flight (labelled, inspectable), and the
// ones flying while time runs (dots along their links, or the link lit with reduced motion).
import type { Frame } from "../../engine/index.ts";
import { formatSeconds } from "../format-seconds.ts";
import { termLabelOf } from "../labels.ts";
import type { SandboxState } from "../store.ts";
import type { Point } from "./layout.ts";
import { kindWords, messageLabel } from "./message-label.ts";
import { procLabel } from "./cluster-ui.ts";
import { fontOf, fontPx, textWidth, widthIn } from "./text-width.ts";
import { type Box, firstFree, mergeMarks, spotsAround } from "./label-place.ts";
import type { Link } from "./cluster-links.ts";
import { type Flight, PLAIN_WORDS, pos, type Scene, setAttr, setText } from "./cluster-scene.ts";
import { fixedBoxes } from "./side-badges.ts";
import { msgAt, rawMsgAt } from "./cluster-geometry.ts";
import { lostStop, segmentHitsBox } from "./link-marks.ts";
import { linkLegs } from "./label-backs.ts";
const MAX_FLIGHTS = 60;
const FOCUSABLE_MESSAGES = 24;

/** Before the run has begun (paused at 0 s) nothing has travelled yet: no message is drawn, so
 *  the first frame is calm and agrees with a panel that says "Nothing yet: press Play" (review
 *  15b #9: bully's ten ELECTION dots stacked on n1 and n2 under their labels; 15a #12: "3 ×
 *  acquire" on /start's lease screen before Play). */
export function notBegun(s: Pick<SandboxState, "playing">, f: Pick<Frame, "t">): boolean {
  return !s.playing && f.t <= 0;
}

export function drawInflight(v: Scene, s: SandboxState, f: Frame): void {
  const show = !s.playing && !notBegun(s, f);
  const msgs = show ? f.messages.filter((m) => pos(v, m.from) && pos(v, m.to)) : [];
  const focusable = msgs.length <= FOCUSABLE_MESSAGES;
  const sel = v.gInflight
    .selectAll<SVGCircleElement, Frame["messages"][number]>("circle")
    .data(msgs, (d) => String(d.id));
  sel.exit().remove();
  const all = sel
    .enter()
    .append("circle")
    .attr("r", 6)
    .attr("class", "sb-msg")
    .on("mouseenter focus", function (_ev, d) {
      showTip(v, d);
    })
    .on("mouseleave blur", () => v.tip.style("display", "none"))
    .on("click", (_ev, d) => v.ui.setState({ message: d.id }))
    .on("keydown", (ev: KeyboardEvent, d) => {
      if (ev.key !== "Enter" && ev.key !== " ") return;
      ev.preventDefault();
      ev.stopPropagation();
      v.ui.setState({ message: d.id });
    })
    .merge(sel);
  const label = v.opts.plainLabels ? PLAIN_WORDS : termLabelOf(s.parsed, f.protocol);
  const chosen = v.ui.getState().message;
  drawMsgLabels(v, f, msgs, label, chosen);
  all.each(function (d) {
    const at = placeAt(v, d, f.t) as Point;
    this.setAttribute("cx", String(at.x));
    this.setAttribute("cy", String(at.y));
    setAttr(this, "tabindex", focusable ? "0" : "-1");
    setAttr(this, "role", "button");
    setAttr(this, "class", `sb-msg${chosen === d.id ? " chosen" : ""}`);
    setAttr(this, "aria-pressed", chosen === d.id ? "true" : "false");
    setAttr(
      this,
      "aria-label",
      `Message ${messageLabel(d, label, (p) => procLabel(f, p)).spoken}, sent at ${formatSeconds(d.sentAt)}, arrives at ${formatSeconds(d.arriveAt)}: press Enter to inspect it`,
    );
  });
  if (!show) v.tip.style("display", "none");
}

/** How far along its link a message is at time t (0 to 1). */
export function progress(d: { sentAt: number; arriveAt: number }, t: number): number {
  const span = d.arriveAt - d.sentAt;
  return span > 0 ? Math.max(0, Math.min(1, (t - d.sentAt) / span)) : 1;
}

/** The labels of the messages in flight (label-place.ts): alike ones merged into one ("16 ×
 *  LeaseGrant"), each beside its dot where it covers no other text, node or box and stays in
 *  the picture; one with no such spot is not drawn (its dot names it on hover and focus).
 *  Widths come from the canvas (text-width.ts), so placing lays nothing out. */
export function drawMsgLabels(
  v: Scene,
  f: Frame,
  msgs: Frame["messages"],
  label: ReturnType<typeof termLabelOf>,
  chosen: number | null,
): void {
  const marks = msgs.map((d) => {
    const lab = messageLabel(d, label);
    return {
      text: lab.text,
      mark: lab.mark,
      id: d.id,
      at: placeAt(v, d, f.t) as Point,
    };
  });
  const groups = mergeMarks(marks);
  const sample = v.gMsgLabels.node()?.querySelector("text") ?? null;
  const font = sample ? fontOf(sample) : "400 10.5px system-ui";
  const fs = fontPx(font);
  const h = Math.ceil(fs * 1.25);
  const taken = [...fixedBoxes(v), ...v.labelBoxes];
  const bounds: Box = { x0: 1, y0: 1, x1: v.width - 1, y1: v.height - 1 };
  const cx = v.width / 2;
  const placed: Array<{ key: string; text: string; cls: string; box: Box }> = [];
  // Each link as the segments it is drawn with: a label is put where it crosses none if it can
  // (review 4b #4: "Write" sat on n3's link to the resource), else where it covers only lines.
  const segs = linkLegs(v);
  const clearOfLinks = (b: Box) => !segs.some(([a, c]) => segmentHitsBox(a, c, b));
  for (const g of groups) {
    const w = Math.ceil(widthIn(font, g.text)) + 2;
    const spots = spotsAround(g.at, w, h, g.at.x >= cx ? 1 : -1);
    const box = firstFree(spots.filter(clearOfLinks), taken, bounds) ?? firstFree(spots, taken, bounds);
    if (!box) continue;
    taken.push(box);
    const first = g.members[0];
    const isChosen = g.members.some((m) => m.id === chosen);
    placed.push({
      key: g.text,
      text: g.text,
      cls: `sb-msg-label${first.mark ? ` ${first.mark}` : ""}${isChosen ? " chosen" : ""}`,
      box,
    });
  }
  // Each label on a backing of the picture's colour, drawn under every label: a label is put
  // clear of the links where it can, and where it cannot (a mesh's middle) no line runs through
  // its words (review 16b #5: "10 × ELECTION" lay across the n2–n5 link and the diagonals; the
  // text's halo alone left the line showing between its letters).
  const back = v.gMsgLabels
    .selectAll<SVGRectElement, (typeof placed)[number]>("rect.sb-msg-back")
    .data(placed, (d) => d.key);
  back.exit().remove();
  back
    .enter()
    .insert("rect", ":first-child")
    .attr("class", "sb-msg-back")
    .attr("rx", 3)
    .merge(back)
    .each(function (d) {
      setAttr(this, "x", (d.box.x0 - 1).toFixed(1));
      setAttr(this, "y", d.box.y0.toFixed(1));
      setAttr(this, "width", (d.box.x1 - d.box.x0 + 2).toFixed(1));
      setAttr(this, "height", (d.box.y1 - d.box.y0).toFixed(1));
    });
  const lsel = v.gMsgLabels
    .selectAll<SVGTextElement, (typeof placed)[number]>("text")
    .data(placed, (d) => d.key);
  lsel.exit().remove();
  lsel
    .enter()
    .append("text")
    .attr("class", "sb-msg-label")
    .merge(lsel)
    .each(function (d) {
      setAttr(this, "x", ((d.box.x0 + d.box.x1) / 2).toFixed(1));
      // The box is the text's ascent and descent: its baseline sits a third of an em below the middle.
      setAttr(this, "y", ((d.box.y0 + d.box.y1) / 2 + fs * 0.33).toFixed(1));
      setAttr(this, "text-anchor", "middle");
      setAttr(this, "class", d.cls);
      setText(this, d.text);
    });
}

export function showTip(
  v: Scene,
  d: { kind: string; from: string; to: string; sentAt: number; arriveAt: number },
): void {
  const f = v.store.getState().frame;
  const at = f ? placeAt(v, d, f.t) : null;
  if (!at) return;
  const text = `${kindWords(d.kind)}: ${procLabel(f, d.from)} → ${procLabel(f, d.to)}`;
  const t = v.tip.select("text").text(text).node() as SVGTextElement;
  const w = textWidth(t) ?? text.length * 7;
  // Held inside the picture, as every text of it is.
  const x = Math.max(6, Math.min(v.width - w - 6, at.x + 10));
  const y = Math.max(16, at.y - 12);
  v.tip.style("display", null).attr("transform", `translate(${x},${y})`);
  v.tip
    .select("rect")
    .attr("x", -4)
    .attr("y", -13)
    .attr("width", w + 8)
    .attr("height", 18);
}

export function addFlights(v: Scene, s: SandboxState): void {
  if (s.flights.seq === v.flightSeq) return;
  v.flightSeq = s.flights.seq;
  if (s.frame && notBegun(s, s.frame)) return;
  const now = performance.now();
  const flying = v.flights.filter((fl) => now - fl.start < fl.dur);
  for (const m of onePerLink(flying, s.flights.batch)) {
    if (v.flights.length >= MAX_FLIGHTS) break;
    if (!pos(v, m.from) || !pos(v, m.to)) continue;
    const simDur = m.arriveAt > 0 ? m.arriveAt - m.sentAt : 4;
    const dur = Math.max(320, Math.min(900, simDur / Math.max(0.1, s.speed)));
    v.flights.push({ ...m, start: now, dur: s.reducedMotion ? 420 : dur, stop: stopOf(v, m) });
  }
  schedule(v);
}

/** A message's link, the same both ways. */
function linkKey(m: { from: string; to: string }): string {
  return m.from < m.to ? `${m.from}|${m.to}` : `${m.to}|${m.from}`;
}

/** The sent messages drawn as dots: at most one on a link at a time (review 9a #11: a leader's
 *  heartbeats, sent faster than a dot crosses, strung beads from it to every follower). One sent
 *  while its link still carries a dot is not drawn, so each link reads as a line with a pulse. */
export function onePerLink<M extends { from: string; to: string }>(
  flying: ReadonlyArray<{ from: string; to: string }>,
  batch: readonly M[],
): M[] {
  const busy = new Set(flying.map(linkKey));
  return batch.filter((m) => {
    const k = linkKey(m);
    if (busy.has(k)) return false;
    busy.add(k);
    return true;
  });
}

/** How far a sent message gets along its link: all the way, or, lost on a cut link, up to just
 *  before the cut's cross (it stops there and fades: it never crosses the cut); a message lost
 *  on an open link (random loss) fades halfway. */
export function stopOf(v: Scene, m: { from: string; to: string; arriveAt: number }): number {
  if (m.arriveAt >= 0) return 1;
  const link = v.links.find((l) => (l.a === m.from && l.b === m.to) || (l.a === m.to && l.b === m.from));
  const mark = link && cutFrom(link, m.from) ? v.markAt.get(link.key) : undefined;
  const a = pos(v, m.from);
  const b = pos(v, m.to);
  if (!mark || !a || !b) return 0.5;
  const via = v.routes.get(`${m.from}|${m.to}`) ?? [...(v.routes.get(`${m.to}|${m.from}`) ?? [])].reverse();
  return lostStop(a, b, via, mark, LOST_GAP);
}

/** Does the link lose what `from` sends on it (cut both ways, or one way from `from`)? */
function cutFrom(l: Link, from: string): boolean {
  return l.state === "cut" || (l.state === "a-b" && from === l.a) || (l.state === "b-a" && from === l.b);
}

/** Where a message in flight is drawn at time t: along its link, but one a cut caught in flight
 *  (lost when it arrives) never past the cut's cross. */
function placeAt(
  v: Scene,
  d: { from: string; to: string; sentAt: number; arriveAt: number },
  t: number,
): Point | null {
  const link = v.links.find((l) => (l.a === d.from && l.b === d.to) || (l.a === d.to && l.b === d.from));
  const p = progress(d, t);
  return msgAt(
    v,
    d.from,
    d.to,
    link && cutFrom(link, d.from) ? Math.min(p, stopOf(v, { ...d, arriveAt: -1 })) : p,
  );
}

/** px between a lost message's centre and the cut's cross: the dot's radius, the cross's half
 *  size and a gap the eye can see. */
const LOST_GAP = 16;

export function animate(v: Scene): void {
  v.raf = 0;
  const s = v.store.getState();
  const now = performance.now();
  v.flights = v.flights.filter((fl) => now - fl.start < fl.dur);
  if (s.reducedMotion) {
    // Messages do not fly: the link they use lights up in place.
    v.gFlights.selectAll("circle").remove();
    const sel = v.gFlights.selectAll<SVGPathElement, Flight>("path").data(v.flights, (d) => String(d.id));
    sel.exit().remove();
    // The whole link lights, around its bends.
    sel
      .enter()
      .append("path")
      .attr("class", (d) => `sb-flight-link${d.arriveAt < 0 ? " lost" : ""}`)
      .attr("fill", "none")
      .each(function (d) {
        // A lost message lights its link only up to where it stopped, short of the cut.
        const pts = litPoints(v, d);
        this.setAttribute("d", `M${pts.map((q) => `${q.x.toFixed(1)},${q.y.toFixed(1)}`).join("L")}`);
      });
  } else {
    v.gFlights.selectAll("path").remove();
    const sel = v.gFlights.selectAll<SVGCircleElement, Flight>("circle").data(v.flights, (d) => String(d.id));
    sel.exit().remove();
    sel
      .enter()
      .append("circle")
      .attr("r", 4.5)
      .attr("class", (d) => `sb-flight${d.arriveAt < 0 ? " lost" : ""}`)
      .call((e) =>
        e
          .append("title")
          .text((d) => `${kindWords(d.kind)}: ${d.from} → ${d.to}${d.arriveAt < 0 ? " (lost)" : ""}`),
      )
      .merge(sel)
      .each(function (d) {
        const t = (now - d.start) / d.dur;
        // Delivered: all the way. Lost: up to its stop in the first 60 % of the time, then it
        // fades where it stopped, so it reads as dropped there.
        const lost = d.stop < 1;
        const p = lost ? d.stop * Math.min(1, t / 0.6) : t;
        const at = msgAt(v, d.from, d.to, p) as Point;
        this.setAttribute("transform", `translate(${at.x.toFixed(1)},${at.y.toFixed(1)})`);
        if (lost) this.setAttribute("opacity", String(t < 0.6 ? 0.9 : Math.max(0, (1 - t) / 0.4) * 0.9));
      });
  }
  if (v.flights.length) schedule(v);
}

/** The part of a flight's link it lights with reduced motion: the whole link, or up to its stop. */
function litPoints(v: Scene, d: Flight): Point[] {
  const a = pos(v, d.from) as Point;
  const b = pos(v, d.to) as Point;
  const via = v.routes.get(`${d.from}|${d.to}`) ?? [...(v.routes.get(`${d.to}|${d.from}`) ?? [])].reverse();
  if (d.stop >= 1) return [a, ...via, b];
  const end = rawMsgAt(v, d.from, d.to, d.stop) as Point;
  const total = pathLength([a, ...via, b]);
  const out = [a];
  let run = 0;
  for (const q of [...via, b]) {
    const prev = out[out.length - 1];
    run += Math.hypot(q.x - prev.x, q.y - prev.y);
    if (run >= d.stop * total) break;
    out.push(q);
  }
  out.push(end);
  return out;
}

function pathLength(pts: Point[]): number {
  let n = 0;
  for (let i = 1; i < pts.length; i++) n += Math.hypot(pts[i].x - pts[i - 1].x, pts[i].y - pts[i - 1].y);
  return n;
}

export function schedule(v: Scene): void {
  if (!v.raf) v.raf = requestAnimationFrame(() => animate(v));
}
