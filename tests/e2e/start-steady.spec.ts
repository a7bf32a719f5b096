// /start holds still: Play does not move as the live run arrives (its box keeps the drawn
// picture's height), pressing it scrolls nothing when the picture is on screen, the placeholder's
// buttons are named by their words before the run loads, and on a phone the replay control stays
// right under the picture, with "Then:" below it and "Watch:" said once.
import type { Page } from "@playwright/test";
import { test, expect } from "./fixtures";

const play = (page: Page) => page.getByRole("button", { name: /^(Play|Hold|Play again)$/ });

/** Every distinct top of the Play button, sampled every frame from the page's first paint. */
async function watchPlayTop(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { playTops: number[] };
    w.playTops = [];
    const look = () => {
      const b = document.querySelector<HTMLElement>(".gr-play");
      if (b) {
        const top = Math.round(b.getBoundingClientRect().top + window.scrollY);
        if (w.playTops.at(-1) !== top) w.playTops.push(top);
      }
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
}

test("/start screen 1: Play stays put while the run loads, and pressing it scrolls nothing", async ({
  page,
}) => {
  await watchPlayTop(page);
  await page.goto("/start");
  await expect(play(page)).toBeEnabled({ timeout: 30_000 });
  await expect(page.getByRole("group", { name: /^Cluster view/ })).toBeVisible();
  const tops = await page.evaluate(() => (window as unknown as { playTops: number[] }).playTops);
  // A few pixels of settling (the progress dots' entrance) are not a jump; the picture's box
  // growing under Play as it arrives moved it by about a hundred.
  expect(Math.max(...tops) - Math.min(...tops), `Play's tops while loading: ${tops.join(", ")}`).toBeLessThan(
    10,
  );
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await play(page).click();
  await expect(page.getByRole("button", { name: "Play again" })).toBeVisible({ timeout: 60_000 });
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await expect(page.locator(".first-steps-count")).toBeInViewport();
});

test("/start: before the run has loaded, Play and Next event are there by name, waiting", async ({
  page,
}) => {
  // Hold the run's chunk back, so the placeholder is what the learner sees.
  let release = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route(/\/assets\/GuidedRun-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/start");
  await expect(page.getByText("Loading the live example…")).toBeVisible();
  // Play takes a press already (the run starts once it is here); Next event waits.
  await expect(page.getByRole("button", { name: "Play", exact: true })).toBeEnabled();
  await expect(page.getByRole("button", { name: "Next event", exact: true })).toBeDisabled();
  release();
  await expect(page.getByRole("button", { name: "Play", exact: true })).toBeEnabled({ timeout: 30_000 });
  await expect(page.getByRole("button", { name: "Next event", exact: true })).toBeEnabled();
});

test("/start on a phone: Play again right under the picture after the run, Then: below it, Watch: once @phone", async ({
  page,
}) => {
  await page.goto("/start");
  await expect(play(page)).toBeEnabled({ timeout: 30_000 });
  await expect(page.getByRole("group", { name: /^Cluster view/ })).toBeVisible({ timeout: 30_000 });
  await expect(page.locator("strong", { hasText: /^Watch:$/ })).toHaveCount(1);
  await play(page).click();
  const again = page.getByRole("button", { name: "Play again" });
  await expect(again).toBeVisible({ timeout: 60_000 });
  const then = page.locator(".first-steps-then");
  await expect(then).toBeVisible();
  const pic = (await page.locator(".gr-picture").boundingBox())!;
  const btn = (await again.boundingBox())!;
  const thenBox = (await then.boundingBox())!;
  // The buttons' row is the next thing under the picture; the second look comes after it.
  expect(btn.y - (pic.y + pic.height)).toBeGreaterThanOrEqual(0);
  expect(btn.y - (pic.y + pic.height)).toBeLessThan(24);
  expect(thenBox.y).toBeGreaterThan(btn.y + btn.height);
});
