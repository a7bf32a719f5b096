// Every jump (replay a found schedule, start a tour, a Why? step, start a new run) brings the
// picture back into view: the learner pressed something far below it, and the effect shows in
// the picture. Each layout registers the element that holds the picture (with the tour panel
// and the latest events beside it); a jump scrolls it to the top of the screen, under the
// sticky time bar (its CSS scroll-margin).
const stages = new WeakMap<object, HTMLElement>();
const heads = new WeakMap<object, HTMLElement>();

export function registerStage(ctl: object, el: HTMLElement | null): void {
  if (el) stages.set(ctl, el);
  else stages.delete(ctl);
}

/** Where the "Why?" panel sits on a wide screen: a slot in the column beside the picture, so it
 *  covers neither the time bar's controls nor the latest events (it pushes them down instead). */
export function whySlotOf(ctl: object): HTMLElement | null {
  return stages.get(ctl)?.querySelector<HTMLElement>(".sb-why-slot") ?? null;
}

/** Whether this sandbox is a lesson embed whose Why? opens beside the picture: there the Why?
 *  panel and a node's actions share one column, and the newest replaces the other. */
export function whyInEmbed(ctl: object): boolean {
  // Wide screens only: a phone shows both as sheets (WhyPanel's own width test).
  const wide = typeof window.matchMedia === "function" && window.matchMedia("(min-width: 761px)").matches;
  return wide && whySlotOf(ctl)?.closest(".sb-compact-now") != null;
}

/** The run's title line above the time bar: when it fits on one screen with the picture, a jump
 *  scrolls to it rather than to the picture, so the title is never sliced at the window's top. */
export function registerHead(ctl: object, el: HTMLElement | null): void {
  if (el) heads.set(ctl, el);
  else heads.delete(ctl);
}

/** Scroll the picture into view unless its top is already on screen; after the next paint, so
 *  a panel the jump opens (the tour's) is laid out first. */
export function revealStage(ctl: object, always = false): void {
  if (typeof window === "undefined") return;
  const go = () => reveal(ctl, always);
  if (typeof window.requestAnimationFrame === "function") window.requestAnimationFrame(go);
  else go();
}

/** A tour started: on a wide screen the page always moves to the run's title, so the tour card
 *  beside the picture starts under the time bar and its buttons (pinned at its foot, the card
 *  capped at the screen's height less the bar) are on screen. Left where it was, with the site's
 *  nav above, the card started 150 px lower and Back and Next sat under the fold. */
export function revealTour(ctl: object): void {
  const wide = typeof window !== "undefined" && window.matchMedia?.("(min-width: 761px)").matches;
  revealStage(ctl, wide === true);
}

function reveal(ctl: object, always: boolean): void {
  const el = stages.get(ctl);
  if (!el || typeof window === "undefined") return;
  const r = el.getBoundingClientRect();
  const head = heads.get(ctl);
  // Already there: its top on the first third of the screen, and its title not sliced at the
  // window's top (review 8a #12).
  const headTop = head?.isConnected ? head.getBoundingClientRect().top : r.top;
  if (!always && r.top >= 0 && r.top <= window.innerHeight / 3) {
    // The picture is in view and only its title is sliced: move down just enough to show it.
    if (headTop < 0 && headTop > -80) {
      window.scrollBy?.({ top: headTop - 8 });
      clearTopEdge();
    }
    return;
  }
  const picture = el.querySelector<HTMLElement>(".sb-stage") ?? el;
  if (
    head &&
    head.isConnected &&
    picture.getBoundingClientRect().bottom - head.getBoundingClientRect().top <= window.innerHeight
  ) {
    head.scrollIntoView?.({ block: "start" });
    clearTopEdge();
    return;
  }
  // A phone's bar wraps and pins differently: there the stage's own scroll margin places it.
  if (window.innerWidth <= 760 || !scrollUnderBar(ctl)) el.scrollIntoView?.({ block: "start" });
}

/** After a jump, nothing sliced at the window's top: the page's own head above the run ("Sandbox",
 *  Take a tour, Shortcuts) goes wholly out of view rather than half (review 10b #16: a tour
 *  started on a phone left them cut in two). It moves on no further than `limit` (the drawing's
 *  top stays on screen); past that, the page moves back to show the sliced line whole. */
