// On a phone nothing tappable is cut in two by an edge: a node sheet's top (review 10b #5), the
// window's top after a tour starts (10b #16); and the interview's phase table reads as one card a
// phase, no column squeezed to a word a line (10b #15).
import { test, expect } from "./fixtures";
import type { Page } from "@playwright/test";
import { cluster, goTo, selectNode } from "./sandbox-helpers";

/** Controls in the page (not inside the given fixed layer) that a horizontal line at `y` cuts. */
async function slicedAt(page: Page, y: number, skip: string): Promise<string[]> {
  return page.evaluate(
    ([edge, layer]) =>
      [...document.querySelectorAll<HTMLElement>("main button, main a[href], main select, main h1, main h2")]
        .filter((el) => !el.closest(layer as string) && !el.closest(".sb-timebar"))
        .filter((el) => {
          const r = el.getBoundingClientRect();
          return r.height > 0 && r.top < (edge as number) - 0.5 && r.bottom > (edge as number) + 0.5;
        })
        .map((el) => `${el.tagName} ${el.textContent?.trim().slice(0, 30)}`),
    [y, skip] as const,
  );
}

test("@phone a node's sheet never slices a button in the page under it", async ({ page }) => {
  await page.goto("/sandbox");
  await expect(cluster(page)).toBeVisible();
  await goTo(page, 6);
  await selectNode(page, "n1");
  const sheet = page.getByRole("dialog", { name: /Actions for n1/ });
  await expect(sheet).toBeVisible();
  await sheet.getByRole("button", { name: /^Crash/ }).tap();
  await expect(sheet.getByRole("button", { name: /^Restart/ })).toBeVisible();
  const check = async () => slicedAt(page, (await sheet.boundingBox())!.y, ".sb-sheet, .sb-tour-dock");
  await expect.poll(check, { message: "every button wholly above the sheet or under it" }).toEqual([]);
  // Wherever the learner lets the page rest, the edge stays clean; and the page's last line can be
  // scrolled above the sheet (it is padded by the sheet's height).
  for (const dy of [37, 53, 91]) {
    await page.evaluate((by) => window.scrollBy(0, by), dy);
    await expect.poll(check).toEqual([]);
  }
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const foot = page.locator(".sb-more");
  await expect
    .poll(async () => {
      const f = (await foot.boundingBox())!;
      return f.y + f.height <= (await sheet.boundingBox())!.y + 1;
    })
    .toBe(true);
});

test("@phone a tour started on a phone leaves no header cut at the window's top", async ({ page }) => {
  await page.goto("/sandbox");
  await expect(cluster(page)).toBeVisible();
  // "Take a tour" starts the run's own tour (the billing job's) at once (review 16b #6).
  await page.getByRole("button", { name: "Take a tour" }).tap();
  const tour = page.locator("section.sb-tour");
  await expect(tour).toContainText("step 1 of");
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await expect.poll(() => slicedAt(page, 0, ".sb-tour-dock, .sb-sheet")).toEqual([]);
  // The picture is on screen, above the docked step.
  const picture = (await cluster(page).boundingBox())!;
  expect(picture.y).toBeGreaterThanOrEqual(0);
});

test("@phone the interview's phases are cards, each field labelled, still a table", async ({ page }) => {
  await page.goto("/interview");
  await page
    .getByRole("button", { name: /^Start: / })
    .first()
    .tap();
  const table = page.getByRole("table", { name: "Phases and time boxes" });
  await expect(table).toBeVisible();
  // A screen reader still finds a table: its column headers and a row per phase.
  await expect(table.getByRole("columnheader")).toHaveCount(3);
  const rows = table.getByRole("row");
  expect(await rows.count()).toBeGreaterThan(2);
  const cells = table.getByRole("cell");
  const widths = await cells.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().width));
  expect(widths.length).toBeGreaterThan(2);
  for (const w of widths) expect(w, "no cell squeezed to a narrow column").toBeGreaterThanOrEqual(120);
  // "What the interviewer expects" is a visible label on each card, on one line.
  const label = table.locator(".iv-cell-label", { hasText: "What the interviewer expects" }).first();
  await expect(label).toBeVisible();
  const box = (await label.boundingBox())!;
  const line = await label.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
  expect(box.height).toBeLessThan(line * 1.5);
});
