// Where things are in the cluster picture: the layout for the picture's size (rebuilt when the
// node count, the width or the room for labels changes), and a message's place along its link,
// around any bend and outside the store's and the resource's boxes.
import type { SandboxState } from "../store.ts";
import { clusterHeight, layoutCluster, resourceOutside, underRing, type Point } from "./layout.ts";
import { alongLink } from "./link-marks.ts";
import { forgetFonts } from "./text-width.ts";
import { pos, type Scene, serverBoxes } from "./cluster-scene.ts";
import { buildNodes } from "./cluster-nodes.ts";
import { buildFixed } from "./cluster-servers.ts";

/** A message's place: `p` (0 to 1) of the way along its link, around any bend, held outside
 *  the store's and the resource's boxes (a message at the box waits at its edge, never over
 *  its words: the API server's title under a stack of dots read "API ·rver"). */
export function msgAt(v: Scene, from: string, to: string, p: number): Point | null {
  const [lo0, hi0] = offNodes(v, from, to);
  const at = (q: number) => rawMsgAt(v, from, to, q);
  const q = lo0 + p * (hi0 - lo0);
  const pt = at(q);
  if (!pt) return null;
  const boxes = serverBoxes(v);
  const inside = (o: Point) => boxes.some((r) => o.x > r.x0 && o.x < r.x1 && o.y > r.y0 && o.y < r.y1);
  if (!inside(pt)) return pt;
  // Towards an end outside every box (the nearer, if both are), the first point outside.
  const out0 = !inside(at(0) as Point);
  const out1 = !inside(at(1) as Point);
  if (!out0 && !out1) return pt; // both ends boxed: nothing to hold it to
  let lo = q;
  let hi = out0 && out1 ? (q < 0.5 ? 0 : 1) : out0 ? 0 : 1;
  for (let k = 0; k < 12; k++) {
    const mid = (lo + hi) / 2;
    if (inside(at(mid) as Point)) lo = mid;
    else hi = mid;
  }
  return at(hi);
}

/** px from a node's centre where a message starts and stops: its rim and a dot's radius, so a
 *  dot never covers the node's id or its leader star (review 12a #9: a leader's heartbeats
 *  piled on "n1"). */
export function rimOf(v: Scene): number {
  return (v.layout?.nodeRadius ?? 0) + 6;
}

/** The part of a message's link outside its end nodes' rims, as [from, to] fractions of the
 *  link (the whole link when the nodes are too close for a dot between them). */
export function offNodes(v: Scene, from: string, to: string): [number, number] {
  if (!pos(v, from) || !pos(v, to)) return [0, 1];
  const rim = rimOf(v);
  const leave = (id: string, start: number, end: number): number => {
    const c = id === "store" || id === "resource" ? null : pos(v, id);
    if (!c) return start;
    const out = (q: number) => {
      const pt = rawMsgAt(v, from, to, q) as Point;
      return Math.hypot(pt.x - c.x, pt.y - c.y) >= rim;
    };
    if (out(start)) return start;
    if (!out(end)) return start;
    let a = start;
    let b = end;
    for (let k = 0; k < 14; k++) {
      const mid = (a + b) / 2;
      if (out(mid)) b = mid;
      else a = mid;
    }
    return b;
  };
  const lo = leave(from, 0, 0.5);
  const hi = leave(to, 1, 0.5);
  return lo < hi ? [lo, hi] : [0, 1];
}

export function rawMsgAt(v: Scene, from: string, to: string, p: number): Point | null {
  const a = pos(v, from);
  const b = pos(v, to);
  if (!a || !b) return null;
  const via = v.routes.get(`${from}|${to}`);
  if (via) return alongLink(a, b, via, p);
  const back = v.routes.get(`${to}|${from}`);
  return back ? alongLink(b, a, back, 1 - p) : alongLink(a, b, null, p);
}

export function ensureLayout(v: Scene, s: SandboxState): boolean {
  const f = s.frame;
  if (!f || v.width === 0) return false;
  // A /start screen about electing hides the resource (GuidedRun's gr-no-resource): the store
  // then keeps the middle rather than sit beside an empty place.
  const showsResource = !v.host.closest(".gr-no-resource");
  // The resource under the ring takes its own room: the ring keeps its size.
  const under = resourceOutside(f.nodes.length, f.store !== null, showsResource) ? underRing(v.width) : 0;
  v.height = Math.min(clusterHeight(f.nodes.length, v.width, !!v.opts.compact) + under, v.room);
  const key = `${f.nodes.length}|${v.width}|${v.height}|${f.store?.kind ?? f.store !== null}|${v.labelRoom}|${showsResource}`;
  if (key === v.layoutKey) return true;
  // The nodes and links are drawn anew: the one with focus keeps it (see draw).
  const active = document.activeElement;
  if (active && (v.svg.node() as SVGSVGElement).contains(active)) {
    const el = active.closest("[data-node], [data-link]");
    v.refocus = el
      ? el.hasAttribute("data-link")
        ? `link:${el.getAttribute("data-link")}`
        : `node:${el.getAttribute("data-node")}`
      : null;
  }
  v.layoutKey = key;
  forgetFonts();
  v.layout = layoutCluster(f.nodes.length, v.width, v.height, f.store !== null, v.labelRoom, showsResource);
  // A flight whose end is not in the new layout is dropped, once, here: a tour that opens another
  // run (billing's store and resource, then Bully's five nodes and no store) lays the picture out
  // anew while the old run's messages are still in the air (msgAt's null point threw in a walk).
  v.flights = v.flights.filter((fl) => pos(v, fl.from) && pos(v, fl.to));
  v.svg.attr("viewBox", `0 0 ${v.width} ${v.height}`).attr("width", v.width).attr("height", v.height);
  v.overlay.attr("viewBox", `0 0 ${v.width} ${v.height}`).attr("width", v.width).attr("height", v.height);
  buildNodes(v, f);
  buildFixed(v, f);
  v.lastFrame = null;
  v.lastCuts = null;
  return true;
}
