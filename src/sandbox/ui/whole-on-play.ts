// When the learner presses Play in a lesson embed, the picture should be on screen: the run
// plays in it. The rule (review 14a #1): the page never moves the control under the learner's
// pointer. A press with a pointer (mouse, touch, pen) never scrolls the page: the embed is laid
// out so that the picture sits beside Play (a wide screen) or right under it (a phone), so a
// reader who can see Play sees most of the picture. A press from the keyboard (the K shortcut,
// Enter or Space on a focused button) moves the page the least that shows the picture whole,
// and only when less than most of it is on screen. (Play once brought the run's title to the
// window's top: a 230 px jump that left Play at y 50 under a pointer that had pressed it at 280.)
import { useEffect, type RefObject } from "react";
import type { SandboxController } from "../controller.ts";

/** Room kept between the picture and the window's edges when the page moves. */
const MARGIN = 8;

/** The share of the picture's height on screen from which it counts as seen: no move. */
export const MOSTLY = 0.6;

/** A pointer press this recent (ms) is the press that started the run. */
const POINTER_RECENT_MS = 1500;

/** How far to scroll (px, positive is down) so a box from `top` to `bottom` (relative to the
 *  window) sits wholly inside a window `height` tall: 0 when it already does; a box taller than
 *  the window shows its top. */
export function scrollToShowWhole(top: number, bottom: number, height: number): number {
  if (top >= 0 && bottom <= height) return 0;
  if (bottom - top + 2 * MARGIN > height || top < 0) return top - MARGIN;
  return bottom - height + MARGIN;
}

/** The share (0 to 1) of a box from `top` to `bottom` inside a window `height` tall. */
export function shareOnScreen(top: number, bottom: number, height: number): number {
  const h = bottom - top;
  if (h <= 0) return 1;
  return Math.max(0, Math.min(bottom, height) - Math.max(top, 0)) / h;
}

/** How far to scroll when Play is pressed: never with a pointer (the pressed button stays under
 *  it); from the keyboard, nothing while most of the picture is on screen, else the least move
 *  that shows it whole. */
export function scrollForPlay(
  picture: { top: number; bottom: number },
  height: number,
  byPointer: boolean,
): number {
  if (byPointer) return 0;
  if (shareOnScreen(picture.top, picture.bottom, height) >= MOSTLY) return 0;
  return scrollToShowWhole(picture.top, picture.bottom, height);
}

/** On a phone the picture is all the run has to show, and a tap on Play has just started it
 *  (review 16a #1: after Play the picture ran from y 460 to 850 in an 812 px window, so the crash
 *  and the new leader were under the fold). Whatever pressed Play, the page moves the least that
 *  shows the controls row and the picture under it whole: Play moves, but stays on screen, and
 *  the run is seen from its first frame. When both do not fit, the picture alone, whole. */
export function scrollForPlayOnPhone(
  controls: { top: number },
  picture: { top: number; bottom: number },
  height: number,
): number {
  const top = Math.min(controls.top, picture.top);
  if (picture.bottom - top + 2 * MARGIN <= height) return scrollToShowWhole(top, picture.bottom, height);
  return scrollToShowWhole(picture.top, picture.bottom, height);
}

/** A window as narrow as a phone's: the embed's controls stand above its picture there. */
const PHONE = "(max-width: 760px)";

/** Scroll the element into view when the run starts playing from a keyboard press, as
 *  scrollForPlay says (on a phone, from any press, as scrollForPlayOnPhone says). `root` is the embed: a pointer press inside it just before the run
 *  starts counts as the press of Play. */
export function useWholeOnPlay(
  ctl: SandboxController,
  ref: RefObject<HTMLElement | null>,
  root: HTMLElement | null,
): void {
  useEffect(() => {
    let lastPointer = -Infinity;
    const onPointer = () => {
      lastPointer = performance.now();
    };
    root?.addEventListener("pointerdown", onPointer, true);
    let was = ctl.store.getState().playing;
    const stop = ctl.store.subscribe((s) => {
      const now = s.playing;
      if (now && !was) {
        const byPointer = performance.now() - lastPointer < POINTER_RECENT_MS;
        // After the next paint: Play swaps its label and may reflow the column.
        requestAnimationFrame(() => {
          const el = ref.current;
          if (!el) return;
          const r = el.getBoundingClientRect();
          const controls = root?.querySelector(".sb-compact-controls");
          const dy =
            controls && window.matchMedia?.(PHONE).matches
              ? scrollForPlayOnPhone(controls.getBoundingClientRect(), r, window.innerHeight)
              : scrollForPlay(r, window.innerHeight, byPointer);
          if (dy !== 0) window.scrollBy({ top: dy });
        });
      }
      was = now;
    });
    return () => {
      stop();
      root?.removeEventListener("pointerdown", onPointer, true);
    };
  }, [ctl, ref, root]);
}