export function clearTopEdge(limit = Infinity): void {
  const bar = document.querySelector<HTMLElement>(".sb-timebar:not(.compact)")?.getBoundingClientRect();
  // A pinned time bar covers the window's top: what it hides is hidden whole.
  if (bar && bar.top <= 1 && bar.bottom > 1 && window.scrollY > 0) return;
  for (let i = 0; i < 3; i++) {
    let below = 0;
    let above = 0;
    for (const el of document.querySelectorAll<HTMLElement>(
      "main h1, main h2, main h3, main button, main a[href], main select",
    )) {
      if (el.closest(".sb-timebar, .sb-tour-dock, .sb-sheet")) continue;
      const r = el.getBoundingClientRect();
      if (r.height > 0 && r.top < -0.5 && r.bottom > 0.5) {
        below = Math.max(below, r.bottom);
        above = Math.min(above, r.top);
      }
    }
    if (below === 0) return;
    if (below <= limit) {
      window.scrollBy?.({ top: Math.ceil(below) });
      limit -= Math.ceil(below);
    } else {
      window.scrollBy?.({ top: Math.floor(above) - 4 });
      return;
    }
  }
}

/** Bring a panel under the picture into view down to `target` (its main button), scrolling only
 *  as far as that needs and never past the panel's own top: "Try to break it" once jumped the
 *  page 853 px, the tab row to the top and the picture gone (review 5b #12); now the picture,
 *  pinned under the time bar on a wide screen while its row shows, stays in view as long as it
 *  can. After the next paint, so the panel is laid out. */
export function revealUnderStage(panel: HTMLElement | null, target: () => HTMLElement | null): void {
  if (typeof window === "undefined" || !panel) return;
  const go = () => {
    const el = target();
    if (!el) return;
    const bar = document.querySelector<HTMLElement>(".sb-timebar")?.getBoundingClientRect().height ?? 0;
    const need = el.getBoundingClientRect().bottom + 8 - window.innerHeight;
    const room = panel.getBoundingClientRect().top - bar - 8;
    const dy = Math.min(need, room);
    if (dy >= 1) window.scrollBy({ top: dy });
  };
  if (typeof window.requestAnimationFrame === "function") window.requestAnimationFrame(go);
  else go();
  // The panel may still grow after that paint (its form drawn once the run's settings arrive, on
  // a busy machine a moment later): while it settles, each change of its size scrolls again, as
  // far as still needed. The learner's own scroll, key or touch ends it, and so does a second.
  if (typeof ResizeObserver !== "function") return;
  const ro = new ResizeObserver(() => go());
  ro.observe(panel);
  const stop = () => {
    ro.disconnect();
    for (const e of ["wheel", "touchstart", "keydown"] as const) window.removeEventListener(e, stop);
  };
  for (const e of ["wheel", "touchstart", "keydown"] as const)
    window.addEventListener(e, stop, { once: true, passive: true });
  window.setTimeout(stop, 1000);
}

/** Keep a selected node (with its labels) on screen between the sticky time bar and whatever
 *  covers the lower part of the screen (the phone's action sheet, from `coverTop` down), moving
 *  the page as little as it can: a tap once left the tapped node under the sheet, and a click in
 *  a lesson embed scrolled the page 385 px to show the actions, the node going off the top. */
export function keepNodeInView(
  ctl: object,
  node: string,
  coverTop: number = window.innerHeight,
): number | null {
  const stage = stages.get(ctl);
  const el = stage?.querySelector<SVGGraphicsElement>(`[data-node="${node}"][role="button"]`);
  if (!el) return null;
  // The node with its labels (drawn in their own layer, so not inside the node's element).
  const label = stage?.querySelector<SVGGraphicsElement>(`text.sb-node-label[data-node="${node}"]`);
  const a = el.getBoundingClientRect();
  const b = label?.getBoundingClientRect() ?? a;
  const r = { top: Math.min(a.top, b.top), bottom: Math.max(a.bottom, b.bottom) };
  const bar = document.querySelector<HTMLElement>(".sb-timebar");
  const barRect = bar?.getBoundingClientRect();
  // The bar covers the top only while pinned (its top at 0).
  const top = barRect && barRect.top <= 1 ? barRect.bottom : 0;
  const margin = 12;
  let dy = 0;
  if (r.bottom + margin > coverTop) dy = r.bottom + margin - coverTop;
  if (r.top - dy - margin < top) dy = r.top - margin - top;
  dy = keepControls(stage, dy);
  if (Math.abs(dy) >= 1) window.scrollBy({ top: dy });
  // Where the node's lowest label now ends: when the run controls kept the page from moving
  // far enough, the caller shortens the sheet to start below it (review 10a #1).
  return r.bottom - (Math.abs(dy) >= 1 ? dy : 0) + margin;
}

