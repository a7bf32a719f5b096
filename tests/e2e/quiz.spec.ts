// The quiz, as a learner uses it: through roles, labels and the keyboard.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { test, expect, expectNoSeriousAxeViolations } from "./fixtures";
import type { Page } from "@playwright/test";

type Item = { id: string; text: string; correct?: boolean };
type Q = {
  id: string;
  kind: "single" | "multiple" | "ordering" | "predict";
  prompt: string;
  lessons: string[];
  options?: Item[];
  steps?: Item[];
  explanationsAssume?: string;
};

const dir = join(import.meta.dirname, "..", "..", "content", "quiz");
const bank: Q[] = readdirSync(dir)
  .filter((f) => f.endsWith(".json"))
  .flatMap((f) => (JSON.parse(readFileSync(join(dir, f), "utf8")) as { questions: Q[] }).questions);
const byPrompt = (prompt: string) => {
  const q = bank.find((x) => x.prompt === prompt);
  if (!q) throw new Error(`no question with the prompt ${prompt}`);
  return q;
};

/** The 1-based keys of the right options as shown (for predictions, the option the engine agrees with). */
async function rightKeys(page: Page, q: Q): Promise<number[]> {
  const right = (q.options ?? [])
    .filter((o) => (q.kind === "predict" ? o.id === q.explanationsAssume : o.correct))
    .map((o) => o.text);
  const shown = await page.locator("article.quiz-question").first().locator(".quiz-option").allTextContents();
  return shown.flatMap((label, i) => (right.some((t) => label.endsWith(t)) ? [i + 1] : []));
}

async function currentQuestion(page: Page): Promise<Q> {
  const heading = page.locator("article.quiz-question .quiz-prompt").first();
  await expect(heading).toBeVisible();
  return byPrompt((await heading.textContent())!.trim());
}

