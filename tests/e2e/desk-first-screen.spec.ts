// Issue 33, desktop (1280x800), review 4a and 4b: what a click opens shows within the screen,
// beside the picture, and no click moves the page the learner is reading.
import { test, expect } from "./fixtures";
import type { Locator, Page } from "@playwright/test";

test.describe.configure({ timeout: 90_000 });

const DESK = { width: 1280, height: 800 };
const cluster = (scope: Page | Locator) => scope.getByRole("group", { name: /^Cluster view/ });

/** The element's box lies wholly inside the window. */
async function inWindow(page: Page, el: Locator): Promise<boolean> {
  const box = await el.boundingBox();
  const h = page.viewportSize()!.height;
  return box !== null && box.y >= 0 && box.y + box.height <= h;
}

test("lesson embed: a node clicked with a Why? open shows its actions beside the picture, the page still", async ({
  page,
}) => {
  await page.setViewportSize(DESK);
  await page.goto("/learn/fencing-tokens");
  const embed = page.locator(".sandbox-embed").first();
  await embed.evaluate((e) => e.scrollIntoView({ block: "start" }));
  const status = embed.getByRole("status", { name: "Simulated time" });
  await expect(status).toBeVisible({ timeout: 30_000 });
  // On past the first new leader, then ask why.
  await embed.getByRole("slider").first().fill("3000");
  await expect(status).toHaveText(/^3\.00 s/);
  const why = embed.getByRole("button", { name: /^Why\?/ }).first();
  await expect(why).toBeVisible({ timeout: 20_000 });
  await why.click();
  const whyPanel = page.getByRole("dialog", { name: /^Why\?/ });
  await expect(whyPanel).toBeVisible();
  await embed.evaluate((e) => e.scrollIntoView({ block: "start" }));
  const before = await page.evaluate(() => window.scrollY);

  await cluster(embed).getByRole("button", { name: /^n1, / }).click();
  const actions = embed.getByRole("heading", { name: "Actions for n1" });
  await expect(actions).toBeVisible();
  // The newest replaces the other in the column beside the picture.
  await expect(whyPanel).toBeHidden();
  expect(await page.evaluate(() => window.scrollY), "a node click never scrolls the page").toBe(before);
  expect(await inWindow(page, actions), "the actions' heading is on screen").toBe(true);
  const crash = embed.getByRole("button", { name: /^Crash/ });
  expect(await inWindow(page, crash), "the first action is on screen").toBe(true);

  // And a Why? opened now replaces the node's actions.
  await why.click();
  await expect(whyPanel).toBeVisible();
  await expect(actions).toBeHidden();
});
