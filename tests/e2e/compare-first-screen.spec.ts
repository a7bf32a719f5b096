// Review 6b #16: on /compare the two pictures filled the first screen and the numbers that tell
// the runs apart were below it; on a phone the table's B column was scrolled out of sight.
import { test, expect } from "./fixtures";
import type { Locator } from "@playwright/test";

test.describe.configure({ timeout: 90_000 });

const strip = (p: import("@playwright/test").Page) =>
  p.getByRole("region", { name: "Where the runs differ" });

/** A's and B's values in one row of the strip, read from its words ("… A: x B: y"). */
async function values(row: Locator): Promise<[string, string]> {
  const t = (await row.textContent()) ?? "";
  const m = /A:\s*(.+?)\s*B:\s*(.+)$/.exec(t);
  expect(m, `a row with both runs' values: ${t}`).not.toBeNull();
  return [m![1].trim(), m![2].trim()];
}

test("at 1280x800 the metrics on which the runs differ share the first screen with both pictures", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/compare");
  const whole = strip(page).locator(".pr-diff-part").nth(1).getByRole("listitem");
  await expect(whole.first()).toBeVisible({ timeout: 60_000 });
  await expect(strip(page)).toBeInViewport({ ratio: 1 });
  const [a, b] = await values(whole.first());
  expect(a, "a row of the strip is a difference").not.toBe(b);
  for (const name of [/^Run A/, /^Run B/]) {
    const pic = page.getByRole("region", { name }).getByRole("group", { name: /^Cluster view/ });
    const box = (await pic.boundingBox())!;
    expect(box.y + box.height, "the picture is whole on the first screen").toBeLessThanOrEqual(800);
  }
  // Moving the clock to a moment where the runs differ lists that moment's differences too.
  await page.getByRole("button", { name: /^12 s/ }).click();
  const now = strip(page).locator(".pr-diff-part").first().getByRole("listitem");
  await expect(now.first()).toBeVisible();
  const [na, nb] = await values(now.first());
  expect(na).not.toBe(nb);
});

test("on a phone a differing row of the metrics table shows both runs' values on screen @phone", async ({
  page,
}) => {
  await page.goto("/compare");
  const table = page.getByRole("table");
  const row = table.getByRole("row", { name: /^Time with no leader \(total\)/ });
  await expect(row).toHaveClass(/pr-differs/, { timeout: 60_000 });
  await row.scrollIntoViewIfNeeded();
  const cells = row.getByRole("cell");
  await expect(cells).toHaveCount(2);
  for (const c of await cells.all()) {
    const box = (await c.boundingBox())!;
    expect(box.x + box.width, "the cell is within the screen's width").toBeLessThanOrEqual(375);
  }
});