/** Answers the question on screen with the keyboard only: number keys, arrows, Enter. */
async function answerByKeyboard(page: Page, q: Q, right: boolean) {
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

test.beforeEach(async ({ page }) => {
  // Predictions run the simulator in the page; give every test a fresh browser profile.
  await page.goto("/quiz");
  await expect(page.getByRole("heading", { name: "Quiz", level: 1 })).toBeVisible();
});

test("a lesson's inline check gives per-option feedback", async ({ page }) => {
  await page.goto("/learn/why-a-leader");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const check = page.getByRole("region", { name: "Check yourself" }).first();
  await expect(check).toBeVisible();
  await expect(check.locator("h3").first()).toBeVisible();
  const heading = check.locator("h3").first();
  const q = byPrompt((await heading.textContent())!.trim());
  await heading.focus();
  await answerByKeyboard(page, q, false);
  await expect(check.getByText("Not quite.")).toBeVisible();
  await expect(check.getByText("Not a right answer, but you chose it.")).toBeVisible();
  await expect(check.getByRole("link", { name: /^Read:/ }).first()).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});

test("exam, score, retry the missed, confidence and schedule, reload, export, clear, import, refusals", async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000); // many full WCAG axe scans on a shared machine: a guard against a hang
  // "Due today" depends on the hour: pin the page's clock to noon, local, so the run reads the
  // same whenever it starts (timers keep running; only Date stands still).
  const noon = new Date();
  noon.setHours(12, 0, 0, 0);
  await page.clock.setFixedTime(noon);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Quiz", level: 1 })).toBeVisible();
  expect(await page.evaluate(() => new Date().getHours())).toBe(12);
  // --- an exam of five questions on the first lesson, answered by keyboard, the first one wrong
  await page.getByRole("radio", { name: /^Exam/ }).check();
  await page.getByLabel("Lesson").selectOption("why-a-leader");
  await page.getByLabel("Questions", { exact: true }).selectOption("5");
  await expectNoSeriousAxeViolations(page);
  await page.getByRole("button", { name: /Start the exam \(5 questions\)/ }).click();

  const asked: Q[] = [];
  for (let i = 0; i < 5; i++) {
    await expect(page.getByText(`Question ${i + 1} of 5`)).toBeVisible();
    const q = await currentQuestion(page);
    asked.push(q);
    if (q.kind === "predict")
      await expect(page.getByText("Running the simulator to work out the answer…")).toHaveCount(0, {
        timeout: 15_000,
      });
    await answerByKeyboard(page, q, i !== 0);
    // no feedback in exam mode, only the confidence question
    await expect(page.getByText("You will see how you did at the end.")).toBeVisible();
    await expect(page.getByText(/^(Right|Not quite)\.$/)).toHaveCount(0);
    if (i === 0) await expectNoSeriousAxeViolations(page);
    await page.keyboard.press("2"); // "Fairly sure"
  }

  await expect(page.getByRole("heading", { name: "Exam finished" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Your score" })).toContainText("4 of 5");
  const missedReview = page.getByRole("listitem").filter({ hasText: asked[0].prompt }).first();
  await expect(missedReview).toContainText("✗ Missed");
  await expect(missedReview.locator(".quiz-fb-tag").first()).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // --- retry only the missed one, in learn mode: right this time, rated "Knew it"
  await page.getByRole("button", { name: "Retry the 1 you missed" }).click();
  await expect(page.getByText("Retry missed mode")).toBeVisible();
  const retried = await currentQuestion(page);
  expect(retried.id).toBe(asked[0].id);
  if (retried.kind === "predict")
    await expect(page.getByText("Running the simulator to work out the answer…")).toHaveCount(0, {
      timeout: 15_000,
    });
  await answerByKeyboard(page, retried, true);
  await expect(page.locator(".quiz-verdict")).toContainText("Right.");
  // every option explains itself, with a link to its lesson section
  const feedbackItems = page.locator(".quiz-fb-item");
  await expect(feedbackItems).toHaveCount((retried.options ?? retried.steps)!.length);
  await expect(feedbackItems.first().getByRole("link", { name: /^Read:/ })).toHaveAttribute(
    "href",
    /^\/learn\/[a-z-]+#[a-z0-9-]+$/,
  );
  await expectNoSeriousAxeViolations(page);
  await page.getByRole("button", { name: "Knew it" }).click();
  const scheduledNote = page.getByRole("status").filter({ hasText: "Saved:" });
  await expect(scheduledNote).toContainText("Saved: right, and you knew it");
  await expect(scheduledNote).toContainText(/next review (in \d+ days|tomorrow)/);
  await page.keyboard.press("Enter"); // "See results" has focus
  await expect(page.getByRole("heading", { name: "Session finished" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Your score" })).toContainText("1 of 1");
  await page.getByRole("button", { name: "Back to the quiz home" }).click();

  // --- the schedule: five questions, the retried one days away, the other four due today
  const schedule = page.getByRole("table", { name: /Scheduled questions/ });
  await expect(schedule.getByRole("row")).toHaveCount(6);
  await expect(schedule.getByRole("row").filter({ hasText: retried.prompt })).toContainText(
    /in \d+ days|tomorrow/,
  );
  const duePanel = page.getByRole("region", { name: "Due today" });
  await expect(duePanel).toContainText("4 questions are due for review today");

  // --- reload: all kept
  await page.reload();
  await expect(schedule.getByRole("row")).toHaveCount(6);
  await expect(duePanel).toContainText("4 questions are due for review today");
  await expect(page.getByRole("region", { name: "Missed last time" })).toHaveCount(0);
  await page.goto("/");
  await expect(page.getByRole("region", { name: "Due today" })).toContainText(
    "4 quiz questions are due for review",
  );
  await page.getByRole("link", { name: "Review now" }).click();
  await expect(page.getByText("Due review mode")).toBeVisible();
  await page.getByRole("button", { name: "End session" }).click();

  // --- export, clear, import
  const downloadPromise = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export progress" }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^election-lab-progress-\d{4}-\d{2}-\d{2}\.json$/);
  const saved = testInfo.outputPath("progress.json");
  await download.saveAs(saved);
  expect(JSON.parse(readFileSync(saved, "utf8"))).toMatchObject({
    format: "election-lab-progress",
    progress: { version: 3 },
  });

  await page.getByRole("button", { name: "Clear all progress…" }).click();
  await page.getByRole("button", { name: "Yes, clear everything" }).click();
  await expect(page.getByText("No question is scheduled yet.")).toBeVisible();
  await expect(duePanel).toContainText("Nothing is due today");

  await page.getByLabel("Import progress from a file").setInputFiles(saved);
  await page.getByRole("button", { name: "Replace my progress" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Imported" })).toContainText(
    "5 quiz questions scheduled",
  );
  await expect(schedule.getByRole("row")).toHaveCount(6);
  await expect(duePanel).toContainText("4 questions are due for review today");

  // --- a broken file and a foreign file are refused with the reason, and nothing changes
  await page
    .getByLabel("Import progress from a file")
    .setInputFiles({ name: "broken.json", mimeType: "application/json", buffer: Buffer.from("{ not json") });
  await expect(page.getByRole("alert")).toContainText(
    "Import refused: the file is not valid JSON. Your progress was not changed.",
  );
  await page.getByLabel("Import progress from a file").setInputFiles({
    name: "package.json",
    mimeType: "application/json",
    buffer: Buffer.from(JSON.stringify({ name: "x", version: "1.0.0" })),
  });
  await expect(page.getByRole("alert")).toContainText("not an Election Lab progress export");
  await expect(schedule.getByRole("row")).toHaveCount(6);
  await page.reload();
  await expect(schedule.getByRole("row")).toHaveCount(6);
  await expectNoSeriousAxeViolations(page);
});

test("learn mode by keyboard alone, with try again and undo of the last grade", async ({ page }) => {
  await page.getByLabel("Lesson").selectOption("why-a-leader");
  // Tab to the start button and press Enter: no mouse needed
  const start = page.getByRole("button", { name: /Start learning/ });
  await start.focus();
  await page.keyboard.press("Enter");
  const q = await currentQuestion(page);
  await expect(page.locator("article.quiz-question h2")).toBeFocused();
  if (q.kind === "predict")
    await expect(page.getByText("Running the simulator to work out the answer…")).toHaveCount(0, {
      timeout: 15_000,
    });
  await answerByKeyboard(page, q, false);
  await expect(page.locator(".quiz-verdict")).toContainText("Not quite.");
  await page.getByRole("button", { name: "Try again" }).click();
  await answerByKeyboard(page, q, true);
  await expect(page.locator(".quiz-verdict")).toContainText("does not change your grade");
  await page.keyboard.press("1");
  await expect(page.getByRole("status").filter({ hasText: "Saved:" })).toContainText("Saved: missed, so it comes back soon");
  await page.getByRole("button", { name: "Undo grade" }).click();
  await expect(page.getByRole("group", { name: /How confident/ })).toBeVisible();
  await page.getByRole("button", { name: "End session" }).click();
  await expect(page.getByText("No question is scheduled yet.")).toBeVisible();
});

test("a prediction is marked by the simulator and offers 'show me' in the sandbox", async ({ page }) => {
  const predictions = bank.filter((q) => q.kind === "predict" && q.lessons[0] === "raft-election");
  await page.getByLabel("Lesson").selectOption("raft-election");
  await page.getByLabel("Questions", { exact: true }).selectOption("0");
  await page.getByRole("button", { name: /Start learning/ }).click();
  // skip ahead to the first prediction
  for (;;) {
    const q = await currentQuestion(page);
    if (q.kind === "predict") {
      await expect(page.getByText("Running the simulator to work out the answer…")).toHaveCount(0, {
        timeout: 15_000,
      });
      await answerByKeyboard(page, q, true);
      await expect(page.locator(".quiz-verdict")).toContainText("Right.");
      await expect(page.getByRole("link", { name: "Show me in the sandbox" })).toHaveAttribute(
        "href",
        // a preset as it is, or the changed run as a share link; then the question it came from
        /^\/sandbox\?(preset=[a-z0-9-]+&at=\d+|run=[\w.-]+&title=[\w%.-]+)&quiz=pr-[a-z0-9-]+$/,
      );
      break;
    }
    await answerByKeyboard(page, q, true);
    await page.keyboard.press("3");
    await page.keyboard.press("Enter");
  }
  expect(predictions.length).toBeGreaterThan(0);
});

test("'show me' opens a prediction that changes its preset as that very run", async ({ page }) => {
  // Every prediction of the tuning lesson changes its preset (a shorter TTL, a longer pause).
  const predictions = bank.filter((q) => q.kind === "predict" && q.lessons[0] === "tuning");
  expect(predictions.length).toBeGreaterThan(0);
  await page.getByLabel("Lesson").selectOption("tuning");
  await page.getByLabel("Questions", { exact: true }).selectOption("0");
  await page.getByRole("button", { name: /Start learning/ }).click();
  for (;;) {
    const q = await currentQuestion(page);
    if (q.kind === "predict") {
      await expect(page.getByText("Running the simulator to work out the answer…")).toHaveCount(0, { timeout: 15_000 });
      await answerByKeyboard(page, q, true);
      const showMe = page.getByRole("link", { name: "Show me in the sandbox" });
      await expect(showMe).toHaveAttribute("href", /^\/sandbox\?run=1\.[A-Za-z0-9_-]+&title=[\w%.-]+&quiz=pr-[a-z0-9-]+$/);
      await showMe.click();
      await expect(page).toHaveURL(/\/sandbox\?run=/);
      // Named for where it came from, not as a link someone shared.
      await expect(page.getByText("The run behind your quiz question", { exact: true })).toBeVisible({ timeout: 15_000 });
      await expect(page.getByText("A shared run")).toHaveCount(0);
      await expect(page.getByText(/cannot be opened/)).toHaveCount(0);
      break;
    }
    await answerByKeyboard(page, q, true);
    await page.keyboard.press("3");
    await page.keyboard.press("Enter");
  }
});

test("'show me' from a prediction, then Back: the same question, every earlier answer kept, the unrated one too", async ({
  page,
}) => {
  test.setTimeout(120_000);
  // The Raft lesson's questions in bank order (files by name), as the quiz lists them: the third
  // is a prediction.
  const pool = readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .flatMap((f) => (JSON.parse(readFileSync(join(dir, f), "utf8")) as { questions: Q[] }).questions)
    .filter((q) => q.lessons.includes("raft-election"));
  expect(pool[2].kind, "the Raft lesson's third question is a prediction").toBe("predict");
  const asked = pool[2].prompt.split(/(?<=[.!?])\s+/).filter((x) => x.endsWith("?")).at(-1)!;
  await page.getByLabel("Lesson").selectOption("raft-election");
  await page.getByLabel("Questions", { exact: true }).selectOption("5");
  await page.getByRole("button", { name: /Start learning/ }).click();
  // The question is the page: its position is the h1.
  await expect(page.getByRole("heading", { level: 1, name: "Question 1 of 5" })).toBeVisible();
  await expect(page).toHaveURL(/\/quiz\?session=[0-9a-f]{12}$/);
  // Questions 1 and 2 answered and rated; the second one wrong, so the review shows both kinds.
  for (const right of [true, false]) {
    await answerByKeyboard(page, await currentQuestion(page), right);
    await page.keyboard.press("2");
    await page.keyboard.press("Enter");
  }
  await expect(page.getByRole("heading", { level: 1, name: "Question 3 of 5" })).toBeVisible();
  const q3 = await currentQuestion(page);
  expect(q3.id).toBe(pool[2].id);
  await expect(page.getByText("Running the simulator to work out the answer…")).toHaveCount(0, { timeout: 30_000 });
  await answerByKeyboard(page, q3, true);
  await expect(page.locator(".quiz-verdict")).toContainText("Right.");
  // Answered but not rated for confidence yet: the state most easily lost.
  await expect(page.getByRole("group", { name: /How confident were you/ })).toBeVisible();
  const chosen = await page.locator(".quiz-option input:checked").evaluate((el) => (el as HTMLInputElement).value);
  // The verdict exactly as shown before leaving: coming back must not turn it into a "retry".
  const verdict = (await page.locator(".quiz-verdict").innerText()).trim();
  expect(verdict).not.toContain("retry");
  const quizUrl = page.url();

  await page.getByRole("link", { name: "Show me in the sandbox" }).click();
  await expect(page).toHaveURL(/\/sandbox\?.*&quiz=pr-/);
  // The sandbox says what Play will show and what to watch for.
  const cue = page.getByRole("complementary", { name: "From your quiz" });
  await expect(cue).toContainText(/Press Play: .+ at \d+(\.\d+)? s\./, { timeout: 30_000 });
  await expect(cue).toContainText(`Then watch for your answer: ${asked}`);
  await expect(page.getByText(/from your quiz question/).first()).toBeVisible();
  await expect(page.getByText(/from a shared link/)).toHaveCount(0);

  await page.goBack();
  await expect(page).toHaveURL(quizUrl);
  await expect(page.getByRole("heading", { level: 1, name: "Question 3 of 5" })).toBeVisible({ timeout: 30_000 });
  expect(await currentQuestion(page)).toEqual(q3);
  // The unrated answer is still there: chosen, marked and waiting for its confidence.
  await expect(page.locator(".quiz-option input:checked")).toHaveValue(chosen);
  await expect(page.locator(".quiz-verdict")).toContainText("Right.");
  await expect(page.locator(".quiz-verdict")).toHaveText(verdict);
  // Not only the browser's page cache: a reload of that URL comes back to the same state.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Question 3 of 5" })).toBeVisible({ timeout: 30_000 });
  await expect(page.locator(".quiz-option input:checked")).toHaveValue(chosen);
  await expect(page.locator(".quiz-verdict")).toHaveText(verdict);
  await expect(page.getByRole("group", { name: /How confident were you/ })).toBeVisible();
  await page.getByRole("button", { name: /Fairly sure/ }).click();
  await page.getByRole("button", { name: "Next question" }).click();
  // Questions 4 and 5 are still in the session.
  await expect(page.getByRole("heading", { level: 1, name: "Question 4 of 5" })).toBeVisible();
  for (let i = 0; i < 2; i++) {
    const q = await currentQuestion(page);
    if (q.kind === "predict")
      await expect(page.getByText("Running the simulator to work out the answer…")).toHaveCount(0, { timeout: 30_000 });
    await answerByKeyboard(page, q, true);
    await page.keyboard.press("3");
    await page.keyboard.press("Enter");
  }
  // Every earlier answer counted: the first two from before the jump among them.
  await expect(page.getByRole("heading", { level: 1, name: "Session finished" })).toBeVisible();
  await expect(page.locator(".quiz-score")).toContainText("4 of 5");
  await expect(page.locator(".quiz-review-item")).toHaveCount(5);
  await expect(page.locator(".quiz-review-item").nth(1)).toContainText("✗ Missed");
});

test("@phone the quiz fits a 375 px screen", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.getByRole("button", { name: /Start learning/ }).click();
  await currentQuestion(page);
  await page.keyboard.press("1");
  await page.keyboard.press("Enter");
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoSeriousAxeViolations(page);
});
