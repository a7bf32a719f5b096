// Layout review 3 (issue 33): one font family for controls and prose, and every jump (check a
// challenge, open the tours, jump in Compare, open Why? on a phone) leaves the picture and what
// the jump opened on the same screen; the last /start screen's button stays on a phone's screen;
// the timeline's marks say that they open.
import { test, expect } from "./fixtures";
import type { Locator, Page } from "@playwright/test";

test.describe.configure({ timeout: 90_000 });

const cluster = (scope: Page | Locator) => scope.getByRole("group", { name: /^Cluster view/ });

/** Whether some part of the element lies inside the viewport (at least `min` px of its height). */
async function onScreen(page: Page, el: Locator, min = 40): Promise<boolean> {
  const box = await el.boundingBox();
  const h = page.viewportSize()!.height;
  if (!box) return false;
  return Math.min(box.y + box.height, h) - Math.max(box.y, 0) >= min;
}

test("prose and controls share one font family on every page", async ({ page }) => {
  const families: string[] = [];
  for (const [url, prose] of [
    ["/practice?challenge=zombie-write", ".pr-goal-line"],
    ["/glossary", "main p"],
    ["/progress", "main p"],
  ] as const) {
    await page.goto(url);
    const p = page.locator(prose).first();
    await expect(p).toBeVisible();
    const body = await p.evaluate((el) => getComputedStyle(el).fontFamily);
    const ui = await page
      .getByRole("link")
      .first()
      .evaluate((el) => getComputedStyle(el).fontFamily);
    expect(body, `${url}: prose font`).toBe(ui);
    families.push(body);
  }
  expect(new Set(families).size).toBe(1);
});

test("a challenge shows its picture on the first screen, and Check brings the verdict into view, in seconds", async ({
  page,
}) => {
  await page.goto("/practice?challenge=zombie-write");
  await expect(cluster(page)).toBeVisible();
  const pic = (await cluster(page).boundingBox())!;
  expect(pic.y, "the picture starts on the first screen").toBeLessThan(800 - 150);
  await expect(page.getByRole("button", { name: "Check my run" })).toBeEnabled();
  await page.getByRole("button", { name: "Check my run" }).click();
  const verdict = page.getByRole("heading", { name: /^(Solved|Not yet)/ });
  await expect(verdict).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(async () => (await verdict.boundingBox())!.y, {
      message: "verdict heading on screen, not at its bottom edge",
    })
    .toBeLessThan(400);
  // The run's summary line (the verdict also holds a way back into the run, after it).
  const summary = page.locator(".pr-verdict .pr-hint", { hasText: "with no leader in total" });
  await expect(summary).toBeVisible();
  await expect(summary).not.toContainText(/\d ms\b/);
});

test("the timeline's marks say that they open, and their state", async ({ page }) => {
  await page.goto("/sandbox?preset=fencing-diagram&at=26000");
  await expect(page.getByRole("status", { name: "Simulated time" })).toHaveText(/^26\.00 s/, {
    timeout: 40_000,
  });
  const marks = page.locator(".sb-marks > summary");
  await expect(marks).toContainText("show the list");
  await marks.click();
  await expect(marks).toContainText("hide the list");
  await expect(page.getByRole("list", { name: "Marks on the timeline" })).toBeVisible();
});

test("Guided tours opens the list beside the picture, both on screen", async ({ page }) => {
  await page.goto("/sandbox");
  await expect(cluster(page)).toBeVisible();
  await page.locator(".sb-head-actions").getByRole("button", { name: "Other tours" }).click();
  const list = page.getByRole("region", { name: "Guided tours" }).first();
  await expect(list).toBeVisible();
  expect(
    await onScreen(page, list.getByRole("heading", { name: "Guided tours" }), 10),
    "the list's heading on screen",
  ).toBe(true);
  expect(await onScreen(page, cluster(page), 200), "the picture on screen").toBe(true);
  // Starting a tour puts its step in the same place.
  await list
    .getByRole("button", { name: /^Start tour:/ })
    .first()
    .click();
  await expect(page.getByText(/Guided tour · step 1/i).first()).toBeVisible();
  expect(await onScreen(page, cluster(page), 200)).toBe(true);
});