/** The shortest a node's sheet gets so the tapped node stays above it: its title, the node's
 *  state and the first row of actions (the rest scrolls inside the sheet). */
const SHEET_MIN_PX = 200;

/** px kept between the picture's lowest text box and a phone sheet's top: 8 px of clear space
 *  and the sheet's shadow's darkest band above its edge. */
const LABEL_CLEAR = 14;

/** Where a phone's sheet may start so the picture's lowest label keeps clear of its edge
 *  (review 12b #15: "leader token 2", 10 px over the sheet, read as sitting on its top): below
 *  `nodeBottom` (the tapped node's, from keepNodeInView) and below every label on screen, when
 *  the sheet keeps its shortest height that way; else `nodeBottom` alone (the node wins). */
export function clearOfLabels(ctl: object, nodeBottom: number | null): number | null {
  let low = -Infinity;
  for (const t of stages.get(ctl)?.querySelectorAll(".sb-cluster-host svg text") ?? []) {
    const r = t.getBoundingClientRect();
    if (r.height > 0 && r.bottom <= window.innerHeight) low = Math.max(low, r.bottom);
  }
  const want = low + LABEL_CLEAR;
  if (!Number.isFinite(want) || window.innerHeight - want < SHEET_MIN_PX) return nodeBottom;
  return Math.max(nodeBottom ?? want, want);
}

/** Fit a phone's sheet under the tapped node, whose labels end at `nodeBottom` (from
 *  keepNodeInView): shorter, with its own scroll, rather than covering the node (review 10a #1:
 *  in a lesson embed, whose Play must stay on screen, the sheet hid n2 and n3). When even the
 *  shortest sheet would cover it, the page moves the rest of the way. */
export function fitSheetBelow(sheet: HTMLElement, nodeBottom: number | null): void {
  sheet.style.maxHeight = "";
  if (nodeBottom === null) return;
  const top = sheet.getBoundingClientRect().top;
  if (nodeBottom <= top) return;
  const room = window.innerHeight - nodeBottom;
  if (room < SHEET_MIN_PX) window.scrollBy({ top: SHEET_MIN_PX - room });
  sheet.style.maxHeight = `${Math.round(Math.max(room, SHEET_MIN_PX))}px`;
}

/** With the phone's "Why?" sheet open over the lower part of the screen, show the picture in
 *  the space above it (under the sticky time bar): a Why? step moves the run, and its effect
 *  shows in the picture. When the drawing does not fit
 *  whole, its top goes under the time bar. After the next paint, so the sheet has its height. */
export function keepStageAbove(ctl: object, sheet: HTMLElement): void {
  if (typeof window === "undefined") return;
  const go = () => placeStageAbove(ctl, sheet);
  if (typeof window.requestAnimationFrame === "function") window.requestAnimationFrame(go);
  else go();
}

/** The Why? panel in the /sandbox page's column beside the picture (three columns): it opened
 *  under the latest events with its facts, its cause and its chain below the fold and nothing
 *  scrolled to it (review 10b #12). The page moves so the picture's top sits under the time bar
 *  (the whole picture stays on screen), and the panel is held to the room left under its top,
 *  scrolling inside, so its head and first lines show at once. */
export function fitWhyBeside(ctl: object, panel: HTMLElement): void {
  if (typeof window === "undefined") return;
  const go = () => {
    const stage = stages.get(ctl);
    const picture = stage?.querySelector<HTMLElement>(".sb-stage");
    if (!stage?.classList.contains("sb-main-full") || !picture || !panel.isConnected) return;
    if (window.innerWidth <= 1180) return;
    const bar = document.querySelector<HTMLElement>(".sb-timebar:not(.compact)");
    const barH = bar?.getBoundingClientRect().height ?? 0;
    const room = (top: number) => window.innerHeight - top - 12;
    // Only when too little of it shows: never further than the picture's top under the bar.
    const before = panel.getBoundingClientRect().top;
    if (room(before) < MIN_WHY_ROOM) {
      const dy = picture.getBoundingClientRect().top - barH - 8;
      if (dy > 0) window.scrollBy({ top: dy });
    }
    panel.style.maxHeight = `${Math.max(MIN_WHY_ROOM, room(panel.getBoundingClientRect().top))}px`;
  };
  if (typeof window.requestAnimationFrame === "function") window.requestAnimationFrame(go);
  else go();
}
/** The least of the Why? panel kept on the first screen beside the picture. */
const MIN_WHY_ROOM = 360;

