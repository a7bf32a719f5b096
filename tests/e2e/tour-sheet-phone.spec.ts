// A phone's docked tour step is brief (review 6b #15: a 300 px sheet covered Latest and "More
// below" was easy to miss): heading, two lines or the move, "More"; Back and Next in one row;
// at most 35% of the screen; the page scrolls far enough to show Latest above it.
import { test, expect } from "./fixtures";
import { cluster } from "./sandbox-helpers";

test("@phone the tour's sheet is brief, opens on More, and Latest can be scrolled above it", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/sandbox?preset=fencing-diagram");
  await expect(cluster(page)).toBeVisible();
  await page.getByRole("button", { name: "Other tours" }).tap();
  await page
    .getByRole("button", { name: /^Start tour: / })
    .first()
    .tap();
  const sheet = page.locator("section.sb-tour");
  await expect(sheet).toContainText("step 1 of");
  const height = async () => (await sheet.boundingBox())!.height;
  await expect
    .poll(height, { message: "the brief sheet is at most 35% of the screen" })
    .toBeLessThanOrEqual(812 * 0.35);
  // Back and Next in the same row.
  const back = (await sheet.getByRole("button", { name: "Back", exact: true }).boundingBox())!;
  const next = (await sheet.getByRole("button", { name: "Next", exact: true }).boundingBox())!;
  expect(Math.abs(back.y - next.y)).toBeLessThan(4);
  // More opens the whole step, still within 35% (it scrolls inside); Less folds it again.
  const more = sheet.getByRole("button", { name: "More", exact: true });
  await expect(more).toHaveAttribute("aria-expanded", "false");
  await more.tap();
  await expect(sheet.getByRole("button", { name: "Less", exact: true })).toHaveAttribute(
    "aria-expanded",
    "true",
  );
  expect(await height()).toBeLessThanOrEqual(812 * 0.35 + 1);
  await sheet.getByRole("button", { name: "Less", exact: true }).tap();
  // Latest can be brought above the sheet, whole.
  const latest = page.getByRole("region", { name: "Latest events" });
  const sheetTop = async () => (await sheet.boundingBox())!.y;
  const l = (await latest.boundingBox())!;
  await page.evaluate((dy) => window.scrollBy(0, dy), l.y + l.height - (await sheetTop()));
  await expect
    .poll(async () => {
      const b = (await latest.boundingBox())!;
      return b.y >= 0 && b.y + b.height <= (await sheetTop()) + 1;
    })
    .toBe(true);
  // And the page's last line, scrolled to the foot, clears the sheet (the page is padded by it).
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const foot = page.locator(".sb-more");
  await expect
    .poll(async () => {
      const f = (await foot.boundingBox())!;
      return f.y + f.height <= (await sheetTop()) + 1;
    })
    .toBe(true);
});