test("a Compare jump brings both pictures into view", async ({ page }) => {
  await page.goto("/compare");
  await page
    .getByRole("navigation", { name: "Comparisons" })
    .getByRole("link", { name: "Lease TTL 10 s against 2 s" })
    .click();
  const a = page.getByRole("region", { name: "Run A: TTL 10 s" });
  const b = page.getByRole("region", { name: "Run B: TTL 2 s" });
  await expect(cluster(a)).toBeVisible();
  await expect(page.getByRole("slider", { name: "Time in both runs" })).toBeEnabled();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.getByRole("button", { name: "34 s: 4 s after the crash at 30 s" }).click();
  await expect(page.getByRole("status", { name: "Shared clock" })).toHaveText(/^34\.00 s/);
  await expect.poll(() => onScreen(page, cluster(a), 150)).toBe(true);
  await expect.poll(() => onScreen(page, cluster(b), 150)).toBe(true);
});

test("the last /start screen keeps Lesson 1 on a phone's screen @phone", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/start?screen=9");
  const next = page.getByRole("link", { name: /^Start lesson 1/ }).first();
  await expect(next).toBeVisible();
  // Polled: the screen's run replaces its placeholder as its chunk arrives, and the link is drawn
  // anew then (a box read in between was null on a loaded machine).
  await expect
    .poll(
      async () => {
        const box = await next.boundingBox();
        return box ? box.x + box.width : Infinity;
      },
      { message: "right edge inside the screen with a margin" },
    )
    .toBeLessThanOrEqual(375 - 8);
});

test("the Why? sheet keeps the picture's top label clear of the time bar @phone", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/sandbox?preset=fencing-diagram&at=26000");
  await expect(page.getByRole("status", { name: "Simulated time" })).toHaveText(/^26\.00 s/, {
    timeout: 40_000,
  });
  await page
    .getByRole("region", { name: "Latest events" })
    .getByRole("button", { name: /^Why\?/ })
    .first()
    .click();
  await expect(page.getByRole("dialog", { name: /^Why\?/ })).toBeVisible();
  const bar = page.locator(".sb-timebar").first();
  const svg = page.locator(".sb-cluster-host svg").first();
  await expect
    .poll(
      async () =>
        (await svg.boundingBox())!.y - ((await bar.boundingBox())!.y + (await bar.boundingBox())!.height),
      { message: "drawing's top below the time bar" },
    )
    .toBeGreaterThanOrEqual(0);
});

test("every visible button on the progress and challenge pages has a name", async ({ page }) => {
  for (const url of ["/progress", "/practice?challenge=zombie-write"]) {
    await page.goto(url);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const nameless = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>("button, [role=button], input[type=file]")]
        .filter((e) => e.getClientRects().length > 0)
        .filter(
          (e) =>
            !(
              (e.getAttribute("aria-label") ?? "").trim() ||
              (e.textContent ?? "").trim() ||
              (e.closest("label")?.textContent ?? "").trim()
            ),
        )
        .map((e) => e.outerHTML.slice(0, 120)),
    );
    expect(nameless, url).toEqual([]);
  }
});

test("a tapped node's sheet is compact, clear of the screen edges, with the whole picture above it @phone", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/sandbox");
  await expect(cluster(page)).toBeVisible();
  await cluster(page).getByRole("button", { name: /^n1, / }).tap();
  const heading = page.getByRole("heading", { name: "Actions for n1" });
  await expect(heading).toBeVisible();
  const sheet = page.locator(".sb-node-panel.sb-sheet");
  const crash = sheet.getByRole("button", { name: /^Crash/ }).first();
  const b = (await crash.boundingBox())!;
  expect(b.x, "12 px or more from the left edge").toBeGreaterThanOrEqual(12);
  const svg = page.locator(".sb-cluster-host svg").first();
  await expect
    .poll(
      async () =>
        (await sheet.boundingBox())!.y - ((await svg.boundingBox())!.y + (await svg.boundingBox())!.height),
      { message: "the drawing's bottom above the sheet" },
    )
    .toBeGreaterThanOrEqual(-4);
  const bar = (await page.locator(".sb-timebar").first().boundingBox())!;
  expect((await svg.boundingBox())!.y, "the drawing's top below the time bar").toBeGreaterThanOrEqual(
    bar.y + bar.height - 1,
  );
});
