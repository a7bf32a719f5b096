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

function reveal(ctl: object, always: boolean): void {
  const el = stages.get(ctl);
  if (!el || typeof window === "undefined") return;
  const r = el.getBoundingClientRect();
  // Already there: its top on the first third of the screen.
  if (!always && r.top >= 0 && r.top <= window.innerHeight / 3) return;
  const head = heads.get(ctl);
  const picture = el.querySelector<HTMLElement>(".sb-stage") ?? el;
  if (head && head.isConnected && picture.getBoundingClientRect().bottom - head.getBoundingClientRect().top <= window.innerHeight) {
    head.scrollIntoView?.({ block: "start" });
    return;
  }
  el.scrollIntoView?.({ block: "start" });
}
