// The timeline: one swimlane per node over simulated time (role segments, leader bands with
// their term or token), split brain shaded across all lanes, leaderless gaps, fault markers and
// the current moment. It is a slider (timeline-seek.ts): clicking or dragging on it seeks, and so
// do the arrow keys (0.1 s), Page Up / Page Down (1 s), Home and End when it has focus. Drawn
// with D3 outside React.
import { axisTop, scaleLinear, select } from "d3";
import type { Frame } from "../../engine/index.ts";
import type { SandboxController } from "../controller.ts";
import { formatToken } from "../labels.ts";
import { formatSeconds } from "../format-seconds.ts";
import type { SandboxState } from "../store.ts";
import { buildTimeline, type Segment, type TimelineModel } from "../timeline-model.ts";
import { bindTimelineSeek } from "./timeline-seek.ts";
import { DENSE_AT, bucketFaults, dominantRoles, mergeOnScreen, rectsPath } from "../timeline-dense.ts";

export interface TimelineOptions {
  /** the lesson embed's strip: thin lanes, a short axis, no band labels */
  compact?: boolean;
}

let timelines = 0;

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
  host.style.position = "relative";
  // Sized to nothing until the first draw knows the width (an unsized SVG would take 300 × 150).
  // A name from the start: the first frame (which gives the full one) can come late on a busy machine.
  const svg = select(host)
    .append("svg")
    .attr("class", `sb-timeline${compact ? " compact" : ""}`)
    .attr("role", "slider")
    .attr("aria-label", "Timeline of the run")
    .attr("tabindex", 0)
    .attr("aria-valuemin", 0)
    .attr("aria-valuemax", 0)
    .attr("aria-valuenow", 0)
    .attr("aria-orientation", "horizontal")
    .attr("width", 0)
    .attr("height", 0);
  // The moving parts (the current moment and the not-yet-run future) are HTML layers moved by
  // transform, so time passing never repaints the lanes. Open segments are drawn to the end of
  // the run and the future layer covers what has not happened yet.
  const futureBox = document.createElement("div");
  futureBox.className = "sb-tl-future-box";
  futureBox.setAttribute("aria-hidden", "true");
  const futureEl = document.createElement("div");
  futureEl.className = "sb-tl-future-layer";
  futureBox.append(futureEl);
  const cursorEl = document.createElement("div");
  cursorEl.className = "sb-tl-cursor-layer";
  cursorEl.setAttribute("aria-hidden", "true");
  host.append(futureBox, cursorEl);
  // Split brain and a crashed lane must never read as the same thing, nor by colour alone:
  // split brain is striped across every lane and labelled "split brain"; a crashed stretch is
  // crossed and labelled "crashed" (when wide enough for the word; its title says it always).
  const pid = `sb-tl-${++timelines}`;
  const defs = svg.append("defs");
  const hatch = defs
    .append("pattern")
    .attr("id", `${pid}-split`)
    .attr("class", "sb-tl-split-pattern")
    .attr("width", 8)
    .attr("height", 8)
    .attr("patternUnits", "userSpaceOnUse")
    .attr("patternTransform", "rotate(45)");
  hatch.append("rect").attr("class", "sb-tl-split-bg").attr("width", 8).attr("height", 8);
  hatch.append("rect").attr("class", "sb-tl-split-stripe").attr("width", 3).attr("height", 8);
  const cross = defs
    .append("pattern")
    .attr("id", `${pid}-crashed`)
    .attr("class", "sb-tl-crashed-pattern")
    .attr("width", 8)
    .attr("height", 8)
    .attr("patternUnits", "userSpaceOnUse");
  cross.append("rect").attr("class", "sb-tl-crashed-bg").attr("width", 8).attr("height", 8);
  cross.append("path").attr("class", "sb-tl-crashed-cross").attr("d", "M0,0L8,8M8,0L0,8");
  const gAxis = svg.append("g").attr("class", "sb-tl-axis");
  const gSpans = svg.append("g").attr("class", "sb-tl-spans");
  const gLanes = svg.append("g").attr("class", "sb-tl-lanes");
  const gBands = svg.append("g").attr("class", "sb-tl-bands");
  // A long run's bands, one path per lane (timeline-dense.ts), and the words of the wide ones.
  const gBandsDense = svg.append("g").attr("class", "sb-tl-bands-dense");
  const gFaults = svg.append("g").attr("class", "sb-tl-faults");
  // A long run's fault marks: two paths (the dashed lines, the triangles), one title.
  const gFaultsDense = svg.append("g").attr("class", "sb-tl-faults-dense");

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
  /** the run's end, as the last rebuild drew it */
  let f0Until = 0;
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
    f0Until = f.until;
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
    }
    const spans = [
      ...model.leaderless.map((sp) => ({ ...sp, kind: "leaderless" })),
      ...model.overlap.map((sp) => ({ ...sp, kind: "overlap" })),
    ];
    // Past DENSE_AT elements, draw a bounded number of them (timeline-dense.ts): the page's DOM
    // and each redraw then stay the same size however long the run grows.
    const total =
      model.rows.reduce((a, r) => a + r.length, 0) + model.bands.length + spans.length + model.faults.length;
    const dense = total > DENSE_AT;
    svg.classed("dense", dense);
    const spanPaths = dense
      ? (["leaderless", "overlap"] as const)
          .map((kind) => {
            const list = kind === "overlap" ? model!.overlap : model!.leaderless;
            return {
              kind,
              count: list.length,
              d: rectsPath(mergeOnScreen(list, x, kind === "overlap" ? 4 : 1), top - 2, bottom - top + 4),
            };
          })
          .filter((sp) => sp.count > 0)
      : [];
    gSpans
      .selectAll("path")
      .data(spanPaths)
      .join("path")
      .attr("class", (d) => `sb-tl-span ${d.kind}`)
      .style("fill", (d) => (d.kind === "overlap" ? `url(#${pid}-split)` : null))
      .attr("d", (d) => d.d)
      .selectAll("title")
      .data((d) => [d])
      .join("title")
      .text((d) => (d.kind === "overlap" ? `Split brain, ${d.count} times` : `No leader, ${d.count} times`));
    gSpans
      .selectAll("rect")
      .data(dense ? [] : spans)
      .join("rect")
      .attr("class", (d) => `sb-tl-span ${d.kind}`)
      .style("fill", (d) => (d.kind === "overlap" ? `url(#${pid}-split)` : null))
      // A split brain of a few milliseconds still shows a stripe under its words.
      .attr("x", (d) => x(d.from))
      .attr("width", (d) => Math.max(d.kind === "overlap" ? 4 : 1, x(d.to) - x(d.from)))
      .attr("y", top - 2)
      .attr("height", bottom - top + 4)
      .selectAll("title")
      .data((d) => [d])
      .join("title")
      .text(
        (d) =>
          `${d.kind === "overlap" ? `Split brain: ${d.count} believers` : "No leader"} from ${formatSeconds(d.from)} ${upTo(d.to)}`,
      );
    // The words over the stripes, in the row above the lanes (the fault marks' row): they may
    // run past a short stretch, but never into the previous one's words. The embed's strip is
    // too thin for them (its hint says what the stripes are).
    let wordsEnd = -Infinity;
    const splitWords = compact
      ? []
      : model.overlap.filter((sp) => {
          if (x(sp.from) < wordsEnd + 6) return false;
          wordsEnd = x(sp.from) + 62;
          return true;
        });
    // Amber stripes while no stale write has landed (the token contained it, or nothing tried
    // yet); red with ✗ once one was accepted: safety lost (issue 33; the key says it in words).
    const lost = f.resource.staleAccepted > 0;
    svg.classed("safety-lost", lost);
    gSpans
      .selectAll("text")
      .data(splitWords)
      .join("text")
      .attr("class", "sb-tl-span-label")
      .attr("x", (d) => x(d.from) + 3)
      .attr("y", top - 5)
      .text(lost ? "✗ split brain" : "split brain");
    const lanes = gLanes
      .selectAll<SVGGElement, unknown>("g.sb-tl-lane")
      .data(model.rows)
      .join((e) => {
        const g = e.append("g").attr("class", "sb-tl-lane");
        g.append("text")
          .attr("class", "sb-tl-name")
          .attr("x", LEFT - 6)
          .attr("text-anchor", "end");
        return g;
      });
    lanes.attr("transform", (_, i) => `translate(0,${top + i * laneH})`);
    // Lanes too thin to label go unnamed (many nodes in the embed); the full sandbox names them.
    lanes
      .select("text")
      .attr("y", laneH / 2)
      .attr("dy", "0.35em")
      .text((_, i) => (laneH >= 7 ? `n${i + 1}` : ""))
      .style("font-size", laneH < 14 ? "9px" : "11px");
    lanes
      .selectAll("path.sb-tl-seg")
      .data((d, i) => (dense ? rolePaths(d, i) : []))
      .join("path")
      .attr("class", (d) => `sb-tl-seg role-${d.role}`)
      .style("fill", (d) => (d.role === "crashed" ? `url(#${pid}-crashed)` : null))
      .attr("d", (d) => d.d);
    lanes
      .selectAll("rect")
      .data((d) => (dense ? [] : d))
      .join("rect")
      .attr("class", (d) => `sb-tl-seg role-${d.role}`)
      .style("fill", (d) => (d.role === "crashed" ? `url(#${pid}-crashed)` : null))
      .attr("x", (d) => x(d.from))
      .attr("width", (d) => Math.max(0.5, x(d.to) - x(d.from)))
      .attr("y", (d) => (d.role === "follower" ? laneH * 0.38 : laneH * 0.16))
      .attr("height", (d) => (d.role === "follower" ? laneH * 0.24 : laneH * 0.68));
    lanes
      .selectAll("text.sb-tl-seg-label")
      .data((d) =>
        laneH >= 11 ? d.filter((sg) => sg.role === "crashed" && x(sg.to) - x(sg.from) >= 52) : [],
      )
      .join("text")
      .attr("class", "sb-tl-seg-label")
      .style("font-size", laneH < 14 ? "8px" : "10px")
      .attr("x", (d) => x(d.from) + 4)
      .attr("y", laneH / 2)
      .attr("dy", "0.35em")
      .text("crashed");
    const bandData = dense ? [] : model.bands;
    const bands = gBands
      .selectAll<SVGGElement, unknown>("g")
      .data(bandData)
      .join((e) => {
        const g = e.append("g").attr("class", "sb-tl-band");
        g.append("rect");
        g.append("text").attr("dy", "0.35em");
        g.append("title");
        return g;
      });
    bands.attr("transform", (d) => `translate(0,${top + d.node * laneH})`);
    bands
      .select("rect")
      .attr("x", (d) => x(d.from))
      .attr("width", (d) => Math.max(1, x(d.to) - x(d.from)))
      .attr("y", laneH * 0.1)
      .attr("height", laneH * 0.8)
      .attr("rx", 3);
    const bandText = (d: { term: number; token: number }) =>
      f.protocol === "raft"
        ? `term ${d.term}`
        : f.protocol === "zab"
          ? `epoch ${d.term}`
          : `token ${formatToken(f.protocol, d.token)}`;
    bands
      .select("text")
      .attr("x", (d) => x(d.from) + 4)
      .attr("y", laneH / 2)
      .style("font-size", laneH < 14 ? "8px" : "10px")
      .text((d) => (!compact && x(d.to) - x(d.from) > 46 && laneH >= 10 ? bandText(d) : ""));
    bands
      .select("title")
      .text(
        (d) =>
          `n${d.node + 1} believed it led, with ${bandText(d)}, from ${formatSeconds(d.from)} ${upTo(d.to)}`,
      );
    // Dense, the bands: one outline path per lane, and the words only where a band is wide.
    const bandRows = dense
      ? model.rows.map((_, node) =>
          model!.bands.filter((b) => b.node === node).sort((a, b) => a.from - b.from),
        )
      : [];
    gBandsDense
      .selectAll<SVGPathElement, unknown>("path")
      .data(bandRows.map((list, node) => ({ node, list })).filter((r) => r.list.length > 0))
      .join("path")
      .attr("class", "sb-tl-band-path")
      .style("fill", "none")
      .style("stroke", "var(--sb-leader)")
      .style("stroke-width", "2")
      .attr("d", (r) =>
        rectsPath(mergeOnScreen(r.list, x, 1), top + r.node * laneH + laneH * 0.1, laneH * 0.8),
      );
    const wideBands =
      dense && !compact && laneH >= 10 ? model.bands.filter((d) => x(d.to) - x(d.from) > 46) : [];
    gBandsDense
      .selectAll("text")
      .data(wideBands)
      .join("text")
      .attr("class", "sb-tl-band-dense-label")
      .attr("dy", "0.35em")
      .style("font-size", laneH < 14 ? "8px" : "10px")
      .style("fill", "#fff")
      .style("font-weight", "700")
      .style("paint-order", "stroke")
      .style("stroke", "var(--sb-leader)")
      .style("stroke-width", "3px")
      .style("pointer-events", "none")
      .attr("x", (d) => x(d.from) + 4)
      .attr("y", (d) => top + d.node * laneH + laneH / 2)
      .text((d) => bandText(d));
    // Dense, the fault marks are one path of dashed lines and one of triangles, a mark per few
    // pixels at most; the marks' list beside the timeline names every fault.
    const buckets = dense
      ? bucketFaults(
          [...model.faults].sort((a, b) => a.t - b.t),
          x,
          width - LEFT - RIGHT,
        )
      : [];
    const denseFaults =
      buckets.length > 0
        ? [
            {
              lines: buckets
                .map((g) => `M${x(g.first.t).toFixed(1)},8V${(bottom - AXIS).toFixed(1)}`)
                .join(""),
              marks: buckets.map((g) => `M${(x(g.first.t) - 5).toFixed(1)},0h10l-5,8z`).join(""),
              count: model.faults.length,
            },
          ]
        : [];
    const fd = gFaultsDense
      .selectAll<SVGGElement, unknown>("g")
      .data(denseFaults)
      .join((e) => {
        const g = e.append("g").attr("class", "sb-tl-fault");
        g.append("path")
          .attr("class", "sb-tl-fault-lines")
          .style("fill", "none")
          .style("stroke", "var(--sb-fault)")
          .style("stroke-dasharray", "2 3");
        g.append("path").attr("class", "sb-tl-fault-marks");
        g.append("title");
        return g;
      });
    fd.attr("transform", `translate(0,${AXIS})`);
    fd.select("path.sb-tl-fault-lines").attr("d", (d) => d.lines);
    fd.select("path.sb-tl-fault-marks").attr("d", (d) => d.marks);
    fd.select("title").text((d) => `${d.count} faults`);
    const faultMarks = dense ? [] : model.faults;
    const faults = gFaults
      .selectAll<SVGGElement, unknown>("g")
      .data(faultMarks)
      .join((e) => {
        const g = e.append("g").attr("class", "sb-tl-fault");
        g.append("line");
        g.append("path").attr("d", "M-5,0L5,0L0,8Z");
        g.append("title");
        return g;
      });
    faults.attr("transform", (d) => `translate(${x(d.t)},${AXIS})`);
    faults
      .select("line")
      .attr("y1", 8)
      .attr("y2", bottom - AXIS);
    faults.select("title").text((d) => `${formatSeconds(d.t)}: ${d.label}${d.node ? ` ${d.node}` : ""}`);
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

  /** One path per role a lane held, its stretches merged on screen (dense mode). */
  /** One path per role a lane held, by columns of its dominant role (dense mode). */
  function rolePaths(
    segs: readonly Segment[],
    node: number,
  ): Array<{ role: string; node: number; d: string }> {
    return [...dominantRoles(segs, x, x(0), x(f0Until))].map(([role, runs]) => {
      const y = role === "follower" ? laneH * 0.38 : laneH * 0.16;
      const h = role === "follower" ? laneH * 0.24 : laneH * 0.68;
      return { role, node, d: rectsPath(runs, y, h) };
    });
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
      `Timeline to ${formatSeconds(f.t)} of ${formatSeconds(f.until)}: ${leaders} leadership${leaders === 1 ? "" : "s"}, ${model.faults.length} fault${model.faults.length === 1 ? "" : "s"}${overlap > 0 ? `, split brain for ${formatSeconds(overlap)}` : ""}. Click, or use the arrow keys, to move there.`,
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
