// Review 14a #1: pressing Play in a lesson's embedded sandbox scrolled the page 230 px at 1280
// wide, so the button left the pointer that pressed it (y 280 to 50) and the learner's next
// click, meant for Pause or Next event, landed elsewhere. A walk over every embed of the two
// lessons the review walked: scrolled into view as a reader does, Play pressed with the mouse,
// the button moves less than 8 px.
import { test, expect } from "./fixtures";

const LESSONS = ["why-a-leader", "fencing-tokens"];

for (const lesson of LESSONS) {
  test(`every embed in ${lesson}: Play stays under the pointer at 1280x800`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/learn/${lesson}`);
    const embeds = page.locator("section.sandbox-embed");
    const count = await embeds.count();
    expect(count, "embeds in the lesson").toBeGreaterThan(0);
    for (let i = 0; i < count; i++) {
      const embed = embeds.nth(i);
      await embed.scrollIntoViewIfNeeded();
      const play = embed.getByRole("button", { name: "Play" });
      await expect(play).toBeEnabled({ timeout: 20_000 });
      // Where the review pressed it: Play about 280 px down the window.
      await play.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().top - 280));
      const before = (await play.boundingBox())!;
      const scrollBefore = await page.evaluate(() => window.scrollY);
      await page.mouse.click(before.x + before.width / 2, before.y + before.height / 2);
      const pause = embed.getByRole("button", { name: "Pause" });
      await expect(pause).toBeVisible();
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const after = (await pause.boundingBox())!;
      expect(Math.abs(after.y - before.y), `embed ${i + 1}: Play moved (px)`).toBeLessThan(8);
      expect(await page.evaluate(() => window.scrollY), `embed ${i + 1}: the page scrolled`).toBe(
        scrollBefore,
      );
      // The pointer is still on the button: a second press pauses the run.
      await page.mouse.click(before.x + before.width / 2, before.y + before.height / 2);
      await expect(embed.getByRole("button", { name: "Play" })).toBeVisible();
    }
  });
}
