// The timeline: mounts it, rebuilds its parts when the run changes and moves its cursor.
// One swimlane per node over simulated time (role segments, leader bands with
// their term or token), split brain shaded across all lanes, leaderless gaps, fault markers and
// the current moment. It is a slider (timeline-seek.ts): clicking or dragging on it seeks, and so
// do the arrow keys (0.1 s), Page Up / Page Down (1 s), Home and End when it has focus. Drawn
// with D3 outside React.
import { axisTop, scaleLinear } from "d3";
import type { Frame } from "../../engine/index.ts";
import type { SandboxController } from "../controller.ts";
import { formatSeconds } from "../format-seconds.ts";
import type { SandboxState } from "../store.ts";
import { buildTimeline, type TimelineModel } from "../timeline-model.ts";
import { DENSE_AT } from "../timeline-dense.ts";
import { bindTimelineSeek } from "./timeline-seek.ts";
import { drawBands } from "./timeline-bands.ts";
import { drawFaults } from "./timeline-faults.ts";
import { drawLanes } from "./timeline-lanes.ts";
import { drawSpans } from "./timeline-spans.ts";
import { createTimelineSvg } from "./timeline-svg.ts";

export interface TimelineOptions {
  /** the lesson embed's strip: thin lanes, a short axis, no band labels */
  compact?: boolean;
}

