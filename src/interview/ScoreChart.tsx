// Scores over time: rubric coverage and self-assessment per attempt, oldest to newest. D3 does the
// scales and paths; React draws. The two series differ by line style and marker shape, not only by
// colour, and the figure carries a text summary; the page shows the same numbers as a table.
import { line, scaleLinear } from "d3";
import { useEffect, useId, useRef, useState } from "react";

export type ChartPoint = { label: string; rubricPct: number; selfPct: number | null };

const H = 240;
const M = { top: 16, right: 16, bottom: 36, left: 44 };

/** The drawing width follows the figure's width, so text stays legible on a phone. */
function useWidth(fallback: number) {
  const ref = useRef<HTMLElement>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver((entries) => {
      const w = Math.round(entries[0]?.contentRect.width ?? 0);
      if (w > 0) setWidth(Math.max(280, Math.min(w, 960)));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

export function summarise(points: readonly ChartPoint[]): string {
  if (points.length === 0) return "No attempts yet.";
  const rubric = points.map((p) => p.rubricPct);
  const last = points[points.length - 1];
  const rated = points.filter((p) => p.selfPct !== null);
  const parts = [
    `${points.length} attempt${points.length === 1 ? "" : "s"}.`,
    `Rubric coverage from ${Math.min(...rubric)}% to ${Math.max(...rubric)}%, latest ${last.rubricPct}%.`,
  ];
  if (rated.length) parts.push(`Self-assessment latest ${rated[rated.length - 1].selfPct}%.`);
  return parts.join(" ");
}

export default function ScoreChart({ points }: { points: readonly ChartPoint[] }) {
  const id = useId();
  const [figure, W] = useWidth(640);
  const n = points.length;
  const x = scaleLinear()
    .domain([0, Math.max(1, n - 1)])
    .range([
      M.left + (n === 1 ? (W - M.left - M.right) / 2 : 0),
      n === 1 ? M.left + (W - M.left - M.right) / 2 : W - M.right,
    ]);
  const y = scaleLinear()
    .domain([0, 100])
    .range([H - M.bottom, M.top]);
  const rubricPath = line<ChartPoint>()
    .x((_, i) => x(i))
    .y((p) => y(p.rubricPct))(points as ChartPoint[]);
  const selfPath = line<ChartPoint>()
    .defined((p) => p.selfPct !== null)
    .x((_, i) => x(i))
    .y((p) => y(p.selfPct ?? 0))(points as ChartPoint[]);
  const tickEvery = Math.max(1, Math.ceil(n / Math.max(2, Math.floor((W - M.left - M.right) / 40))));

  return (
    <figure className="iv-chart" ref={figure}>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-labelledby={`${id}-t ${id}-d`}
        preserveAspectRatio="xMidYMid meet"
      >
        <title id={`${id}-t`}>Interview scores over time</title>
        <desc id={`${id}-d`}>{summarise(points)}</desc>
        <g aria-hidden="true">
          {[0, 25, 50, 75, 100].map((v) => (
            <g key={v} transform={`translate(0,${y(v)})`}>
              <line className="iv-chart-grid" x1={M.left} x2={W - M.right} />
              <text className="iv-chart-tick" x={M.left - 8} dy="0.32em" textAnchor="end">
                {v}%
              </text>
            </g>
          ))}
          {points.map((_, i) =>
            i % tickEvery === 0 || i === n - 1 ? (
              <text key={i} className="iv-chart-tick" x={x(i)} y={H - M.bottom + 18} textAnchor="middle">
                {i + 1}
              </text>
            ) : null,
          )}
          <text className="iv-chart-tick" x={(M.left + W - M.right) / 2} y={H - 4} textAnchor="middle">
            Attempt, oldest to newest
          </text>
          {rubricPath && <path className="iv-chart-rubric" d={rubricPath} fill="none" />}
          {selfPath && <path className="iv-chart-self" d={selfPath} fill="none" />}
          {points.map((p, i) => (
            <circle key={`r${i}`} className="iv-chart-rubric-dot" cx={x(i)} cy={y(p.rubricPct)} r={5} />
          ))}
          {points.map((p, i) =>
            p.selfPct === null ? null : (
              <rect
                key={`s${i}`}
                className="iv-chart-self-dot"
                x={x(i) - 4.5}
                y={y(p.selfPct) - 4.5}
                width={9}
                height={9}
              />
            ),
          )}
        </g>
      </svg>
      <figcaption className="iv-chart-legend">
        <span>
          <svg width="34" height="12" aria-hidden="true" focusable="false">
            <line className="iv-chart-rubric" x1="2" x2="32" y1="6" y2="6" />
            <circle className="iv-chart-rubric-dot" cx="17" cy="6" r="4" />
          </svg>{" "}
          Rubric coverage (solid line, circles)
        </span>
        <span>
          <svg width="34" height="12" aria-hidden="true" focusable="false">
            <line className="iv-chart-self" x1="2" x2="32" y1="6" y2="6" />
            <rect className="iv-chart-self-dot" x="13" y="2" width="8" height="8" />
          </svg>{" "}
          Self-assessment as % of 4 (dashed line, squares)
        </span>
      </figcaption>
    </figure>
  );
}
