// Where a tour step lands at 1280x800 (review 9b #3, #4, #5): Next and Back put the time bar at
// the window's top and the card's title right under it, the same place on every step; nothing
// of the run's text shows as a sliver above the bar; a step longer than its card says so.
import type { Page } from "@playwright/test";
import { test, expect } from "./fixtures";
import { tab } from "./sandbox-helpers";

/** The bar's top, and the card's top less the bar's bottom (px). */
const place = (page: Page) =>
  page.evaluate(() => {
    const bar = document.querySelector(".sb-timebar")!.getBoundingClientRect();
    const card = document.querySelector(".sb-area-tour .sb-tour")!.getBoundingClientRect();
    return {
      bar: Math.round(bar.top),
      gap: Math.round(card.top - bar.bottom),
      y: Math.round(window.scrollY),
    };
  });

test("a tour's Next and Back land with the card's title under the time bar, every time", async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/sandbox?preset=billing-crash");
  await tab(page, "Guided tours");
  await page
    .getByRole("button", { name: /Start the tour/ })
    .first()
    .click();
  const card = page.locator(".sb-area-tour section.sb-tour");
  await expect(card).toContainText("step 1 of");
  // The jump that starts it: the run's title whole at the window's top, or the bar there with
  // the title above it; never a line of the title cut above the bar (9b #5).
  await expect
    .poll(() =>
      page.evaluate(() => {
        const head = document.querySelector(".sb-head")!.getBoundingClientRect().top;
        const bar = document.querySelector(".sb-timebar")!.getBoundingClientRect().top;
        return head >= 0 || Math.round(bar) === 0;
      }),
    )
    .toBe(true);
  await page.getByLabel("Speed").selectOption("10");
  const seen: number[] = [];
  for (let i = 1; i <= 3; i++) {
    const next = card.getByRole("button", { name: "Next", exact: true });
    const doIt = card.getByRole("button", { name: "Do it for me" });
    await expect(doIt.or(next.and(page.locator(":enabled")))).toBeVisible({ timeout: 30_000 });
    if (await doIt.isVisible()) await doIt.click();
    await expect(next).toBeEnabled({ timeout: 30_000 });
    // A learner who scrolled away meanwhile is brought back too.
    await page.evaluate(() => window.scrollBy(0, 300));
    await next.click();
    await expect(card).toContainText(`step ${i + 1} of`);
    await expect.poll(() => place(page)).toMatchObject({ bar: 0 });
    const p = await place(page);
    expect(p.gap, `step ${i + 1}: the card starts right under the bar`).toBeGreaterThanOrEqual(0);
    expect(p.gap).toBeLessThan(16);
    await expect(card.locator(".sb-tour-kicker")).toBeInViewport({ ratio: 1 });
    seen.push(p.y);
  }
  expect(new Set(seen).size, `the same place on every step: ${seen.join(", ")}`).toBe(1);
  await card.getByRole("button", { name: "Back" }).click();
  await expect(card).toContainText("step 3 of");
  await expect.poll(async () => (await place(page)).y).toBe(seen[0]);
});

test("a step longer than its card scrolls above the buttons and says More below", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 600 });
  await page.goto("/sandbox?preset=billing-crash");
  await tab(page, "Guided tours");
  await page
    .getByRole("button", { name: /Start the tour/ })
    .first()
    .click();
  const card = page.locator(".sb-area-tour section.sb-tour");
  await expect(card).toContainText("step 1 of");
  const overflows = () => card.evaluate((el) => el.scrollHeight - el.clientHeight > 4);
  expect(await overflows(), "the step is longer than a 600 px window's card").toBe(true);
  const cue = card.getByText("More below ↓");
  await expect(cue).toBeVisible();
  // Read to its end, the cue goes.
  await card.evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await expect(cue).toBeHidden();
});