export function mountTimeline(
  host: HTMLElement,
  ctl: SandboxController,
  opts: TimelineOptions = {},
): () => void {
  const store = ctl.store;
  const compact = opts.compact === true;
  const LEFT = compact ? 26 : 34;
  const RIGHT = compact ? 8 : 12;
  const AXIS = compact ? 22 : 24;
  const FAULT_ROW = compact ? 10 : 16;
  const {
    svg,
    futureBox,
    futureEl,
    cursorEl,
    pid,
    gAxis,
    gSpans,
    gLanes,
    gBands,
    gBandsDense,
    gFaults,
    gFaultsDense,
  } = createTimelineSvg(host, compact);

  let width = 0;
  let lastLanes: unknown = null;
  let lastEvents: unknown = null;
  let lastBuild = 0;
  let lastT = -1;
  let pending: ReturnType<typeof setTimeout> | null = null;
  let model: TimelineModel | null = null;
  const x = scaleLinear();
  let laneH = 20;
  let lastAxis = "";
  let height = 0;

  function geometry(s: SandboxState): boolean {
    const f = s.frame;
    if (!f || width === 0) return false;
    const n = f.nodes.length;
    laneH = compact ? (n <= 3 ? 13 : n <= 5 ? 11 : n <= 12 ? 7 : 4) : n <= 5 ? 22 : n <= 12 ? 16 : 11;
    height = AXIS + FAULT_ROW + n * laneH + 8;
    x.domain([0, f.until]).range([LEFT, width - RIGHT]);
    svg.attr("viewBox", `0 0 ${width} ${height}`).attr("width", width).attr("height", height);
    return true;
  }

  function rebuild(s: SandboxState): void {
    const f = s.frame;
    if (!f || !geometry(s)) return;
    const n = f.nodes.length;
    // Open segments reach the end of the run; the future layer hides what has not happened.
    model = buildTimeline(n, s.lanes, s.history, f.until);
    const upTo = (to: number) => (to >= f.until && f.t < f.until ? "onwards" : `to ${formatSeconds(to)}`);
    const top = AXIS + FAULT_ROW;
    const bottom = top + n * laneH;
    const axisKey = `${width}|${f.until}`;
    if (axisKey !== lastAxis) {
      lastAxis = axisKey;
      const ticks = Math.max(2, Math.floor((width - LEFT - RIGHT) / (compact ? 70 : 80)));
      gAxis.attr("transform", `translate(0,${AXIS - 4})`).call(
        axisTop(x)
          .ticks(ticks)
          .tickFormat((d) => `${Number(d) / 1000}s`)
          .tickSizeOuter(0),
      );
      // A tick's words at either edge end (or start) at their tick rather than centre on it, so
      // the last one ("35s") is never cut by the strip's edge (review 5a #9).
      gAxis
        .selectAll<SVGTextElement, number>(".tick text")
        .attr("text-anchor", (d) =>
          x(d) > width - RIGHT - 12 ? "end" : x(d) < LEFT + 12 ? "start" : "middle",
        );
    }
    const spans = model.leaderless.length + model.overlap.length;
    // Past DENSE_AT elements, draw a bounded number of them (timeline-dense.ts): the page's DOM
    // and each redraw then stay the same size however long the run grows.
    const total =
      model.rows.reduce((a, r) => a + r.length, 0) + model.bands.length + spans + model.faults.length;
    const dense = total > DENSE_AT;
    svg.classed("dense", dense);
    const pass = {
      f,
      model,
      x,
      laneH,
      top,
      bottom,
      axis: AXIS,
      inner: width - LEFT - RIGHT,
      compact,
      dense,
      pid,
      upTo,
    };
    drawSpans(svg, gSpans, pass);
    drawLanes(gLanes, pass, LEFT);
    drawBands(gBands, gBandsDense, pass);
    drawFaults(gFaults, gFaultsDense, pass);
    label(f);
    svg.attr("aria-valuemax", f.until);
    futureBox.style.top = `${AXIS}px`;
    futureBox.style.height = `${bottom - AXIS + 4}px`;
    futureBox.style.left = `${x(0)}px`;
    futureBox.style.width = `${x(f.until) - x(0) + 3}px`;
    cursorEl.style.top = `${AXIS - 6}px`;
    cursorEl.style.height = `${bottom - AXIS + 8}px`;
    lastCursor = -1;
  }

  let lastCursor = -1;
  function moveCursor(s: SandboxState): void {
    const f = s.frame;
    if (!f || width === 0) return;
    // The SVG is drawn at its container's pixel width, so SVG units are CSS pixels.
    const scale = 1;
    const px = Math.round(x(f.t) * 2) / 2;
    if (px === lastCursor) return;
    lastCursor = px;
    const el = svg.node() as SVGSVGElement;
    const now = String(Math.round(f.t));
    if (el.getAttribute("aria-valuenow") !== now) {
      el.setAttribute("aria-valuenow", now);
      el.setAttribute("aria-valuetext", `${formatSeconds(f.t)} of ${formatSeconds(f.until)}`);
    }
    cursorEl.style.transform = `translateX(${px}px)`;
    futureEl.style.transform = `translateX(${px - x(0) * scale}px)`;
  }

  // The slider's name tells the time drawn to and what the run holds so far. Time passes
  // without new lanes or historic events (they come with changes of leader, faults and the
  // like), so the name follows the clock itself, a few times a second and at every stop.
  let lastLabel = 0;
  function label(f: Frame): void {
    if (!model) return;
    lastLabel = performance.now();
    const leaders = model.bands.length;
    const overlap = model.overlap.reduce((a, sp) => a + Math.max(0, Math.min(sp.to, f.t) - sp.from), 0);
    svg.attr(
      "aria-label",
      `Timeline to ${formatSeconds(f.t)} of ${formatSeconds(f.until)}: ${leaders} leadership${leaders === 1 ? "" : "s"}, ${model.faults.length} fault${model.faults.length === 1 ? "" : "s"}${overlap > 0 ? `, two leaders for ${formatSeconds(overlap)}` : ""}. Click, or use the arrow keys, to move there.`,
    );
  }

  function draw(s: SandboxState, force = false): void {
    const f = s.frame;
    if (!f) return;
    const now = performance.now();
    const changed = s.lanes !== lastLanes || s.history !== lastEvents;
    // Only new samples or events change the lanes; time passing only moves the layers.
    if (force || f.t < lastT || (changed && now - lastBuild > 100)) {
      lastLanes = s.lanes;
      lastEvents = s.history;
      lastBuild = now;
      rebuild(s);
    } else if (changed && !pending) {
      pending = setTimeout(() => {
        pending = null;
        draw(store.getState());
      }, 110);
    } else if (f.t !== lastT && (!s.playing || f.t >= f.until || now - lastLabel > 250)) label(f);
    lastT = f.t;
    moveCursor(s);
  }

  // Seeking by pointer and by key (timeline-seek.ts), mapped through the current scale.
  bindTimelineSeek(svg.node() as SVGSVGElement, ctl, (clientX) => {
    const rect = (svg.node() as SVGSVGElement).getBoundingClientRect();
    return x.invert(((clientX - rect.left) / rect.width) * width);
  });

  const ro = new ResizeObserver((entries) => {
    const w = Math.round(entries[0].contentRect.width);
    if (w === width) return;
    width = w;
    draw(store.getState(), true);
  });
  ro.observe(host);
  const unsub = store.subscribe((s) => draw(s));
  draw(store.getState(), true);
  return () => {
    unsub();
    ro.disconnect();
    if (pending) clearTimeout(pending);
    svg.remove();
    futureBox.remove();
    cursorEl.remove();
  };
}
