// A lesson diagram full screen keeps its caption whole at the zoom it opens at, on a wide screen
// and on a phone (review 17a #16: lesson 1's caption lost half its last line at 145 % on 1280).
import { test, expect } from "./fixtures";

for (const phone of [false, true]) {
  test(`every diagram of lessons 1 and 7, full screen: the caption is whole on screen${phone ? " @phone" : ""}`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    for (const lesson of ["why-a-leader", "fencing-tokens"]) {
      await page.goto(`/learn/${lesson}`);
      const figures = page.locator("figure.diagram");
      await expect(figures.first()).toBeAttached({ timeout: 30_000 });
      const n = await figures.count();
      expect(n).toBeGreaterThan(0);
      for (let i = 0; i < n; i++) {
        const figure = figures.nth(i);
        await figure.scrollIntoViewIfNeeded();
        const open = figure.getByRole("button", { name: "Full screen" });
        await open.click();
        const dialog = page.getByRole("dialog", { name: "Diagram, full screen" });
        await expect(dialog.locator("svg").first()).toBeVisible({ timeout: 30_000 });
        await expect(dialog.locator(".diagram-dialog-level")).toHaveText(/\d+ %/);
        const caption = dialog.locator(".diagram-dialog-caption");
        await expect(caption).toHaveText((await figure.locator("figcaption").textContent())!);
        await expect(caption).toBeInViewport({ ratio: 1 });
        const box = (await caption.boundingBox())!;
        expect(box.y + box.height, `${lesson} diagram ${i + 1}`).toBeLessThanOrEqual(
          page.viewportSize()!.height,
        );
        await page.keyboard.press("Escape");
        await expect(dialog).toBeHidden();
      }
    }
  });
}
