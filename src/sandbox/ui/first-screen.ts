// A page opened at a moment (a quiz's "Show me") must show the whole cluster picture on its first
// screen. On a phone the site's header, the cue and the time bar above the picture left its
// lower nodes below the fold (the picture ended near 900 px of an 812 px screen). This scrolls as
// little as that needs, never past `anchor` (the cue the learner must still read), once the
// picture is drawn.

const PICTURE = ".sb-stage .sb-cluster, .sb-compact-stage .sb-cluster";

/** How far to scroll so the picture's bottom is on screen, without the anchor's top leaving it. */
export function scrollToFit(anchorTop: number, pictureBottom: number, viewport: number, margin = 8): number {
  const need = pictureBottom + margin - viewport;
  if (need <= 0) return 0;
  return Math.max(0, Math.min(need, anchorTop - margin));
}

/** Once the picture is laid out and `anchor` holds something (at most `frames` animation frames),
 *  scroll the picture whole onto the screen, keeping `anchor` in view. Returns a function that
 *  cancels the wait. */
export function fitPictureOnScreen(anchor: HTMLElement, frames = 600): () => void {
  let left = frames;
  let id = 0;
  // The picture is first drawn small and then fitted to its box: act once its place has held
  // still for a few frames, not on the first frame it has a size.
  let last = "";
  let still = 0;
  const tick = () => {
    const pic = document.querySelector<SVGElement>(PICTURE);
    const r = pic?.getBoundingClientRect();
    const a = anchor.getBoundingClientRect();
    const sig = r ? `${Math.round(r.top)}|${Math.round(r.bottom)}|${Math.round(a.height)}` : "";
    still = sig === last ? still + 1 : 0;
    last = sig;
    if (!r || r.height < 50 || a.height === 0 || still < 8) {
      if (--left > 0) id = requestAnimationFrame(tick);
      return;
    }
    const dy = scrollToFit(a.top, r.bottom, window.innerHeight);
    if (dy > 0) window.scrollBy({ top: dy });
  };
  id = requestAnimationFrame(tick);
  return () => cancelAnimationFrame(id);
}
