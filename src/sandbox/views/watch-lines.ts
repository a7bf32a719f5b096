// ZooKeeper watches as the cluster picture draws them: one arrow per exists() watch the
// ensemble holds (the frame's store.watches), from the client that set it to the client whose
// znode it watches, or to the ensemble itself when that znode is gone. And the words a screen
// reader hears for them, in ZooKeeper's own terms (znode, watch). Pure: tested without a DOM.
import type { Frame, WatchView } from "../../engine/index.ts";
import type { Point } from "./layout.ts";

export interface WatchLine {
  key: string;
  /** the watching client */
  from: string;
  /** the node whose znode is watched, or "store" when the znode's owner is not in the picture */
  to: string;
  watch: WatchView;
}

export function watchLines(f: Frame): WatchLine[] {
  const ids = new Set(f.nodes.map((n) => n.id));
  return (f.store?.watches ?? []).map((w) => ({
    key: `${w.session}:${w.path}`,
    from: w.node,
    to: w.owner !== null && ids.has(w.owner) ? w.owner : "store",
    watch: w,
  }));
}

const list = (xs: string[]) =>
  xs.length <= 1 ? xs.join("") : `${xs.slice(0, -1).join(", ")} and ${xs[xs.length - 1]}`;

/** What a node watches and who watches it: "watches n3's znode /election/n3-n_0000000002",
 *  "watched by n4"; null when neither. Many watchers are counted, not listed (the herd). */
export function watchWords(lines: WatchLine[], id: string): string | null {
  const parts: string[] = [];
  for (const l of lines) {
    if (l.from !== id) continue;
    const w = l.watch;
    parts.push(
      w.owner !== null
        ? `watches ${w.owner === id ? "its own" : `${w.owner}'s`} znode ${w.path}`
        : `watches znode ${w.path}, now deleted`,
    );
  }
  const by = [...new Set(lines.filter((l) => l.to === id && l.from !== id).map((l) => l.from))];
  if (by.length) parts.push(`watched by ${by.length <= 3 ? list(by) : `${by.length} clients`}`);
  return parts.length ? parts.join(", ") : null;
}

type Box = { x0: number; y0: number; x1: number; y1: number };

/** The arrow's path: a gentle bend away from the picture's centre (so a watch never lies on a
 *  straight link, and two watches between the same pair stay apart), trimmed at both ends so
 *  it starts at the watcher's edge and its head touches the watched node's edge. An arrow that
 *  would pass under a box (`boxes`: the store's and the resource's, not the one it points into)
 *  bends further out, or the other way, until it clears them all by 4 px (review 16b #2: in the
 *  ZooKeeper recipe n4's watch on n3 ran behind the resource's box, n3's on n1 over the
 *  cylinder's edge). */
export function watchPath(
  a: Point,
  b: Point,
  centre: Point,
  trimA: number,
  trimB: number,
  boxes: readonly Box[] = [],
  /** the picture: a bend that would leave it is not taken */
  bounds: Box = { x0: -Infinity, y0: -Infinity, x1: Infinity, y1: Infinity },
): string {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len = Math.hypot(dx, dy) || 1;
  let nx = -dy / len;
  let ny = dx / len;
  const mx = (a.x + b.x) / 2;
  const my = (a.y + b.y) / 2;
  // Bend outwards: the normal that points away from the centre.
  if (nx * (mx - centre.x) + ny * (my - centre.y) < 0) {
    nx = -nx;
    ny = -ny;
  }
  const toward = (p: Point, q: Point, d: number) => {
    const l = Math.hypot(q.x - p.x, q.y - p.y) || 1;
    return { x: p.x + ((q.x - p.x) / l) * d, y: p.y + ((q.y - p.y) / l) * d };
  };
  // A gentle curve (one control point, `bend` out from the middle), or a U (a control point
  // `bend` out beside each end) that drops past a box lying between the two nodes.
  type Curve = { s: Point; c1: Point; c2: Point; e: Point };
  const shape = (bend: number): Curve => {
    const c = { x: mx + nx * bend, y: my + ny * bend };
    const s = toward(a, c, trimA);
    const e = toward(b, c, trimB);
    // A quadratic as the cubic it is (control points two thirds of the way to c).
    const third = (p: Point) => ({ x: p.x + (2 / 3) * (c.x - p.x), y: p.y + (2 / 3) * (c.y - p.y) });
    return { s, c1: third(s), c2: third(e), e };
  };
  const drop = (bend: number): Curve => {
    const c1 = { x: a.x + nx * bend, y: a.y + ny * bend };
    const c2 = { x: b.x + nx * bend, y: b.y + ny * bend };
    return { s: toward(a, c1, trimA), c1, c2, e: toward(b, c2, trimB) };
  };
  const clear = ({ s, c1, c2, e }: Curve) => {
    for (let k = 0; k <= 48; k++) {
      const t = k / 48;
      const u = 1 - t;
      const x = u * u * u * s.x + 3 * u * u * t * c1.x + 3 * u * t * t * c2.x + t * t * t * e.x;
      const y = u * u * u * s.y + 3 * u * u * t * c1.y + 3 * u * t * t * c2.y + t * t * t * e.y;
      if (boxes.some((r) => x > r.x0 - 4 && x < r.x1 + 4 && y > r.y0 - 4 && y < r.y1 + 4)) return false;
      if (x < bounds.x0 + 3 || x > bounds.x1 - 3 || y < bounds.y0 + 3 || y > bounds.y1 - 3) return false;
    }
    return true;
  };
  const bend = Math.min(36, len * 0.14);
  const tries = [bend, ...[0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8].map((k) => Math.max(bend, len * k))];
  const drops = [30, 40, 50, 60, 70];
  const pick =
    [
      ...tries.map(shape),
      ...drops.map(drop),
      ...tries.map((t) => shape(-t)),
      ...drops.map((d) => drop(-d)),
    ].find(clear) ?? shape(bend);
  const f = (v: number) => v.toFixed(1);
  return `M${f(pick.s.x)},${f(pick.s.y)}C${f(pick.c1.x)},${f(pick.c1.y)} ${f(pick.c2.x)},${f(pick.c2.y)} ${f(pick.e.x)},${f(pick.e.y)}`;
}
