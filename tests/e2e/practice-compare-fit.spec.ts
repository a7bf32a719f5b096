// Review 5b, practice, compare and progress: a challenge reads title, goal, then the picture with
// its settings beside it (under it on a phone), and applying them brings the run into view; the
// phone's menu links are real touch targets; a run's end keeps the Time slider usable; Compare
// picks its pair with a select on a phone; the practice intro leaves room for the challenges; a
// file identical to your progress has nothing to import.
import { test, expect } from "./fixtures";
import { readFileSync, writeFileSync } from "node:fs";
import type { Locator, Page } from "@playwright/test";

test.describe.configure({ timeout: 90_000 });

const cluster = (scope: Page | Locator) => scope.getByRole("group", { name: /^Cluster view/ }).first();
const box = async (l: Locator) => (await l.boundingBox())!;

test("a challenge shows its goal, then the picture with the settings beside it; Apply keeps the run in view", async ({
  page,
}) => {
  await page.goto("/practice?challenge=zombie-write");
  const goal = page.getByText(/^Goal: The resource accepts no write/);
  await expect(goal).toBeVisible();
  await expect(cluster(page)).toBeVisible();
  const settings = page.getByRole("region", { name: "Settings you may change" });
  await expect(settings).toBeVisible();
  const [g, pic, s] = [await box(goal), await box(cluster(page)), await box(settings)];
  expect(g.y, "the goal above the picture").toBeLessThan(pic.y);
  expect(s.x, "the settings beside the picture").toBeGreaterThanOrEqual(pic.x + pic.width - 1);
  expect(s.y, "the settings start on the first screen").toBeLessThan(800);
  await expect(settings).toContainText("change them here");
  await expect(page.locator("main")).not.toContainText("change them above");
  // Scrolled down to the form, Apply restarts the run and brings its picture back into view.
  await page.getByRole("checkbox", { name: "Leader checks its lease before each write" }).check();
  await page.getByRole("button", { name: "Apply settings and restart the run" }).click();
  await expect
    .poll(async () => {
      const b = await box(cluster(page));
      return b.y >= -40 && b.y < 400;
    })
    .toBe(true);
});

test("on a phone a challenge's goal and picture top share the first screen, its settings come right under the picture, and Apply scrolls back to it @phone", async ({
  page,
}) => {
  await page.goto("/practice?challenge=zombie-write");
  const goal = page.getByText(/^Goal: The resource accepts no write/);
  await expect(cluster(page)).toBeVisible();
  expect((await box(goal)).y + (await box(goal)).height).toBeLessThan(800);
  expect((await box(cluster(page))).y, "the picture's top on the first screen").toBeLessThan(800 - 40);
  const settings = page.getByRole("region", { name: "Settings you may change" });
  const pic = await box(cluster(page));
  const s = await box(settings);
  expect(s.y - (pic.y + pic.height), "the settings within a screen of the picture").toBeLessThan(400);
  const apply = page.getByRole("button", { name: "Apply settings and restart the run" });
  await apply.scrollIntoViewIfNeeded();
  await apply.click();
  await expect
    .poll(async () => {
      const b = await box(cluster(page));
      return b.y >= -40 && b.y < 400;
    })
    .toBe(true);
});

test("the phone's header links are 44 px touch targets in a one-row header @phone", async ({ page }) => {
  await page.goto("/practice");
  // The links in the header's row (the rest wait behind Menu: phone-nav.spec.ts).
  const links = page.getByRole("navigation", { name: "Main" }).getByRole("link");
  await expect(links.first()).toBeVisible();
  const heights = await links.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height));
  expect(Math.min(...heights)).toBeGreaterThanOrEqual(44);
  const header = await box(page.getByRole("banner"));
  expect(header.height).toBeLessThanOrEqual(64);
});

test("at a run's end on a phone the Time slider keeps a usable width @phone", async ({ page }) => {
  await page.goto("/practice?challenge=zombie-write");
  const slider = page.getByRole("slider", { name: "Time" }).first();
  await expect(slider).toBeEnabled();
  await slider.focus();
  await page.keyboard.press("End");
  await expect(page.getByRole("button", { name: /Play again/ })).toBeVisible();
  await expect.poll(async () => (await box(slider)).width).toBeGreaterThanOrEqual(150);
});

test("Compare on a phone picks its pair with a select, and run A's picture starts on the first screen @phone", async ({
  page,
}) => {
  await page.goto("/compare");
  const pick = page.getByRole("combobox", { name: "Comparison" });
  await expect(pick).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Comparisons" })).toBeHidden();
  await expect(cluster(page)).toBeVisible();
  expect((await box(cluster(page))).y, "run A's picture top on the first screen").toBeLessThan(800 - 60);
  await pick.selectOption({ label: "Fencing on against off" });
  await expect(page).toHaveURL(/pair=fencing/);
  await expect(pick).toHaveValue("fencing");
});

test("the practice intro leaves the first challenges on a phone's first screen @phone", async ({ page }) => {
  await page.goto("/practice");
  const first = page.getByRole("heading", { level: 2 }).first();
  await expect(first).toBeVisible();
  expect((await box(first)).y + (await box(first)).height).toBeLessThan(800);
});

test("importing a file identical to your progress says so and offers no merge or replace", async ({
  page,
}, testInfo) => {
  await page.goto("/progress");
  const downloadPromise = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export progress" }).click();
  const saved = testInfo.outputPath("same.json");
  await (await downloadPromise).saveAs(saved);
  await page.getByLabel("Import progress from a file").setInputFiles(saved);
  const same = page.getByRole("status").filter({ hasText: "This file matches your progress" });
  await expect(same).toContainText("Nothing to import");
  // It says what the file held, not only that it matched (review 9b #18).
  await expect(same).toContainText(/it holds 0 lessons done, .*quiz question.*, the same as here/);
  await expect(page.getByRole("button", { name: "Merge with my progress" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Replace my progress" })).toHaveCount(0);
  // A different file still asks.
  const other = JSON.parse(readFileSync(saved, "utf8"));
  other.progress.lessons = { "why-a-leader": { status: "done", updatedAt: "2026-11-29T12:00:00.000Z" } };
  const changed = testInfo.outputPath("changed.json");
  writeFileSync(changed, JSON.stringify(other));
  await page.getByLabel("Import progress from a file").setInputFiles(changed);
  await expect(page.getByRole("button", { name: "Merge with my progress" })).toBeVisible();
});
