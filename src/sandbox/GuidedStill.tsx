// /start's picture before its live run has loaded: a still drawing of the cluster as the run's
// first frame shows it (the same places from views/layout.ts, the same sizes, every node a
// follower in term 0), drawn without the engine or D3 so /start's first load stays small. The
// live picture then draws over it with nothing moving (review 10a #7: the first thing /start
// showed was an empty box saying it was loading).
import { useLayoutEffect, useRef, useState } from "react";
import {
  clusterHeight,
  layoutCluster,
  resourceOutside,
  underRing,
  type ClusterLayout,
} from "./views/layout.ts";
import { baseStoreWidth, cylinderPaths, STORE_LINE_Y, STORE_TITLE_Y } from "./views/cylinder.ts";
import "./guided-still.css";

/** What a /start run's first frame holds: its nodes, its store's name, whether it shows the
 *  resource (a run whose leader writes nothing leaves it out), and each node's election-timer arc
 *  (the share of the longest timeout still to run, as views/cluster-nodes.ts draws it): the
 *  legend's "green arc" is true from the first paint, not only once the run has loaded (review
 *  16a #8). Checked against the presets by GuidedStill.test.tsx. */
export const STILLS: Readonly<
  Record<string, { nodes: number; store?: string; resource: boolean; timers?: readonly number[] }>
> = {
  "start-leader": { nodes: 3, resource: false, timers: [0.701, 0.832, 0.527] },
  "start-heartbeats": { nodes: 5, resource: false, timers: [0.701, 0.832, 0.527, 0.903, 0.748] },
  "start-crash": { nodes: 3, resource: false, timers: [0.659, 0.497, 0.788] },
  "start-term": { nodes: 3, resource: false, timers: [0.659, 0.497, 0.788] },
  "start-majority": { nodes: 5, resource: false, timers: [0.659, 0.497, 0.788, 0.577, 0.661] },
  "start-split-vote": { nodes: 4, resource: false, timers: [0.454, 0.454, 0.561, 0.91] },
  "start-late-write": { nodes: 3, resource: true, timers: [0.864, 0.604, 0.66] },
  "start-lease": { nodes: 3, store: "database", resource: false },
  "start-your-turn": { nodes: 3, resource: true, timers: [0.531, 0.879, 0.497] },
};

/** The first frame's own words, where the run knows them (StillHost reads them off the run's
 *  frame at 0 s): each node's two label lines, the store's line, the resource's two lines. */
export interface StillWords {
  /** role, number line, and the number line on a narrow picture (under 560 px) where it differs */
  nodes: ReadonlyArray<readonly [string, string, string?]>;
  store?: string;
  resource?: readonly [string, string];
}

/** The picture's width: its box's inner width, read before the first paint. */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    setWidth(Math.round(el.clientWidth));
    const ro = new ResizeObserver(() => setWidth(Math.round(el.clientWidth)));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return { ref, width };
}

/** The still picture for `preset`, filling its box (nothing for a run it does not know). */
export function GuidedStill({ preset }: { preset: string }) {
  const still = STILLS[preset];
  if (!still) return <StillBox />;
  return (
    <StillPicture
      nodes={still.nodes}
      store={still.store}
      resource={still.resource}
      timers={still.timers}
      words
    />
  );
}

function StillBox() {
  const { ref } = useWidth();
  return <div ref={ref} className="gr-still" />;
}

/** A cluster's first frame, still: `nodes` followers at the places the live picture gives them
 *  (views/layout.ts), the store by its name, the resource; `words`, the first frame's words of a
 *  Raft run (follower, term 0, the resource's line). `fit`: the most height the live picture
 *  takes (the /sandbox page holds it to the screen); `compact`, a lesson embed's or /start's
 *  sizes. Also drawn by the live sandbox until its worker sends the first frame (StillHost). */
export function StillPicture({
  nodes: n,
  store,
  resource,
  words = false,
  compact = true,
  fit = Infinity,
  flow = false,
  timers,
}: {
  nodes: number;
  store?: string;
  resource: boolean;
  /** true: a Raft run's first words (/start); or the run's own (StillWords) */
  words?: boolean | StillWords;
  compact?: boolean;
  fit?: number;
  /** in the page's flow, taking its height (not laid over a box that holds it) */
  flow?: boolean;
  /** each node's election-timer arc, as a share of a full ring (none: no arcs) */
  timers?: readonly number[];
}) {
  const { ref, width } = useWidth();
  const under = resourceOutside(n, !!store, resource) ? underRing(width) : 0;
  const height = Math.min(clusterHeight(n, width, compact) + under, fit);
  const L = width > 0 ? layoutCluster(n, width, height, !!store, 0, resource) : null;
  return (
    <div ref={ref} className={`gr-still${flow ? " gr-still-flow" : ""}`} aria-hidden="true">
      {L && (
        <svg width={width} height={height} viewBox={`0 0 ${width} ${height}`}>
          <Links L={L} n={n} store={!!store} resource={resource} />
          {store && L.store && (
            <Store
              at={L.store}
              name={store}
              width={width}
              words={words !== false}
              line={typeof words === "object" ? words.store : undefined}
            />
          )}
          {resource && (
            <Resource
              at={L.resource}
              width={width}
              words={words !== false}
              lines={typeof words === "object" ? words.resource : undefined}
            />
          )}
          {L.nodes.map((_, i) => (
            <Node
              key={i}
              L={L}
              i={i}
              words={words !== false}
              lines={typeof words === "object" ? words.nodes[i] : undefined}
              narrow={width < 560}
              timer={timers?.[i]}
            />
          ))}
        </svg>
      )}
    </div>
  );
}

