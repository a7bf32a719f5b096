// The timeline's SVG skeleton (patterns, layer groups, moving layers) and what one draw pass knows.
import { select, type ScaleLinear, type Selection } from "d3";
import type { Frame } from "../../engine/index.ts";
import type { TimelineModel } from "../timeline-model.ts";

export type Group = Selection<SVGGElement, unknown, null, undefined>;
export type Svg = Selection<SVGSVGElement, unknown, null, undefined>;

/** What a rebuild draws with: the frame and its model, the scale, the lanes' box and mode. */
export interface TimelinePass {
  f: Frame;
  model: TimelineModel;
  x: ScaleLinear<number, number>;
  laneH: number;
  /** the lanes' top and bottom, and the axis row's height */
  top: number;
  bottom: number;
  axis: number;
  /** the drawable width between the margins */
  inner: number;
  compact: boolean;
  /** past DENSE_AT elements: a bounded number of paths (timeline-dense.ts) */
  dense: boolean;
  /** the id prefix of this timeline's patterns */
  pid: string;
  /** "to 4 s", or "onwards" for a stretch still open */
  upTo: (to: number) => string;
}

let timelines = 0;

/** The timeline's SVG with its patterns and layer groups, and the HTML layers that move with time. */
export function createTimelineSvg(host: HTMLElement, compact: boolean) {
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
  return {
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
  };
}
