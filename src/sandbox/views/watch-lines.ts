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

/** The arrow's path: a gentle bend away from the picture's centre (so a watch never lies on a
 *  straight link, and two watches between the same pair stay apart), trimmed at both ends so
 *  it starts at the watcher's edge and its head touches the watched node's edge. */
export function watchPath(a: Point, b: Point, centre: Point, trimA: number, trimB: number): string {
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
  const bend = Math.min(36, len * 0.14);
  const c = { x: mx + nx * bend, y: my + ny * bend };
  const toward = (p: Point, q: Point, d: number) => {
    const l = Math.hypot(q.x - p.x, q.y - p.y) || 1;
    return { x: p.x + ((q.x - p.x) / l) * d, y: p.y + ((q.y - p.y) / l) * d };
  };
  const s = toward(a, c, trimA);
  const e = toward(b, c, trimB);
  const f = (v: number) => v.toFixed(1);
  return `M${f(s.x)},${f(s.y)}Q${f(c.x)},${f(c.y)} ${f(e.x)},${f(e.y)}`;
}
