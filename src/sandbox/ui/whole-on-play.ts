// When the learner presses Play in a lesson embed, the whole picture comes on screen: the run
// plays in the picture, and a lesson read down to its controls once showed only the picture's
// top node at the window's foot (review 5a #1). The page moves as little as it can, and not at
// all when the picture is already whole.
import { useEffect, type RefObject } from "react";
import type { SandboxController } from "../controller.ts";

/** Room kept between the picture and the window's edges when the page moves. */
const MARGIN = 8;

/** How far to scroll (px, positive is down) so a box from `top` to `bottom` (relative to the
 *  window) sits wholly inside a window `height` tall: 0 when it already does; a box taller than
 *  the window shows its top. */
export function scrollToShowWhole(top: number, bottom: number, height: number): number {
  if (top >= 0 && bottom <= height) return 0;
  if (bottom - top + 2 * MARGIN > height || top < 0) return top - MARGIN;
  return bottom - height + MARGIN;
}

/** How far to scroll when Play is pressed. When the embed's title, picture and the column beside
 *  it (controls, latest events, metrics) fit the window together, the title goes to the window's
 *  top: the column grows as events arrive, and a move that only just showed its foot left the
 *  metrics and the safety line under the fold (review 9a #10). Else the picture is shown whole. */
export function scrollForPlay(
  picture: { top: number; bottom: number },
  whole: { top: number; bottom: number } | null,
  height: number,
): number {
  if (whole && whole.bottom - whole.top + 2 * MARGIN <= height)
    return whole.top >= 0 && whole.top <= 5 * MARGIN ? 0 : whole.top - MARGIN;
  return scrollToShowWhole(picture.top, picture.bottom, height);
}

/** Scroll the element whole into view each time the run starts playing; with `head` and `main`,
 *  the run's title down to the foot of `main` when they fit together. */
export function useWholeOnPlay(
  ctl: SandboxController,
  ref: RefObject<HTMLElement | null>,
  head?: RefObject<HTMLElement | null>,
  main?: RefObject<HTMLElement | null>,
): void {
  useEffect(() => {
    let was = ctl.store.getState().playing;
    return ctl.store.subscribe((s) => {
      const now = s.playing;
      if (now && !was) {
        // After the next paint: Play swaps the button for Pause and may reflow the column.
        requestAnimationFrame(() => {
          const el = ref.current;
          if (!el) return;
          const r = el.getBoundingClientRect();
          const h = head?.current?.getBoundingClientRect();
          const m = main?.current?.getBoundingClientRect();
          const whole = h && m ? { top: Math.min(h.top, r.top), bottom: Math.max(m.bottom, r.bottom) } : null;
          const dy = scrollForPlay(r, whole, window.innerHeight);
          if (dy !== 0) window.scrollBy({ top: dy });
        });
      }
      was = now;
    });
  }, [ctl, ref, head, main]);
}
