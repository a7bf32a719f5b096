// A small chart for the experiments: D3 scales, shapes and paths; React draws the SVG. Series
// differ by colour, line dash and marker shape, never by colour alone. Points can be buttons:
// each series is one tab stop, arrow keys move between its points, Enter or Space activates
// (replays) the focused point, and a readout under the chart says in words what the focused or
// hovered point is. The figure also carries a text summary; the page shows the numbers as tables.
import {
  curveLinear,
  curveStepAfter,
  line,
  scaleLinear,
  scaleLog,
  symbol,
  symbolCircle,
  symbolCross,
  symbolDiamond,
  symbolSquare,
  symbolStar,
  symbolTriangle,
  symbolWye,
  type ScaleLinear,
  type ScaleLogarithmic,
} from "d3";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";

export const SHAPES = [
  symbolCircle,
  symbolSquare,
  symbolTriangle,
  symbolDiamond,
  symbolCross,
  symbolStar,
  symbolWye,
  symbolCircle,
  symbolSquare,
  symbolTriangle,
];
export const DASHES = ["", "7 3", "2 3", "9 3 2 3", "4 4", "12 4", "1 2", "6 2 2 2", "3 6", "10 2"];

export interface ChartPoint {
  x: number;
  y: number;
  /** what the point is, in words (its accessible name) */
  label: string;
}
export interface ChartSeries<P extends ChartPoint = ChartPoint> {
  id: string;
  label: string;
  /** index into the palette, dashes and shapes */
  style: number;
  points: P[];
  /** "step": an empirical distribution (step after each point, rising from 0); "line"; "none" */
  path: "step" | "line" | "none";
  /** a line through these instead of the points (e.g. a curve of medians) */
  linePoints?: Array<{ x: number; y: number }>;
  /** vertical whiskers, e.g. median to p95 */
  whiskers?: Array<{ x0: number; x1: number; y: number }>;
}
export interface Axis {
  type: "linear" | "log";
  domain: [number, number];
  label: string;
  format: (v: number) => string;
  /** explicit ticks; by default D3's */
  ticks?: number[];
}
export interface Annotation {
  x: number;
  y?: number;
  label: string;
  style?: number;
}

type Scale = ScaleLinear<number, number> | ScaleLogarithmic<number, number>;

const H = 320;
const M = { top: 18, right: 20, bottom: 50, left: 72 };

