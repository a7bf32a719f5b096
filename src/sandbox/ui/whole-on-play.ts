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

/** Scroll the element whole into view each time the run starts playing. */
export function useWholeOnPlay(ctl: SandboxController, ref: RefObject<HTMLElement | null>): void {
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
          const dy = scrollToShowWhole(r.top, r.bottom, window.innerHeight);
          if (dy !== 0) window.scrollBy({ top: dy });
        });
      }
      was = now;
    });
  }, [ctl, ref]);
}