/** keepStageAbove, now (the caller has waited for the layout). */
export function placeStageAbove(ctl: object, sheet: HTMLElement): void {
  {
    const stage = stages.get(ctl);
    const picture = stage?.querySelector<HTMLElement>(".sb-stage, .sb-compact-stage") ?? stage;
    if (!picture || !sheet.isConnected) return;
    // A lesson embed's time bar is never pinned: reckoning with its height there left the
    // picture's lower nodes under the phone's Why? sheet (review 5a #7).
    const bar = document.querySelector<HTMLElement>(".sb-timebar:not(.compact)");
    const barRect = bar?.getBoundingClientRect();
    // The bar pins at the top once the page scrolls under it; reckon with its height either way.
    const top = barRect ? Math.max(0, barRect.height) : 0;
    const bottom = sheet.getBoundingClientRect().top;
    // The drawing itself (not the tools row under it), and when it is taller than the room its
    // top wins: centring it hid n1's label under the time bar on a phone (review 3b, p-16).
    const drawing = picture.querySelector<SVGSVGElement>(".sb-cluster-host svg") ?? picture;
    const r = drawing.getBoundingClientRect();
    const room = bottom - top;
    const dy =
      r.height <= room
        ? r.top < top
          ? r.top - top - 4
          : r.bottom > bottom
            ? r.bottom - bottom + 4
            : 0
        : r.top - top - 4;
    const want = keepControls(stage, dy + hiddenWhole(picture, r.top, dy, top));
    if (Math.abs(want) >= 1) window.scrollBy({ top: want });
    if (!stage?.querySelector(".sb-compact-controls")) clearTopEdge(Math.max(0, r.top - want - top - 4));
  }
}

/** How much further to scroll so a control above the drawing (the network tools' toggle) goes
 *  wholly under the pinned time bar rather than half under it (review 9b #11: "Hide network
 *  tools" sliced by the bar); the drawing's own top keeps its margin above its first label. */
function hiddenWhole(picture: HTMLElement, drawingTop: number, dy: number, barBottom: number): number {
  let more = 0;
  for (const b of picture.querySelectorAll<HTMLElement>("button")) {
    const rect = b.getBoundingClientRect();
    if (rect.height === 0 || rect.bottom > drawingTop + 1) continue;
    const t = rect.top - dy;
    const bottom = rect.bottom - dy;
    if (t < barBottom && bottom > barBottom) more = Math.max(more, bottom - barBottom + 2);
  }
  return more;
}

/** A lesson embed's run controls (Play, Next event, the scrubber) sit right above its picture
 *  and are never pinned: a scroll that places the picture for a sheet stops before they leave
 *  the screen's top (review 9a #8: a tap scrolled 112 px and hid them while the sheet was open). */
function keepControls(stage: HTMLElement | undefined, dy: number): number {
  if (dy <= 0) return dy;
  const controls = stage?.querySelector<HTMLElement>(".sb-compact-controls");
  if (!controls) return dy;
  const top = controls.getBoundingClientRect().top;
  return Math.max(0, Math.min(dy, top - 4));
}

/** Scroll so the page's sticky time bar sits exactly at the window's top and the picture's row
 *  starts right under it: no sliver of the run's text above the bar (review 9b #5: its top line
 *  was half hidden there), and the same place every time (9b #4: a tour's Next landed at 384 px
 *  once and 148 px another). The bar's resting place is read from the head above it, not from
 *  the bar, which a sticky position moves. False where there is no such bar (a lesson embed). */
export function scrollUnderBar(ctl: object): boolean {
  if (typeof window === "undefined") return false;
  const head = heads.get(ctl);
  const bar = document.querySelector<HTMLElement>(".sb-timebar:not(.compact)");
  if (!head?.isConnected || !bar) return false;
  const gap = parseFloat(getComputedStyle(bar).marginTop) || 0;
  const top = Math.round(head.getBoundingClientRect().bottom + window.scrollY + gap);
  if (Math.abs(window.scrollY - top) >= 1) window.scrollTo({ top });
  return true;
}
