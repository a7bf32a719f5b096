// The timeline's leader bands: who believed it led, with its term, epoch or token.
import { formatSeconds } from "../format-seconds.ts";
import { formatToken } from "../labels.ts";
import { mergeOnScreen, rectsPath } from "../timeline-dense.ts";
import type { Group, TimelinePass } from "./timeline-svg.ts";

/** Draw the leader bands (one outline path per lane when dense, with words on the wide ones). */
export function drawBands(gBands: Group, gBandsDense: Group, p: TimelinePass): void {
  const { f, model, x, laneH, top, compact, dense, upTo } = p;
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
    ? model.rows.map((_, node) => model.bands.filter((b) => b.node === node).sort((a, b) => a.from - b.from))
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
}