function useWidth(fallback: number) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === "undefined") return;
    const ro = new ResizeObserver((entries) => {
      const w = Math.round(entries[0]?.contentRect.width ?? 0);
      if (w > 0) setWidth(Math.max(280, Math.min(w, 1100)));
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return [ref, width] as const;
}

function makeScale(a: Axis, range: [number, number]): Scale {
  return a.type === "log"
    ? scaleLog().domain(a.domain).range(range).clamp(true)
    : scaleLinear().domain(a.domain).range(range).clamp(true);
}

function ticksOf(a: Axis, s: Scale, approx: number): number[] {
  if (a.ticks) return a.ticks;
  if (a.type === "log") {
    const all = (s as ScaleLogarithmic<number, number>).ticks();
    const nice = all.filter((t) => {
      const m = t / 10 ** Math.floor(Math.log10(t) + 1e-9);
      return Math.abs(m - 1) < 1e-6 || (approx > 8 && (Math.abs(m - 2) < 1e-6 || Math.abs(m - 5) < 1e-6));
    });
    return nice.length >= 2 ? nice : all;
  }
  return (s as ScaleLinear<number, number>).ticks(approx);
}

export interface XYChartProps<P extends ChartPoint> {
  title: string;
  /** one or two sentences read by screen readers with the chart */
  summary: string;
  x: Axis;
  y: Axis;
  series: ChartSeries<P>[];
  annotations?: Annotation[];
  /** vertical reference lines */
  rules?: Annotation[];
  onActivate?: (series: ChartSeries<P>, point: P) => void;
  /** e.g. "Enter replays it in the sandbox" */
  activateHint?: string;
  /** highlight one point (series id, index), with an optional label beside it */
  highlight?: { series: string; index: number; label?: string } | null;
  height?: number;
}

export function XYChart<P extends ChartPoint>(props: XYChartProps<P>) {
  const id = useId();
  const [box, W] = useWidth(720);
  const height = props.height ?? H;
  const xs = makeScale(props.x, [M.left, W - M.right]);
  const ys = makeScale(props.y, [height - M.bottom, M.top]);
  const [active, setActive] = useState<Record<string, number>>({});
  const [readout, setReadout] = useState("");
  const refs = useRef(new Map<string, SVGPathElement>());
  const interactive = !!props.onActivate;

  const move = (s: ChartSeries<P>, i: number) => {
    const j = Math.max(0, Math.min(s.points.length - 1, i));
    setActive((a) => ({ ...a, [s.id]: j }));
    refs.current.get(`${s.id}:${j}`)?.focus();
  };
  const onKey = (s: ChartSeries<P>, i: number) => (e: KeyboardEvent) => {
    const step = e.shiftKey ? 10 : 1;
    if (e.key === "ArrowRight" || e.key === "ArrowUp") move(s, i + step);
    else if (e.key === "ArrowLeft" || e.key === "ArrowDown") move(s, i - step);
    else if (e.key === "Home") move(s, 0);
    else if (e.key === "End") move(s, s.points.length - 1);
    else if (e.key === "Enter" || e.key === " ") props.onActivate?.(s, s.points[i]);
    else return;
    e.preventDefault();
  };

  const xt = ticksOf(props.x, xs, Math.max(3, Math.floor((W - M.left - M.right) / 90)));
  const yt = ticksOf(props.y, ys, 5);
  const pathOf = (s: ChartSeries<P>) => {
    if (s.path === "none" && !s.linePoints) return null;
    if (s.linePoints)
      return line<{ x: number; y: number }>()
        .x((p) => xs(p.x))
        .y((p) => ys(p.y))
        .curve(curveLinear)(s.linePoints);
    if (s.points.length === 0) return null;
    if (s.path === "step") {
      const pts = [{ x: s.points[0].x, y: 0 }, ...s.points];
      return line<{ x: number; y: number }>()
        .x((p) => xs(p.x))
        .y((p) => ys(p.y))
        .curve(curveStepAfter)(pts);
    }
    return line<P>()
      .x((p) => xs(p.x))
      .y((p) => ys(p.y))(s.points);
  };
  const big = props.series.reduce((n, s) => n + s.points.length, 0) > 600;
  const size = big ? 22 : 46;

  return (
    <figure className="pr-chart" ref={box}>
      <figcaption id={`${id}-t`} className="pr-chart-title">
        {props.title}
      </figcaption>
      <svg
        viewBox={`0 0 ${W} ${height}`}
        width={W}
        height={height}
        role="group"
        aria-labelledby={`${id}-t`}
        aria-describedby={`${id}-d`}
      >
        <desc id={`${id}-d`}>{props.summary}</desc>
        <g aria-hidden="true" className="pr-axes">
          {yt.map((v) => (
            <g key={`y${v}`} transform={`translate(0,${ys(v)})`}>
              <line className="pr-grid" x1={M.left} x2={W - M.right} />
              <text className="pr-tick" x={M.left - 8} dy="0.32em" textAnchor="end">
                {props.y.format(v)}
              </text>
            </g>
          ))}
          {xt.map((v) => (
            <g key={`x${v}`} transform={`translate(${xs(v)},0)`}>
              <line className="pr-grid" y1={M.top} y2={height - M.bottom} />
              <text className="pr-tick" y={height - M.bottom + 16} textAnchor="middle">
                {props.x.format(v)}
              </text>
            </g>
          ))}
          <line
            className="pr-axis"
            x1={M.left}
            x2={W - M.right}
            y1={height - M.bottom}
            y2={height - M.bottom}
          />
          <line className="pr-axis" x1={M.left} x2={M.left} y1={M.top} y2={height - M.bottom} />
          <text className="pr-axis-label" x={(M.left + W - M.right) / 2} y={height - 8} textAnchor="middle">
            {props.x.label}
          </text>
          <text
            className="pr-axis-label"
            transform={`translate(12,${(M.top + height - M.bottom) / 2}) rotate(-90)`}
            textAnchor="middle"
          >
            {props.y.label}
          </text>
          {(props.rules ?? []).map((r) => (
            <g key={`r${r.label}`} className="pr-rule">
              <line x1={xs(r.x)} x2={xs(r.x)} y1={M.top} y2={height - M.bottom} />
            </g>
          ))}
        </g>
        <g aria-hidden="true">
          {props.series.map((s) => {
            const d = pathOf(s);
            return d ? (
              <path
                key={s.id}
                d={d}
                className={`pr-line pr-s${s.style % 10}`}
                strokeDasharray={DASHES[s.style % 10] || undefined}
              />
            ) : null;
          })}
          {props.series.map((s) =>
            (s.whiskers ?? []).map((w, i) => (
              <line
                key={`${s.id}w${i}`}
                className={`pr-whisker pr-s${s.style % 10}`}
                x1={xs(w.x0)}
                x2={xs(w.x1)}
                y1={ys(w.y)}
                y2={ys(w.y)}
              />
            )),
          )}
        </g>
        {props.series.map((s) => (
          <g
            key={s.id}
            role={interactive ? "group" : undefined}
            aria-label={interactive ? `${s.label}: ${s.points.length} points` : undefined}
            aria-hidden={interactive ? undefined : true}
            className={`pr-points pr-s${s.style % 10}`}
          >
            {s.points.map((p, i) => {
              const cur = (active[s.id] ?? 0) === i;
              const hl = props.highlight?.series === s.id && props.highlight.index === i;
              return (
                <path
                  key={i}
                  ref={(el) => {
                    if (el) refs.current.set(`${s.id}:${i}`, el);
                    else refs.current.delete(`${s.id}:${i}`);
                  }}
                  className={`pr-point${hl ? " pr-point-hl" : ""}`}
                  d={symbol(SHAPES[s.style % 10], hl ? size * 3 : size)() ?? ""}
                  transform={`translate(${xs(p.x)},${ys(p.y)})`}
                  {...(interactive
                    ? {
                        role: "button",
                        tabIndex: cur ? 0 : -1,
                        "aria-label": p.label,
                        onClick: () => {
                          setActive((a) => ({ ...a, [s.id]: i }));
                          props.onActivate?.(s, p);
                        },
                        onKeyDown: onKey(s, i),
                        onFocus: () => setReadout(`${p.label}. ${props.activateHint ?? ""}`),
                        onMouseEnter: () => setReadout(`${p.label}. ${props.activateHint ?? ""}`),
                      }
                    : {})}
                />
              );
            })}
          </g>
        ))}
        <g aria-hidden="true">
          {props.highlight?.label &&
            (() => {
              const s = props.series.find((x) => x.id === props.highlight?.series);
              const p = s?.points[props.highlight.index];
              if (!p) return null;
              const x = xs(p.x);
              const right = x > (M.left + W - M.right) / 2;
              return (
                <text
                  className="pr-hl-label"
                  x={x + (right ? -12 : 12)}
                  y={ys(p.y) - 10}
                  textAnchor={right ? "end" : "start"}
                >
                  {props.highlight.label}
                </text>
              );
            })()}
          {(props.annotations ?? []).map((a, i) => {
            const x = xs(a.x);
            const y = ys(a.y ?? 0);
            const right = x > W - M.right - 24;
            return (
              <g key={`a${a.label}`} className="pr-annot" transform={`translate(${x},${y})`}>
                <path d={symbol(symbolDiamond, 90)() ?? ""} />
                <text
                  x={right ? -9 : 9}
                  y={a.y !== undefined && a.y > 0.9 ? 16 : -6}
                  textAnchor={right ? "end" : "start"}
                >
                  {i + 1}
                </text>
              </g>
            );
          })}
        </g>
      </svg>
      <ul className="pr-legend" aria-label={`Legend: ${props.title}`}>
        {props.series.map((s) => (
          <li key={s.id}>
            <svg width="34" height="14" aria-hidden="true" className={`pr-s${s.style % 10}`}>
              {s.path !== "none" || s.linePoints ? (
                <line
                  className="pr-line"
                  x1="1"
                  x2="33"
                  y1="7"
                  y2="7"
                  strokeDasharray={DASHES[s.style % 10] || undefined}
                />
              ) : null}
              <path
                className="pr-point"
                d={symbol(SHAPES[s.style % 10], 40)() ?? ""}
                transform="translate(17,7)"
              />
            </svg>
            {s.label}
          </li>
        ))}
        {(props.annotations ?? []).map((a, i) => (
          <li key={`a${a.label}`}>
            <svg width="34" height="14" aria-hidden="true" className="pr-annot">
              <path d={symbol(symbolDiamond, 60)() ?? ""} transform="translate(11,7)" />
              <text x="22" y="11">
                {i + 1}
              </text>
            </svg>
            {a.label}
          </li>
        ))}
        {(props.rules ?? []).map((r) => (
          <li key={`r${r.label}`}>
            <svg width="34" height="14" aria-hidden="true" className="pr-rule">
              <line x1="1" x2="33" y1="7" y2="7" />
            </svg>
            {r.label}
          </li>
        ))}
      </ul>
      {interactive && (
        <p className="pr-readout" aria-hidden="true">
          {readout ||
            `Click a point, or Tab to the chart and use the arrow keys; ${props.activateHint ?? "Enter activates it"}.`}
        </p>
      )}
    </figure>
  );
}
