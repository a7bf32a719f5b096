// The cluster picture's size: redrawn when its width changes, and on the /sandbox page (held to
// the screen's height beside the now column) when the room left under its top changes.
import type { Scene } from "./cluster-scene.ts";

/** Below this the picture is not squeezed further (a short window scrolls instead). */
const MIN_FIT_HEIGHT = 300;

/** How much of the first screen is left for the picture: from its top (in the page, not the
 *  scrolled view) to the window's bottom, less the stage's padding. Only beside the now
 *  column (wider than 760 px); stacked on a phone, the picture takes its natural height. */
export function measureRoom(v: Scene): boolean {
  if (!v.opts.fitScreen) return false;
  let next = Infinity;
  if (window.innerWidth > 760) {
    const top = v.host.getBoundingClientRect().top + window.scrollY;
    next = Math.max(
      MIN_FIT_HEIGHT,
      Math.floor((window.innerHeight - top - 14 - deskReserve(v.host)) / 4) * 4,
    );
  } else if (v.host.closest(".pr-side")) {
    // /compare on a phone stacks its two runs: each picture takes half the screen less its
    // label and tools, so both show at once (review 10b #13), labels at their usual size.
    next = Math.max(240, Math.floor((window.innerHeight - 220) / 2 / 4) * 4);
  }
  if (next === v.room) return false;
  v.room = next;
  return true;
}

/** On /sandbox at three columns (1181 px and up) the first screen also holds the tab row under
 *  the picture (its top at y 760 at most: 56 px) and, while a node is selected, the legend that
 *  moves under the picture: a tall picture (ZooKeeper's 20 nodes) grew to the window's foot and
 *  ran the tabs to y 920-947. Fitted to what is left, it scales down instead. */
function deskReserve(host: HTMLElement): number {
  const main = host.closest(".sb-main-full");
  if (!main || window.innerWidth < 1181) return 0;
  const legend = main.querySelector<HTMLElement>(".sb-area-legend");
  const h = host.getBoundingClientRect();
  const l = legend?.getBoundingClientRect();
  const under = !!l && l.height > 0 && l.top >= h.top && l.left < h.right && l.right > h.left;
  return 56 + (under ? Math.ceil(l.height) + 8 : 0);
}

/** Redraw on a change of size; returns the function that stops watching. */
export function watchSize(v: Scene, redraw: () => void): () => void {
  const ro = new ResizeObserver((entries) => {
    const box = entries[0].contentRect;
    const w = Math.round(box.width);
    const moved = measureRoom(v);
    if (w === v.width && !moved) return;
    v.width = w;
    redraw();
  });
  ro.observe(v.host);
  // What sits above the picture (the run's title, notices, the link tools) can change height,
  // and the window can: either moves the room left on screen. Observed after layout, so
  // reading the picture's place costs no extra layout.
  const fit = new ResizeObserver(() => {
    if (measureRoom(v)) redraw();
  });
  if (v.opts.fitScreen) {
    fit.observe(document.body);
    fit.observe(document.documentElement);
  }
  const onResize = () => {
    if (measureRoom(v)) redraw();
  };
  if (v.opts.fitScreen) window.addEventListener("resize", onResize);
  return () => {
    ro.disconnect();
    fit.disconnect();
    window.removeEventListener("resize", onResize);
  };
}
