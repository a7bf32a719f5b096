// /start's Play is ONE element from the first paint to the run's end: the run's chunk arrives
// without replacing it (a replaced Play lost a press landing on it, or Playwright's retried click
// scrolled the page 240 px to find the new one in a fresh-clone CI walk), a learner's focus on it
// stays, and a press made before the run is here starts the run once it is.
import type { Page } from "@playwright/test";
import { test, expect } from "./fixtures";

/** Hold the run's chunk back until `release` is called, so the first paint is the learner's view. */
async function holdRun(page: Page) {
  let release = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route(/\/assets\/GuidedRun-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return () => release();
}

const play = (page: Page) => page.locator(".gr-play");
const live = (page: Page) => page.locator("svg.sb-cluster .sb-node-id");

for (const tag of ["", " @phone"])
  for (const screen of [1, 9])
    test(`/start screen ${screen}: Play, and ${screen === 9 ? "the fault" : "Next event"}, are the same elements before and after the run arrives, and Play keeps focus${tag}`, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      const release = await holdRun(page);
      await page.goto(`/start?screen=${screen}`);
      await expect(page.locator(".gr-still svg")).toBeVisible();
      const playEl = await play(page).elementHandle();
      const other = await page
        .getByRole(
          "button",
          screen === 9 ? { name: /^GC pause the leader/ } : { name: "Next event", exact: true },
        )
        .elementHandle();
      await play(page).focus();
      release();
      await expect(live(page)).toHaveCount(3, { timeout: 60_000 });
      if (screen === 1)
        await expect(page.getByRole("button", { name: "Next event", exact: true })).toBeEnabled({
          timeout: 60_000,
        });
      await expect(page.locator(".gr-still")).toHaveCount(0, { timeout: 60_000 });
      const now = await page.evaluate(
        ([p, o]) => ({
          playConnected: p!.isConnected,
          playSame: p === document.querySelector(".gr-play"),
          otherConnected: o!.isConnected,
          otherSame: o === document.querySelector(".gr-run-buttons .sb-btn:not(.gr-play)"),
          focused: document.activeElement === p,
        }),
        [playEl, other] as const,
      );
      expect(now).toEqual({
        playConnected: true,
        playSame: true,
        otherConnected: true,
        otherSame: true,
        focused: true,
      });
      // The focused Play still works from the keyboard once the run is here.
      await page.keyboard.press("Enter");
      await expect(page.getByRole("button", { name: "Pause", exact: true })).toBeVisible({ timeout: 60_000 });
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
    });

for (const tag of ["", " @phone"])
  test(`/start: Playwright's own click on Play at first paint, the run held back, starts the run once it is here and scrolls nothing${tag}`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const release = await holdRun(page);
    await page.goto("/start");
    const before = await play(page).elementHandle();
    await play(page).click();
    release();
    await expect(page.getByRole("button", { name: "Pause", exact: true })).toBeVisible({ timeout: 60_000 });
    expect(await page.evaluate(() => window.scrollY), "the page's scroll").toBe(0);
    expect(await before!.evaluate((b) => b.isConnected && b === document.querySelector(".gr-play"))).toBe(
      true,
    );
    await expect(page.getByRole("button", { name: "Play again" })).toBeVisible({ timeout: 90_000 });
    expect(await page.evaluate(() => window.scrollY), "the page's scroll").toBe(0);
  });
