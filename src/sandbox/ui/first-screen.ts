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
  const tick = () => {
    const pic = document.querySelector<SVGElement>(PICTURE);
    const r = pic?.getBoundingClientRect();
    if (!r || r.height < 50 || anchor.getBoundingClientRect().height === 0) {
      if (--left > 0) id = requestAnimationFrame(tick);
      return;
    }
    const dy = scrollToFit(anchor.getBoundingClientRect().top, r.bottom, window.innerHeight);
    if (dy > 0) window.scrollBy({ top: dy });
  };
  id = requestAnimationFrame(tick);
  return () => cancelAnimationFrame(id);
}
