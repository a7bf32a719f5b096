// Lesson diagrams on a phone are drawn for its column (review 10a #8): most fit whole with labels
// of 12 px or more; one that still does not is in a marked sideways scroll (its cue and Full screen).
import { test, expect } from "./fixtures";
import { DIAGRAM_LESSONS } from "./diagram-audit-helpers";

test("@phone lesson diagrams fit a phone's column whole, or scroll sideways and say so", async ({ page }) => {
  test.setTimeout(240_000);
  let fit = 0;
  let total = 0;
  for (const lesson of DIAGRAM_LESSONS) {
    await page.goto(`/learn/${lesson}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible({ timeout: 60_000 });
    await page
      .locator("article details:not([open]) > summary")
      .evaluateAll((els) => els.forEach((s) => ((s.parentElement as HTMLDetailsElement).open = true)));
    await expect(page.locator("figure.diagram .diagram-svg svg").first()).toBeVisible({ timeout: 60_000 });
    await expect(page.getByText("Drawing the diagram…")).toHaveCount(0, { timeout: 60_000 });
    const figures = await page.locator("figure.diagram").evaluateAll((figs) =>
      figs.map((fig) => {
        const frame = fig.querySelector<HTMLElement>(".diagram-svg")!;
        const svg = frame.querySelector<SVGSVGElement>("svg")!;
        const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
        const sizes = [...svg.querySelectorAll("text")]
          .filter((t) => (t.textContent ?? "").trim() !== "")
          .map((t) => parseFloat(getComputedStyle(t).fontSize) * scale);
        return {
          fits: frame.scrollWidth <= frame.clientWidth + 1,
          marked: frame.getAttribute("role") === "region",
          smallest: Math.min(...sizes),
        };
      }),
    );
    for (const [k, f] of figures.entries()) {
      total += 1;
      expect(f.smallest, `${lesson} diagram ${k + 1}: text at least 12 px`).toBeGreaterThanOrEqual(11.9);
      if (f.fits) fit += 1;
      else expect(f.marked, `${lesson} diagram ${k + 1} scrolls: a marked scroller`).toBe(true);
    }
  }
  // 6 of 18 fitted before the drawings were sized for the column; 15 do now (the two state
  // diagrams and the five-lane bully election still scroll).
  expect(total).toBeGreaterThanOrEqual(18);
  expect(fit, `diagrams whole in a phone's column (of ${total})`).toBeGreaterThanOrEqual(15);
});
