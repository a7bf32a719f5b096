// "Why?" on a phone (issue 33): the panel is a bounded bottom sheet with its own scroll, the
// cluster picture stays in view above it (also after a step of the chain moves the run), focus
// goes into the sheet and back to the button that opened it, and the sheet closes by keyboard.
// The old sheet took 75% of the screen and covered the picture.
import { test, expect, expectNoSeriousAxeViolations } from "./fixtures";
import type { Locator, Page } from "@playwright/test";

test.describe.configure({ timeout: 90_000 });

const simTime = (page: Page) => page.getByRole("status", { name: "Simulated time" });
const cluster = (page: Page) => page.getByRole("group", { name: /^Cluster view/ });
const sheet = (page: Page) => page.getByRole("dialog", { name: /^Why\?/ });

/** How much of the picture shows between the pinned time bar and the sheet's top, 0 to 1. */
async function pictureShown(page: Page, over: Locator): Promise<number> {
  const pic = (await cluster(page).boundingBox())!;
  const cover = (await over.boundingBox())!;
  const bar = (await page.locator(".sb-timebar").first().boundingBox())!;
  const top = Math.max(0, bar.y + bar.height);
  const shown = Math.min(pic.y + pic.height, cover.y) - Math.max(pic.y, top);
  return Math.max(0, shown) / pic.height;
}

test("the Why? sheet leaves the picture in view above it and closes by keyboard @phone", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/sandbox?preset=fencing-diagram&at=26000");
  await expect(simTime(page)).toHaveText(/^26\.00 s/, { timeout: 40_000 });
  const why = page
    .getByRole("region", { name: "Latest events" })
    .getByRole("button", { name: /^Why\?/ })
    .first();
  await why.focus();
  await page.keyboard.press("Enter");
  await expect(sheet(page)).toBeVisible();
  await expect(sheet(page).getByRole("navigation", { name: "Chain of causes" })).toBeVisible();
  // Focus moved into the sheet, to its heading.
  await expect(sheet(page).getByRole("heading", { level: 2 })).toBeFocused();

  // Bounded: at most about 45% of the screen, pinned to the bottom, scrolling inside itself.
  const box = (await sheet(page).boundingBox())!;
  expect(box.height, "sheet height").toBeLessThanOrEqual(812 * 0.46);
  // At the bottom edge, to the pixel (a 1 px border may round past it).
  // Polled: the sheet slides in, so its first box may still be moving.
  await expect
    .poll(
      async () => {
        const b = (await sheet(page).boundingBox())!;
        return Math.abs(Math.round(b.y + b.height) - 812);
      },
      { message: "sheet at the bottom" },
    )
    .toBeLessThanOrEqual(1);
  const scrolls = await sheet(page).evaluate(
    (el) => el.scrollHeight > el.clientHeight && getComputedStyle(el).overflowY === "auto",
  );
  expect(scrolls, "the sheet scrolls inside itself").toBe(true);
  // Its close button is on screen and named.
  const close = sheet(page).getByRole("button", { name: "Close Why?" });
  await expect(close).toBeInViewport();
  const closeBox = (await close.boundingBox())!;
  expect(closeBox.height).toBeGreaterThanOrEqual(24);

  // The picture: in the viewport, most of it above the sheet.
  await expect(cluster(page)).toBeInViewport();
  await expect
    .poll(() => pictureShown(page, sheet(page)), { message: "picture shown above the sheet" })
    .toBeGreaterThanOrEqual(0.8);

  // Escape closes it; focus goes back out, to the button that opened it.
  await page.keyboard.press("Escape");
  await expect(sheet(page)).toBeHidden();
  await expect(why).toBeFocused();

  // Again, then a step back along the chain moves the run: the picture stays above the sheet.
  await page.keyboard.press("Enter");
  await expect(sheet(page)).toBeVisible();
  const steps = sheet(page).getByRole("navigation", { name: "Chain of causes" }).getByRole("button");
  await steps.last().press("Enter");
  await expect(steps.last()).toHaveAttribute("aria-current", "step");
  await expect
    .poll(() => pictureShown(page, sheet(page)), { message: "picture shown after a chain step" })
    .toBeGreaterThanOrEqual(0.8);
  await expectNoSeriousAxeViolations(page);
  // The Close button by keyboard this time.
  await sheet(page).getByRole("button", { name: "Close Why?" }).press("Enter");
  await expect(sheet(page)).toBeHidden();
});
