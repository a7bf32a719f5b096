// The timeline's fault marks: a triangle and a dashed line at each fault (two paths when dense).
import { formatSeconds } from "../format-seconds.ts";
import { bucketFaults } from "../timeline-dense.ts";
import type { Group, TimelinePass } from "./timeline-svg.ts";

/** Draw a mark at each fault, or, dense, a bounded number of them. */
export function drawFaults(gFaults: Group, gFaultsDense: Group, p: TimelinePass): void {
  const { model, x, bottom, axis: AXIS, inner, dense } = p;
  // Dense, the fault marks are one path of dashed lines and one of triangles, a mark per few
  // pixels at most; the marks' list beside the timeline names every fault.
  const buckets = dense
    ? bucketFaults(
        [...model.faults].sort((a, b) => a.t - b.t),
        x,
        inner,
      )
    : [];
  const denseFaults =
    buckets.length > 0
      ? [
          {
            lines: buckets.map((g) => `M${x(g.first.t).toFixed(1)},8V${(bottom - AXIS).toFixed(1)}`).join(""),
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
}
