// A page opened at a moment (a quiz's "Show me") must show the whole cluster picture on its first
// screen. On a phone the site's header, the cue and the time bar above the picture left its
// lower nodes below the fold (the picture ended near 900 px of an 812 px screen). When it does
// not fit, this scrolls the header away to `anchor` (the cue the learner must still read), once
// the picture is drawn.

const PICTURE = ".sb-stage .sb-cluster, .sb-compact-stage .sb-cluster";

/** How far to scroll so the picture's bottom is on screen: none when it fits, else the whole
 *  site header away so the anchor (the cue) starts the screen. Scrolling only as far as the
 *  picture needed left the page half-scrolled, the nav cut through its middle (review 4a #14). */
export function scrollToFit(anchorTop: number, pictureBottom: number, viewport: number, margin = 8): number {
  const need = pictureBottom + margin - viewport;
  if (need <= 0) return 0;
  return Math.max(0, anchorTop - margin);
}

/** Once the picture is laid out and `anchor` holds something (within `waitMs`: a busy phone
 *  may take seconds to run the simulation to the moment), scroll the picture whole onto the
 *  screen, keeping `anchor` in view. A learner who scrolls or touches first is left alone.
 *  Returns a function that cancels the wait. */
export function fitPictureOnScreen(anchor: HTMLElement, waitMs = 30_000): () => void {
  const until = performance.now() + waitMs;
  let id = 0;
  // The picture is first drawn small and then fitted to its box: act once its place has held
  // still for a moment, not on the first frame it has a size.
  let last = "";
  let since = performance.now();
  let settled = 0;
  const stop = () => {
    cancelAnimationFrame(id);
    for (const e of ["wheel", "touchstart", "keydown"]) window.removeEventListener(e, stop);
  };
  for (const e of ["wheel", "touchstart", "keydown"]) window.addEventListener(e, stop, { passive: true });
  const tick = () => {
    const now = performance.now();
    const pic = document.querySelector<SVGElement>(PICTURE);
    const r = pic?.getBoundingClientRect();
    const a = anchor.getBoundingClientRect();
    const sig = r ? `${Math.round(r.top)}|${Math.round(r.bottom)}|${Math.round(a.height)}` : "";
    if (sig !== last) {
      last = sig;
      since = now;
    }
    if (!r || r.height < 50 || a.height === 0 || now - since < 250) {
      if (now < until) id = requestAnimationFrame(tick);
      else stop();
      return;
    }
    const dy = scrollToFit(a.top, r.bottom, window.innerHeight);
    if (dy > 0) window.scrollBy({ top: dy });
    // The router may still put the page back at the top as the route settles: keep the fit for
    // a moment longer (until the learner scrolls, touches or types).
    if (settled === 0) settled = now;
    if (now - settled < 3_000 && now < until) id = requestAnimationFrame(tick);
    else stop();
  };
  id = requestAnimationFrame(tick);
  return stop;
}
