// The quiz, as a learner uses it: through roles, labels and the keyboard. The predictions and
// their "show me" runs in the sandbox are in quiz-show-me.spec.ts.
import { readFileSync } from "node:fs";
import { test, expect, expectNoSeriousAxeViolations } from "./fixtures";
import { answerByKeyboard, byPrompt, currentQuestion, type Q } from "./quiz-helpers";

test.beforeEach(async ({ page }) => {
  // Predictions run the simulator in the page; give every test a fresh browser profile.
  await page.goto("/quiz");
  await expect(page.getByRole("heading", { name: "Quiz", level: 1 })).toBeVisible();
});

test("a lesson's inline check gives per-option feedback", async ({ page }) => {
  test.setTimeout(90_000); // a lesson, a keyboard answer and a full axe scan, on a shared machine
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
  await expect(check.getByText("You chose this; it is wrong.")).toBeVisible();
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

test("learn mode by keyboard alone: a wrong answer shows the right one, moves on, and undoes the last grade", async ({
  page,
}) => {
  // The mode's promise is what happens (review 17a #9: it said "you may try again", and a wrong
  // answer shows the right one at once, with no second try).
  const learn = page.getByRole("radio", { name: /^Learn:/ });
  await expect(learn).toHaveAccessibleName(/the right answer after each question/);
  await expect(learn).not.toHaveAccessibleName(/try again/);
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
  // The feedback has shown the right answer in full: no second try, the way on is the next question.
  await expect(page.getByRole("button", { name: "Try again" })).toHaveCount(0);
  await page.keyboard.press("1");
  await expect(page.getByRole("button", { name: "Try again" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Next question" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Saved:" })).toContainText(
    "Saved: missed, so it comes back soon",
  );
  await page.getByRole("button", { name: "Undo grade" }).click();
  await expect(page.getByRole("group", { name: /How sure were you/ })).toBeVisible();
  await page.getByRole("button", { name: "End session" }).click();
  await expect(page.getByText("No question is scheduled yet.")).toBeVisible();
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

// Review 16a #7: on a phone "End session" was 118x36 px. Every button, button-styled link and
// select of the quiz is a 44 px target there, on its home, on a question and after an answer.
test("@phone every control of the quiz is at least 44 px tall on a phone", async ({ page }) => {
  const short = () =>
    page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>(".quiz-page button, .quiz-page .button, .quiz-page select")]
        .filter((el) => el.getClientRects().length > 0)
        .map((el) => [
          el.textContent?.trim().slice(0, 30) ?? "",
          Math.round(el.getBoundingClientRect().height),
        ])
        .filter(([, h]) => (h as number) < 44),
    );
  await expect(page.getByRole("button", { name: /Start learning/ })).toBeVisible();
  expect(await short(), "on the quiz's home").toEqual([]);
  await page.getByRole("button", { name: /Start learning/ }).click();
  await currentQuestion(page);
  await expect(page.getByRole("button", { name: "End session" })).toBeVisible();
  expect(await short(), "on a question").toEqual([]);
  await page.keyboard.press("1");
  await page.keyboard.press("Enter");
  expect(await short(), "after an answer").toEqual([]);
});
