// Selecting a node never moves the picture (review 17a #17: in lesson 1's run at 1280, clicking
// n3 put "Actions for n3 / Crash / Restart" in the column beside the picture, the column grew,
// and the drawing moved down about 30 px). Beside the picture the stage is sticky within its row,
// so a learner scrolled down to the caption sees it rest against the row's foot: that is where a
// taller column moved it. Measured where the learner sees it: the node's box on screen, before
// and after the click, once the node's actions are shown.
import { test, expect } from "./fixtures";
import type { Locator, Page } from "@playwright/test";
import { embedOf, cluster } from "./sandbox-helpers";

/** A node's drawn shape (not its focus ring), on screen and in the page. */
const place = (embed: Locator, node: string) =>
  embed.evaluate((e, id) => {
    const r = e.querySelector(`.sb-cluster [data-node="${id}"][role="button"]`)!.getBoundingClientRect();
    return { left: r.left, top: r.top, pageTop: r.top + window.scrollY, width: r.width };
  }, node);

/** Two animation frames: layout and any scroll that follows a change are done. */
const settled = (page: Page) =>
  page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

async function endRun(embed: Locator) {
  await embed.getByRole("slider", { name: "Time", exact: true }).focus();
  await embed.page().keyboard.press("End");
  await expect(embed.getByRole("button", { name: /Keep running for 30 s more/ })).toBeVisible({
    timeout: 60_000,
  });
}

for (const [lesson, preset, node] of [
  ["why-a-leader", "start-crash", "n3"],
  ["fencing-tokens", "fencing-diagram", "n1"],
] as const) {
  test(`${lesson}: selecting ${node} after the run has ended leaves the picture where it is on screen`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    const embed = await embedOf(page, lesson, preset);
    await endRun(embed);
    // Scrolled down to read the caption: the embed's top 150 px above the window.
    await embed.evaluate((e) => window.scrollTo(0, e.getBoundingClientRect().top + window.scrollY + 150));
    await settled(page);
    const before = await place(embed, "n2");
    await cluster(page)
      .getByRole("button", { name: new RegExp(`^${node}, `) })
      .first()
      .click();
    await expect(embed.getByRole("heading", { name: `Actions for ${node}` })).toBeVisible();
    await expect(embed.getByText(/Run extended to/)).toHaveCount(1);
    await settled(page);
    const after = await place(embed, "n2");
    expect(Math.abs(after.top - before.top), "the picture moved on screen").toBeLessThanOrEqual(1);
    expect(after.left).toBeCloseTo(before.left, 0);
    expect(after.width).toBeCloseTo(before.width, 0);
    // Deselected: still where it was.
    await page.keyboard.press("Escape");
    await expect(embed.getByRole("heading", { name: `Actions for ${node}` })).toHaveCount(0);
    await settled(page);
    expect(Math.abs((await place(embed, "n2")).top - before.top)).toBeLessThanOrEqual(1);
  });
}

test("/sandbox at 1280: selecting a node leaves the picture where it is", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/sandbox?preset=fencing-diagram&at=12000");
  await expect(page.getByRole("button", { name: "Play" })).toBeEnabled({ timeout: 60_000 });
  const main = page.locator(".sb-main-full");
  await settled(page);
  const before = await place(main, "n1");
  await cluster(page).getByRole("button", { name: /^n3, / }).click();
  await expect(page.getByRole("heading", { name: "Actions for n3" })).toBeVisible();
  await settled(page);
  const after = await place(main, "n1");
  expect(Math.abs(after.top - before.top)).toBeLessThanOrEqual(1);
  expect(after.width).toBeCloseTo(before.width, 0);
});

test("@phone a lesson's picture keeps its place in the page when a node is tapped (its sheet opens over it)", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const embed = await embedOf(page, "why-a-leader", "start-crash");
  await settled(page);
  const before = await place(embed, "n1");
  await cluster(page).getByRole("button", { name: /^n3, / }).first().tap();
  await expect(page.getByRole("dialog", { name: /n3/ })).toBeVisible();
  await settled(page);
  const after = await place(embed, "n1");
  // The page may scroll so the tapped node sits above the sheet; the picture's place in it holds.
  expect(Math.abs(after.pageTop - before.pageTop)).toBeLessThanOrEqual(1);
  expect(after.width).toBeCloseTo(before.width, 0);
});
