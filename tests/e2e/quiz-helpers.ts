// What the quiz specs share: the question bank as files, and answering by keyboard alone.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { expect } from "./fixtures";
import type { Page } from "@playwright/test";
import { lessonOrder } from "../../src/quiz/lesson-order";
import type { Question } from "../../src/quiz/schema";

type Item = { id: string; text: string; correct?: boolean };
export type Q = {
  id: string;
  kind: "single" | "multiple" | "ordering" | "predict";
  prompt: string;
  lessons: string[];
  options?: Item[];
  steps?: Item[];
  explanationsAssume?: string;
};

const dir = join(import.meta.dirname, "..", "..", "content", "quiz");
// Read, not imported: Playwright's loader wants an import attribute on JSON that TypeScript's
// settings here do not write.
const course = JSON.parse(readFileSync(join(dir, "..", "course.json"), "utf8")) as {
  parts: { lessons: string[] }[];
};
export const bank: Q[] = readdirSync(dir)
  .filter((f) => f.endsWith(".json"))
  .flatMap((f) => (JSON.parse(readFileSync(join(dir, f), "utf8")) as { questions: Q[] }).questions);
/** Every question in bank order (files by name), as the quiz lists a lesson's questions. */
export const inFileOrder = (): Q[] =>
  readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .flatMap((f) => (JSON.parse(readFileSync(join(dir, f), "utf8")) as { questions: Q[] }).questions);
/** One lesson's questions in the order the quiz gives them when filtered by it (its own reading
 *  first, a later lesson's last: lessonOrder, review 15a #11). */
export const lessonPool = (lesson: string): Q[] => {
  const rank = new Map(course.parts.flatMap((p) => p.lessons).map((l, i) => [l, i]));
  const tagged = inFileOrder().filter((q) => q.lessons.includes(lesson));
  return lessonOrder(tagged as unknown as Question[], lesson, rank) as unknown as Q[];
};
/** The first lesson (in course order) whose filtered quiz puts a prediction third with a question
 *  after it: the walks that jump to the sandbox from a prediction answer two questions first. The
 *  session is at most 5 long (the walks pick "5"), so `total` is what the quiz's heading counts. */
export const predictionThird = (): { lesson: string; pool: Q[]; total: number } => {
  for (const lesson of course.parts.flatMap((p) => p.lessons)) {
    const pool = lessonPool(lesson);
    if (pool.length >= 4 && pool[2].kind === "predict")
      return { lesson, pool, total: Math.min(5, pool.length) };
  }
  throw new Error("no lesson's filtered quiz has a prediction third with a question after it");
};
export const byPrompt = (prompt: string) => {
  const q = bank.find((x) => x.prompt === prompt);
  if (!q) throw new Error(`no question with the prompt ${prompt}`);
  return q;
};

/** The 1-based keys of the right options as shown (for predictions, the option the engine agrees with). */
export async function rightKeys(page: Page, q: Q): Promise<number[]> {
  const right = (q.options ?? [])
    .filter((o) => (q.kind === "predict" ? o.id === q.explanationsAssume : o.correct))
    .map((o) => o.text);
  // The option's own text, without its key ("2 s" is the end of "12 s": a suffix match took both).
  const shown = await page
    .locator("article.quiz-question")
    .first()
    .locator(".quiz-option > span:not(.quiz-key)")
    .allTextContents();
  return shown.flatMap((text, i) => (right.includes(text.trim()) ? [i + 1] : []));
}

export async function currentQuestion(page: Page): Promise<Q> {
  const heading = page.locator("article.quiz-question .quiz-prompt").first();
  await expect(heading).toBeVisible();
  return byPrompt((await heading.textContent())!.trim());
}

/** Answers the question on screen with the keyboard only: number keys, arrows, Enter. */
export async function answerByKeyboard(page: Page, q: Q, right: boolean) {
  if (q.kind === "ordering") {
    const list = page.locator("ol.quiz-order-list");
    const steps = q.steps!;
    const order = right ? steps : [...steps].reverse();
    for (let target = 0; target < order.length; target++) {
      const texts = await list.locator(".quiz-order-text").allTextContents();
      const from = texts.indexOf(order[target].text);
      await page.keyboard.press(String(from + 1));
      for (let i = from; i > target; i--) await page.keyboard.press("ArrowUp");
    }
    if (!right) {
      // a fully reversed order might still be right for a one-step list; make sure it is not
      const texts = await list.locator(".quiz-order-text").allTextContents();
      expect(texts).not.toEqual(steps.map((s) => s.text));
    }
  } else {
    const keys = await rightKeys(page, q);
    expect(keys.length).toBeGreaterThan(0);
    const count = q.options!.length;
    const wrong = Array.from({ length: count }, (_, i) => i + 1).find((k) => !keys.includes(k))!;
    for (const k of right ? keys : [wrong]) await page.keyboard.press(String(k));
  }
  await page.keyboard.press("Enter");
}
