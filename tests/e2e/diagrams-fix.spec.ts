// Lesson figures at their size: a live run uses the lesson's whole column on a laptop (it sat in
// the text's measure with a third of the screen empty beside it), its Why? panel shows every
// sentence, and a diagram opened full screen on a phone keeps its labels at 12 px or more.
import { test, expect } from "./fixtures";

test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.title.includes("@phone") && testInfo.project.name !== "phone", "needs a touch screen");
  test.skip(
    testInfo.title.includes("@desktop") && testInfo.project.name !== "desktop",
    "needs a laptop screen",
  );
  test.setTimeout(120_000);
});

test("@desktop a lesson's live run takes the column's width: its picture is at least 700 px wide at 1280", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/learn/fencing-tokens");
  const embed = page.locator('section.sandbox-embed[data-preset="fencing-off"]');
  await embed.scrollIntoViewIfNeeded();
  const picture = embed.getByRole("group", { name: /^Cluster view/ });
  await expect(picture).toBeVisible({ timeout: 60_000 });
  const box = (await embed.boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(700);
  // The prose beside it keeps its reading measure.
  const para = (await page.locator("article .prose > p").first().boundingBox())!;
  expect(para.width).toBeLessThan(box.width - 100);
});

test("@desktop the Why? panel in a lesson's run shows its whole text, with no inner scroll", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/learn/fencing-tokens");
  const embed = page.locator('section.sandbox-embed[data-preset="fencing-off"]');
  await embed.scrollIntoViewIfNeeded();
  await expect(embed.getByRole("group", { name: /^Cluster view/ })).toBeVisible({ timeout: 60_000 });
  await embed.getByLabel("Speed").selectOption("100");
  await embed.getByRole("button", { name: "Play" }).click();
  const why = embed.getByRole("button", { name: /^Why/ }).first();
  await expect(why).toBeVisible({ timeout: 30_000 });
  await why.click();
  const panel = embed.locator(".sb-why");
  await expect(panel).toBeVisible();
  const clipped = await panel.evaluate((el) => el.scrollHeight > el.clientHeight + 1);
  expect(clipped).toBe(false);
});

test("@phone a diagram opened full screen keeps its labels at 12 px or more", async ({ page }) => {
  await page.goto("/learn/raft-election");
  const figure = page.locator("figure.diagram").first();
  await expect(figure.locator("svg").first()).toBeVisible({ timeout: 60_000 });
  await figure.scrollIntoViewIfNeeded();
  await figure.getByRole("button", { name: "Full screen" }).tap();
  const dialog = page.getByRole("dialog", { name: "Diagram, full screen" });
  const drawing = dialog.locator("svg").first();
  await expect(drawing).toBeVisible({ timeout: 60_000 });
  // Mermaid writes its labels at 16 units: the drawing's scale on screen times 16 is their size.
  await expect
    .poll(async () =>
      drawing.evaluate((el) => {
        const svg = el as SVGSVGElement;
        const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
        const sizes = Array.from(svg.querySelectorAll("text"))
          .filter((t) => (t.textContent ?? "").trim() !== "")
          .map((t) => parseFloat(getComputedStyle(t).fontSize) * scale);
        return Math.min(...sizes);
      }),
    )
    .toBeGreaterThanOrEqual(12 - 0.01);
});