/** Straight lines: node to node without a store, node to store with one, node to resource. */
function Links({
  L,
  n,
  store,
  resource,
}: {
  L: ClusterLayout;
  n: number;
  store: boolean;
  resource: boolean;
}) {
  const lines: Array<[number, number, number, number]> = [];
  if (store && L.store) for (const p of L.nodes) lines.push([p.x, p.y, L.store.x, L.store.y]);
  else
    for (let i = 0; i < n; i++)
      for (let j = i + 1; j < n; j++) lines.push([L.nodes[i].x, L.nodes[i].y, L.nodes[j].x, L.nodes[j].y]);
  if (resource) for (const p of L.nodes) lines.push([p.x, p.y, L.resource.x, L.resource.y]);
  return (
    <g className="gr-still-links">
      {lines.map(([x1, y1, x2, y2], k) => (
        <line key={k} x1={x1} y1={y1} x2={x2} y2={y2} />
      ))}
    </g>
  );
}

/** A follower as the live picture draws it: its circle, its id, and its label's two lines. */
function Node({
  L,
  i,
  words,
  lines: own,
  narrow = false,
  timer,
}: {
  L: ClusterLayout;
  i: number;
  words: boolean;
  lines?: readonly [string, string, string?];
  narrow?: boolean;
  timer?: number;
}) {
  const p = L.nodes[i];
  const r = L.nodeRadius;
  const lab = L.label[i];
  const [role, wide, slim] = own ?? ["follower", "term 0"];
  const sub = narrow && slim !== undefined ? slim : wide;
  // The label's first line, placed as views/cluster-nodes.ts places it once the live picture
  // has filled two of its lines (role and term; a follower at 0 s has no third).
  const lines = L.labels === "full" && sub ? 2 : 1;
  const baseY = lab.above
    ? lab.dy - (lines - 1) * 13
    : lab.dx === 0
      ? lab.dy + 8
      : lab.dy - ((lines - 1) * 13) / 2 + 4;
  return (
    <g transform={`translate(${p.x.toFixed(1)},${p.y.toFixed(1)})`}>
      {timer !== undefined && timer > 0 && (
        <path className="gr-still-timer" d={ringArc(r + 3, r + 7, timer)} />
      )}
      <circle className="gr-still-node" r={r} />
      <text
        className="gr-still-id"
        textAnchor="middle"
        dy="0.35em"
        style={{ fontSize: `${Math.max(10, Math.min(14, r * 0.62))}px` }}
      >
        n{i + 1}
      </text>
      {words && (
        <text className="gr-still-label" textAnchor={lab.anchor}>
          <tspan x={lab.dx} y={baseY} className="gr-still-role">
            {role}
          </tspan>
          {lines > 1 && (
            <tspan x={lab.dx} y={baseY + 13} className="gr-still-sub">
              {sub}
            </tspan>
          )}
        </text>
      )}
    </g>
  );
}

/** A ring's arc from twelve o'clock clockwise over `frac` of the circle, between two radii: the
 *  shape d3's arc draws for the live picture's timer (views/cluster-nodes.ts arcGen), written
 *  here so /start's first load has no D3. */
export function ringArc(inner: number, outer: number, frac: number): string {
  const a = 2 * Math.PI * Math.min(frac, 0.9999);
  const at = (r: number, t: number) => `${(r * Math.sin(t)).toFixed(2)},${(-r * Math.cos(t)).toFixed(2)}`;
  const large = a > Math.PI ? 1 : 0;
  return (
    `M${at(outer, 0)}A${outer},${outer},0,${large},1,${at(outer, a)}` +
    `L${at(inner, a)}A${inner},${inner},0,${large},0,${at(inner, 0)}Z`
  );
}

function Store({
  at,
  name,
  width,
  words,
  line = "no leader yet",
}: {
  at: { x: number; y: number };
  name: string;
  width: number;
  words: boolean;
  line?: string;
}) {
  const { body, rim } = cylinderPaths(baseStoreWidth(width));
  return (
    <g transform={`translate(${at.x},${at.y})`}>
      <path className="gr-still-store" d={body} />
      <path className="gr-still-rim" d={rim} />
      <text className="gr-still-title" y={STORE_TITLE_Y} textAnchor="middle">
        {name}
      </text>
      {words && (
        <text className="gr-still-sub" y={STORE_LINE_Y} textAnchor="middle">
          {line}
        </text>
      )}
    </g>
  );
}

function Resource({
  at,
  width,
  words,
  lines = ["fencing on · max token 0", "no writes yet"],
}: {
  at: { x: number; y: number };
  width: number;
  words: boolean;
  lines?: readonly [string, string];
}) {
  const w = width < 560 ? 152 : 168;
  return (
    <g transform={`translate(${at.x},${at.y})`}>
      <rect className="gr-still-resource" x={-w / 2} y={-26} width={w} height={52} rx={6} />
      <text className="gr-still-title" y={words ? -9 : 4} textAnchor="middle">
        resource
      </text>
      {words && (
        <>
          <text className="gr-still-sub" y={6} textAnchor="middle">
            {lines[0]}
          </text>
          <text className="gr-still-sub" y={20} textAnchor="middle">
            {lines[1]}
          </text>
        </>
      )}
    </g>
  );
}
