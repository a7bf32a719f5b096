// A selected node's actions beside the picture at 1280x800: every one on the first screen
// (review 8b #4: "Clock drift +10%" and "Clock step +5 s" were cut at the fold).
import { test, expect } from "./fixtures";
import { cluster } from "./sandbox-helpers";

test("a selected node's whole action list is on the first screen at 1280x800", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/sandbox");
  await expect(cluster(page)).toBeVisible();
  await cluster(page).getByRole("button", { name: /^n2, / }).click();
  const actions = page.locator(".sb-area-node .sb-action-grid button");
  await expect(actions.first()).toBeVisible();
  expect(await actions.count()).toBeGreaterThanOrEqual(8);
  for (const b of await actions.all()) await expect(b).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => window.scrollY), "the page did not scroll").toBe(0);
});
