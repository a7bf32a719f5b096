// /quiz while its questions load: the page's heading already where the page puts it and the
// page's height reserved, so the footer never rises into the first screen and then drops away
// (review 15a #14: "Loading the questions…" for about 1 s with the footer at y 183, then a jump).
import type { Page } from "@playwright/test";
import { test, expect } from "./fixtures";

/** Opens /quiz with one of the bank's files held back, checks the loading screen, then lets it go. */
async function heldOpen(page: Page) {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  let asked = false;
  // One quiz file's chunk (content/quiz/zab.json): the bank waits for every file.
  await page.route(/\/assets\/zab-[\w-]+\.js$/, async (route) => {
    asked = true;
    await held;
    await route.continue();
  });
  await page.goto("/quiz");
  await expect.poll(() => asked, { timeout: 30_000 }).toBe(true);
  const h1 = page.getByRole("heading", { name: "Quiz", level: 1 });
  await expect(h1).toBeVisible();
  await expect(page.getByText("Loading the questions…")).toBeVisible();
  const vh = page.viewportSize()!.height;
  const footer = page.locator("footer.site-footer");
  const loading = { h1: (await h1.boundingBox())!.y, footer: (await footer.boundingBox())!.y };
  expect(loading.footer, "footer below the first screen while loading").toBeGreaterThanOrEqual(vh);
  release();
  await expect(page.getByText(/questions on leader election/)).toBeVisible({ timeout: 30_000 });
  expect((await h1.boundingBox())!.y, "the heading did not move").toBeCloseTo(loading.h1, 0);
  expect((await footer.boundingBox())!.y, "footer still below the first screen").toBeGreaterThanOrEqual(vh);
}

test("the quiz keeps its first screen still while the questions load", async ({ page }) => {
  await heldOpen(page);
});

test("the quiz keeps its first screen still while the questions load, on a phone @phone", async ({
  page,
}) => {
  await heldOpen(page);
});
