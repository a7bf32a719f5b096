// The whole course, as a learner takes it: every lesson opens, its first live sandbox runs the
// preset the text talks about, and the learner can go from the home page to the end in order,
// marking each lesson done.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { test, expect, expectNoSeriousAxeViolations } from "./fixtures";

type LessonInfo = { id: string; order: number; presets: string[] };
const lessons: LessonInfo[] = readdirSync("content/lessons")
  .filter((f) => f.endsWith(".mdx"))
  .map((f) => {
    const text = readFileSync(join("content/lessons", f), "utf8");
    return {
      id: f.replace(/\.mdx$/, ""),
      order: Number(/^order:\s*(\d+)/m.exec(text)![1]),
      presets: [...text.matchAll(/<Sandbox preset="([^"]+)"/g)].map((m) => m[1]),
    };
  })
  .sort((a, b) => a.order - b.order);

for (const lesson of lessons) {
  test(`lesson ${lesson.order} (${lesson.id}) has a sandbox that runs its preset`, async ({ page }) => {
    expect(lesson.presets.length, "every lesson shows its behaviour in a live sandbox").toBeGreaterThan(0);
    await page.goto(`/learn/${lesson.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const embed = page.locator(`section.sandbox-embed[data-preset="${lesson.presets[0]}"]`).first();
    await embed.scrollIntoViewIfNeeded();
    // The embed's cluster draws every node as a focusable control named by id, role and term.
    await expect(embed.getByRole("button", { name: /^n1, / })).toBeVisible({ timeout: 15_000 });
    const clock = embed.getByRole("status", { name: "Simulated time" }).or(embed.locator("output.sb-time"));
    const before = await clock.first().textContent();
    await embed.getByRole("button", { name: /^Play/ }).click();
    await expect.poll(async () => clock.first().textContent(), { timeout: 10_000 }).not.toBe(before);
    await embed.getByRole("button", { name: /^Pause/ }).first().click();
    await expectNoSeriousAxeViolations(page);
  });
}

test("a learner goes through the whole course in order from the home page, marking each lesson done", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto("/");
  await page.getByRole("link", { name: /^Start the course:/ }).click();
  for (const [i, lesson] of lessons.entries()) {
    await expect(page).toHaveURL(new RegExp(`/learn/${lesson.id}$`));
    await page.getByRole("button", { name: "Mark lesson as done" }).click();
    await expect(page.getByRole("region", { name: "Your progress" })).toContainText("Done");
    const pager = page.getByRole("navigation", { name: "Previous and next lesson" });
    if (i < lessons.length - 1) await pager.getByRole("link", { name: /^Next/ }).click();
    else await pager.getByRole("link", { name: /Back to the course map/ }).click();
  }
  await expect(page.getByText(`${lessons.length} lessons · about`)).toContainText(`${lessons.length} done`);
  await page.goto("/progress");
  await expect(page.getByText(`${lessons.length} of ${lessons.length} lessons done`)).toBeVisible();
});
