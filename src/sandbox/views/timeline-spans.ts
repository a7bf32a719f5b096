// The timeline's stretches across all lanes: two leaders (striped, with its words; the lessons
// call it split brain, the sandbox says "two leaders" everywhere) and no leader.
import { formatSeconds } from "../format-seconds.ts";
import { mergeOnScreen, rectsPath } from "../timeline-dense.ts";
import type { Span, TimelineModel } from "../timeline-model.ts";
import type { Group, Svg, TimelinePass } from "./timeline-svg.ts";

/** Each stretch of two or more leaders cut to the lanes of the nodes that believed they led
 *  within it: one cell per believer's band inside the stretch. */
export function overlapCells(
  model: Pick<TimelineModel, "overlap" | "bands">,
  top: number,
  laneH: number,
): Array<Span & { node: number; y: number; h: number }> {
  return model.overlap.flatMap((sp) =>
    model.bands
      .filter((b) => b.from < sp.to && b.to > sp.from)
      .map((b) => ({
        from: Math.max(b.from, sp.from),
        to: Math.min(b.to, sp.to),
        count: sp.count,
        node: b.node,
        y: top + b.node * laneH,
        h: laneH,
      })),
  );
}

/** Draw the stretches with no leader and with more than one, and the words over two leaders. */
export function drawSpans(svg: Svg, gSpans: Group, p: TimelinePass): void {
  const { f, model, x, top, bottom, laneH, compact, dense, pid, upTo } = p;
  // No leader spans every lane; two leaders is striped only on the lanes of the nodes that
  // believed they led, for as long as each did (review 5a #9: a stripe across n1's lane read as
  // if n1, which never led, had been one of them).
  const spans: Array<Span & { kind: string; y: number; h: number }> = [
    ...model.leaderless.map((sp) => ({ ...sp, kind: "leaderless", y: top - 2, h: bottom - top + 4 })),
    ...overlapCells(model, top, laneH).map((c) => ({ ...c, kind: "overlap" })),
  ];
  const spanPaths = dense
    ? (["leaderless", "overlap"] as const)
        .map((kind) => {
          const list = kind === "overlap" ? model.overlap : model.leaderless;
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
    .text((d) => (d.kind === "overlap" ? `Two leaders, ${d.count} times` : `No leader, ${d.count} times`));
  gSpans
    .selectAll("rect")
    .data(dense ? [] : spans)
    .join("rect")
    .attr("class", (d) => `sb-tl-span ${d.kind}`)
    .style("fill", (d) => (d.kind === "overlap" ? `url(#${pid}-split)` : null))
    // Two leaders for a few milliseconds still shows a stripe under its words.
    .attr("x", (d) => x(d.from))
    .attr("width", (d) => Math.max(d.kind === "overlap" ? 4 : 1, x(d.to) - x(d.from)))
    .attr("y", (d) => d.y)
    .attr("height", (d) => d.h)
    .selectAll("title")
    .data((d) => [d])
    .join("title")
    .text(
      (d) =>
        `${d.kind === "overlap" ? `Two leaders: ${d.count} believe they lead` : "No leader"} from ${formatSeconds(d.from)} ${upTo(d.to)}`,
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
  // Amber stripes while nothing newer was overwritten (the token refused the old leader's
  // writes, or they landed before the new leader wrote); red with ✗ once a write was applied
  // after a newer one: safety lost (issue 33; the key says it in words).
  const lost = f.resource.outOfOrder > 0;
  svg.classed("safety-lost", lost);
  gSpans
    .selectAll("text")
    .data(splitWords)
    .join("text")
    .attr("class", "sb-tl-span-label")
    .attr("x", (d) => x(d.from) + 3)
    .attr("y", top - 5)
    .text(lost ? "✗ two leaders" : "two leaders");
}
