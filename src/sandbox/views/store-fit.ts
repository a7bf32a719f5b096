// The store's cylinder: its outline, and its width fitted to its words. The top face is filled
// whole, so no link shows through it up to the title (review 6a #12: in the fencing lesson the
// links ran into "etcd"); the cylinder grows to hold its line ("term 0 · holder none" ran to its
// edges on a phone), as far as the resource beside it leaves room, and a longer line is squeezed.
import { textWidth } from "./text-width.ts";
import { textSig } from "./cluster-labels.ts";
import type { ClusterLayout } from "./layout.ts";
import { type Scene, setAttr } from "./cluster-scene.ts";
import { baseStoreWidth, cylinderPaths, STORE_H } from "./cylinder.ts";

/** The store's width as drawn (px). */
export function storeWidth(v: Scene): number {
  return v.storeW || baseStoreWidth(v.width);
}

/** The widest the cylinder may be: beside the resource (three nodes), 14 px clear of its box
 *  (`resourceW` wide); elsewhere clear of the nodes' rings beside it, as the resource's box is. */
export function storeRoom(v: Scene, resourceW = v.resourceW): number {
  const L = v.layout as ClusterLayout;
  const st = L.store;
  if (!st) return 0;
  let room = v.width - 16;
  for (const p of L.nodes) {
    const dy = Math.abs(p.y - st.y) - STORE_H / 2;
    if (dy < L.nodeRadius + 17) room = Math.min(room, 2 * (Math.abs(p.x - st.x) - L.nodeRadius - 17));
  }
  const res = L.resource;
  const rw = resourceW || (v.width < 560 ? 152 : 168);
  if (Math.abs(res.y - st.y) < 52) room = Math.min(room, 2 * (Math.abs(res.x - st.x) - rw / 2 - 14));
  return Math.max(baseStoreWidth(v.width), room);
}

/** Fit the cylinder to its title and line: 10 px inside each side. Measured only when its words
 *  or the layout changed. */
export function fitStore(v: Scene): void {
  const el = v.gStore.node() as SVGGElement | null;
  if (!el || !(v.layout as ClusterLayout).store) return;
  const lines = el.querySelectorAll<SVGTextElement>("text.sb-store-title, text.sb-store-line");
  const sig = `${v.layoutKey}|${v.resourceW}|${textSig(lines)}`;
  if (sig === v.storeSig) return;
  v.storeSig = sig;
  let w = baseStoreWidth(v.width);
  lines.forEach((t) => {
    const tw = textWidth(t);
    if (tw !== null) w = Math.max(w, tw + 20);
  });
  w = Math.ceil(w);
  const room = Math.floor(storeRoom(v));
  const squeeze = w > room;
  if (squeeze) w = room;
  lines.forEach((t) => {
    const tw = squeeze ? textWidth(t) : null;
    if (tw !== null && tw > w - 20) {
      setAttr(t, "textLength", String(w - 20));
      setAttr(t, "lengthAdjust", "spacingAndGlyphs");
    } else {
      t.removeAttribute("textLength");
      t.removeAttribute("lengthAdjust");
    }
  });
  if (w === storeWidth(v) && el.querySelector(".sb-store-body")?.getAttribute("data-w") === String(w)) return;
  v.storeW = w;
  v.lastCuts = null; // the links bend around the boxes: route them again
  const { body, rim } = cylinderPaths(w);
  const b = el.querySelector(".sb-store-body");
  const r = el.querySelector(".sb-store-rim");
  if (b) {
    setAttr(b, "d", body);
    setAttr(b, "data-w", String(w));
  }
  if (r) setAttr(r, "d", rim);
}
