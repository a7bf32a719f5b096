// /start: Play and "Pause the leader" never move the page (review 10a #2, #3). A Play pressed
// while the live run still loads was disabled then: the press was refused, retried, and the retry
// scrolled the page to find the button again (about 160 px at 1280, most of the picture off a
// phone's top). Now Play takes the press at once and the run starts when it can. At 1280x800
// the page does not move at all; on a phone the picture stays wholly on screen.
import type { Page } from "@playwright/test";
import { test, expect } from "./fixtures";

/** Hold the live run's chunk back until the returned function is called, so the press lands on
 *  the placeholder's Play, the moment the learner (and the review) met a disabled one. */
async function holdRun(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route(/\/assets\/GuidedRun-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** The run's clock, in seconds. */
const clock = async (page: Page) =>
  parseFloat((await page.locator(".gr-clock").textContent())?.replace(/[^0-9.]/g, "") || "0");

async function expectStill(page: Page, phone: boolean) {
  if (!phone) {
    expect(await page.evaluate(() => window.scrollY), "Play and Pause scroll nothing at 1280").toBe(0);
    await expect(page.locator("#first-step-heading")).toBeInViewport({ ratio: 1 });
    return;
  }
  const pic = (await page.locator(".gr-picture").boundingBox())!;
  const height = page.viewportSize()!.height;
  expect(pic.y, "the picture's top is on screen").toBeGreaterThanOrEqual(0);
  expect(pic.y + pic.height, "the picture's foot is on screen").toBeLessThanOrEqual(height);
}

// The phone project runs the @phone tests, the desktop project the rest (playwright.config.ts).
for (const phone of [false, true]) {
  const tag = phone ? " @phone" : "";
  test(`/start screen 1: Play pressed while the run loads starts it, and the page holds still${tag}`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const release = await holdRun(page);
    await page.goto("/start");
    await expect(page.getByText("Loading the live example…")).toBeVisible();
    const play = page.getByRole("button", { name: "Play", exact: true });
    await expect(play).toBeEnabled();
    await play.click();
    release();
    await expect(page.getByRole("button", { name: "Freeze time" })).toBeVisible({ timeout: 30_000 });
    await expect.poll(() => clock(page), { timeout: 30_000 }).toBeGreaterThan(3);
    await expectStill(page, phone);
  });

  test(`/start screen 9: Play pressed early, then Pause the leader: the page holds still${tag}`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const release = await holdRun(page);
    await page.goto("/start?screen=9");
    await expect(page.getByText("Loading the live example…")).toBeVisible();
    await page.getByRole("button", { name: "Play", exact: true }).click();
    release();
    await expect(page.getByRole("button", { name: "Freeze time" })).toBeVisible({ timeout: 30_000 });
    await expectStill(page, phone);
    // Pressed as soon as the run plays, perhaps before the first leader is elected: the press is
    // kept and pauses that leader once it wins, rather than refused (and retried, scrolled).
    await page.getByRole("button", { name: /^Pause the leader/ }).click();
    await expect(page.locator(".gr-fault-btn")).toHaveAccessibleName(/^n\d is paused/, {
      timeout: 30_000,
    });
    const paused = await clock(page);
    // A few seconds of the run after the pause: the vote, the new leader, the late write.
    await expect.poll(() => clock(page), { timeout: 60_000 }).toBeGreaterThan(paused + 3);
    await expectStill(page, phone);
    await expect(page.getByRole("group", { name: /^Cluster view/ })).toBeInViewport();
  });
}
