// The whole course, as a learner takes it: from the home page to the end in order, marking each
// lesson done. (Each lesson's first live sandbox runs, and the page is scanned with it running, in
// axe-routes.spec.ts.)
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { test, expect } from "./fixtures";

type LessonInfo = { id: string; order: number };
const lessons: LessonInfo[] = readdirSync("content/lessons")
  .filter((f) => f.endsWith(".mdx"))
  .map((f) => {
    const text = readFileSync(join("content/lessons", f), "utf8");
    return {
      id: f.replace(/\.mdx$/, ""),
      order: Number(/^order:\s*(\d+)/m.exec(text)![1]),
    };
  })
  .sort((a, b) => a.order - b.order);

test("a learner goes through the whole course in order from the home page, marking each lesson done", async ({
  page,
}) => {
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
