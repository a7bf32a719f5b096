// The lesson embed's picture stays where it is on screen when the column beside it changes
// height. Beside the picture (900 px and wider) the stage is sticky inside its grid row (review
// 4a #16), so once the learner has scrolled past its top the picture rests against the row's
// foot; a taller column (a node's actions replacing the hint, "Run extended" appearing) then
// pushed the row's foot, and the picture, down: 30 px in review 17a #17, where selecting n3 moved
// n1 from y 96 to 126. Under 900 px the controls sit above the picture, and a line added there
// moved it the same way. Here the page scrolls by what the picture moved in its row, so on
// screen it stays put; a scroll of the learner's own, or a deliberate one (a phone's sheet
// making room), never moves the picture within its row, so it is left alone.
import { useEffect, type RefObject } from "react";

/** Keep `stage` still on screen while its row in `main` changes height. */
export function useStageStill(
  main: RefObject<HTMLElement | null>,
  stage: RefObject<HTMLElement | null>,
): void {
  useEffect(() => {
    const m = main.current;
    const s = stage.current;
    if (!m || !s || typeof ResizeObserver === "undefined") return;
    const offset = () => s.getBoundingClientRect().top - m.getBoundingClientRect().top;
    let was = offset();
    const onScroll = () => {
      was = offset();
    };
    const ro = new ResizeObserver(() => {
      const now = offset();
      const moved = now - was;
      if (Math.abs(moved) >= 0.5) window.scrollBy({ top: moved, behavior: "instant" });
      was = offset();
    });
    ro.observe(m);
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      ro.disconnect();
      window.removeEventListener("scroll", onScroll);
    };
  }, [main, stage]);
}
