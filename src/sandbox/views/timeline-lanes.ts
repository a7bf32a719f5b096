// The timeline's lanes: one per node, its name and its role segments (crossed while crashed).
import type { Segment } from "../timeline-model.ts";
import { dominantRoles, rectsPath } from "../timeline-dense.ts";
import type { Group, TimelinePass } from "./timeline-svg.ts";

/** Draw one lane per node with its role segments. */
export function drawLanes(gLanes: Group, p: TimelinePass, left: number): void {
  const { model, x, laneH, top, dense, pid } = p;
  const lanes = gLanes
    .selectAll<SVGGElement, unknown>("g.sb-tl-lane")
    .data(model.rows)
    .join((e) => {
      const g = e.append("g").attr("class", "sb-tl-lane");
      g.append("text")
        .attr("class", "sb-tl-name")
        .attr("x", left - 6)
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
    .data((d) => (laneH >= 11 ? d.filter((sg) => sg.role === "crashed" && x(sg.to) - x(sg.from) >= 52) : []))
    .join("text")
    .attr("class", "sb-tl-seg-label")
    .style("font-size", laneH < 14 ? "8px" : "10px")
    .attr("x", (d) => x(d.from) + 4)
    .attr("y", laneH / 2)
    .attr("dy", "0.35em")
    .text("crashed");

  /** One path per role a lane held, by columns of its dominant role (dense mode). */
  function rolePaths(
    segs: readonly Segment[],
    node: number,
  ): Array<{ role: string; node: number; d: string }> {
    return [...dominantRoles(segs, x, x(0), x(p.f.until))].map(([role, runs]) => {
      const y = role === "follower" ? laneH * 0.38 : laneH * 0.16;
      const h = role === "follower" ? laneH * 0.24 : laneH * 0.68;
      return { role, node, d: rectsPath(runs, y, h) };
    });
  }
}
