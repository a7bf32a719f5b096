// What the /start walks share.
import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/** Waits until the screen's slide-in (first-step-in) has finished: a place measured during its
 *  200 ms move is a few px off (a loaded machine measured one 4 px into it). */
export async function slideInDone(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() =>
        document
          .getAnimations()
          .filter((a) => (a as CSSAnimation).animationName === "first-step-in")
          .every((a) => a.playState === "finished"),
      ),
    )
    .toBe(true);
}
