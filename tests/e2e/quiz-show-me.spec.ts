// The quiz's predictions: marked by the simulator, and "show me" opens the very run in the
// sandbox and comes back to the same question with every answer kept.
import { test, expect } from "./fixtures";
import { answerByKeyboard, bank, currentQuestion, predictionThird } from "./quiz-helpers";

test.beforeEach(async ({ page }) => {
  // Predictions run the simulator in the page; give every test a fresh browser profile.
  await page.goto("/quiz");
  await expect(page.getByRole("heading", { name: "Quiz", level: 1 })).toBeVisible();
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
      await expect(page.getByText("Running the simulator to work out the answer…")).toHaveCount(0, {
        timeout: 15_000,
      });
      await answerByKeyboard(page, q, true);
      const showMe = page.getByRole("link", { name: "Show me in the sandbox" });
      await expect(showMe).toHaveAttribute(
        "href",
        /^\/sandbox\?run=1\.[A-Za-z0-9_-]+&title=[\w%.-]+&quiz=pr-[a-z0-9-]+$/,
      );
      await showMe.click();
      await expect(page).toHaveURL(/\/sandbox\?run=/);
      // Named for where it came from, not as a link someone shared.
      await expect(page.getByText("The run behind your quiz question", { exact: true })).toBeVisible({
        timeout: 15_000,
      });
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
  // A lesson whose filtered quiz puts a prediction third (its own questions first: lessonOrder).
  const { lesson, pool, total } = predictionThird();
  const asked = pool[2].prompt
    .split(/(?<=[.!?])\s+/)
    .filter((x) => x.endsWith("?"))
    .at(-1)!;
  await page.getByLabel("Lesson").selectOption(lesson);
  await page.getByLabel("Questions", { exact: true }).selectOption("5");
  await page.getByRole("button", { name: /Start learning/ }).click();
  // The question is the page: its position is the h1.
  await expect(page.getByRole("heading", { level: 1, name: `Question 1 of ${total}` })).toBeVisible();
  await expect(page).toHaveURL(/\/quiz\?session=[0-9a-f]{12}$/);
  // Questions 1 and 2 answered and rated; the second one wrong, so the review shows both kinds.
  for (const right of [true, false]) {
    await answerByKeyboard(page, await currentQuestion(page), right);
    await page.keyboard.press("2");
    await page.keyboard.press("Enter");
  }
  await expect(page.getByRole("heading", { level: 1, name: `Question 3 of ${total}` })).toBeVisible();
  const q3 = await currentQuestion(page);
  expect(q3.id).toBe(pool[2].id);
  await expect(page.getByText("Running the simulator to work out the answer…")).toHaveCount(0, {
    timeout: 30_000,
  });
  await answerByKeyboard(page, q3, true);
  await expect(page.locator(".quiz-verdict")).toContainText("Right.");
  // Answered but not rated for confidence yet: the state most easily lost.
  await expect(page.getByRole("group", { name: /How sure were you/ })).toBeVisible();
  const chosen = await page
    .locator(".quiz-option input:checked")
    .evaluate((el) => (el as HTMLInputElement).value);
  // The verdict exactly as shown before leaving: coming back must not turn it into a "retry".
  const verdict = (await page.locator(".quiz-verdict").innerText()).trim();
  expect(verdict).not.toContain("retry");
  const quizUrl = page.url();

  await page.getByRole("link", { name: "Show me in the sandbox" }).click();
  await expect(page).toHaveURL(/\/sandbox\?.*&quiz=pr-/);
  // The sandbox says what Play will show and what to watch for.
  const cue = page.getByRole("complementary", { name: "From your quiz" });
  // Either the time to a planned fault ("in 1 s, the leader stops") or when it happens.
  await expect(cue).toContainText(/Press Play: (in \d+(\.\d+)? s, .+|.+ at \d+(\.\d+)? s)\./, {
    timeout: 30_000,
  });
  await expect(cue).toContainText(`Then watch for your answer: ${asked}`);
  // The run's source under its title: an example run opened at the moment, or the question's own
  // run as a link, never as someone else's shared link.
  await expect(page.getByText(/from your quiz question|\(example run/).first()).toBeVisible();
  await expect(page.getByText(/from a shared link/)).toHaveCount(0);

  await page.goBack();
  await expect(page).toHaveURL(quizUrl);
  await expect(page.getByRole("heading", { level: 1, name: `Question 3 of ${total}` })).toBeVisible({
    timeout: 30_000,
  });
  expect(await currentQuestion(page)).toEqual(q3);
  // The unrated answer is still there: chosen, marked and waiting for its confidence.
  await expect(page.locator(".quiz-option input:checked")).toHaveValue(chosen);
  await expect(page.locator(".quiz-verdict")).toContainText("Right.");
  await expect(page.locator(".quiz-verdict")).toHaveText(verdict);
  // Not only the browser's page cache: a reload of that URL comes back to the same state.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: `Question 3 of ${total}` })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.locator(".quiz-option input:checked")).toHaveValue(chosen);
  await expect(page.locator(".quiz-verdict")).toHaveText(verdict);
  await expect(page.getByRole("group", { name: /How sure were you/ })).toBeVisible();
  await page.getByRole("button", { name: /Fairly sure/ }).click();
  await page.getByRole("button", { name: "Next question" }).click();
  // The questions after it are still in the session.
  await expect(page.getByRole("heading", { level: 1, name: `Question 4 of ${total}` })).toBeVisible();
  for (let i = 3; i < total; i++) {
    const q = await currentQuestion(page);
    if (q.kind === "predict")
      await expect(page.getByText("Running the simulator to work out the answer…")).toHaveCount(0, {
        timeout: 30_000,
      });
    await answerByKeyboard(page, q, true);
    await page.keyboard.press("3");
    await page.keyboard.press("Enter");
  }
  // Every earlier answer counted: the first two from before the jump among them.
  await expect(page.getByRole("heading", { level: 1, name: "Session finished" })).toBeVisible();
  await expect(page.locator(".quiz-score")).toContainText(`${total - 1} of ${total}`);
  await expect(page.locator(".quiz-review-item")).toHaveCount(total);
  await expect(page.locator(".quiz-review-item").nth(1)).toContainText("✗ Missed");
});

test("@phone 'Show me in the sandbox' is a full-width 44 px button on a line of its own", async ({
  page,
}) => {
  await page.getByLabel("Lesson").selectOption("raft-election");
  await page.getByLabel("Questions", { exact: true }).selectOption("0");
  await page.getByRole("button", { name: /Start learning/ }).click();
  for (;;) {
    const q = await currentQuestion(page);
    if (q.kind === "predict") {
      await expect(page.getByText("Running the simulator to work out the answer…")).toHaveCount(0, {
        timeout: 15_000,
      });
      await answerByKeyboard(page, q, true);
      break;
    }
    await answerByKeyboard(page, q, true);
    await page.keyboard.press("3");
    await page.keyboard.press("Enter");
  }
  const showMe = page.getByRole("link", { name: "Show me in the sandbox" });
  await expect(showMe).toBeVisible();
  // A thumb-sized button across the row, its explanation under it, never wrapped around it
  // (review 9a #9).
  const box = (await showMe.boundingBox())!;
  const row = (await showMe.locator("xpath=..").boundingBox())!;
  expect(box.height).toBeGreaterThanOrEqual(44);
  expect(box.width).toBeGreaterThanOrEqual(row.width - 1);
  const note = (await page.locator(".quiz-show-me-note").boundingBox())!;
  expect(note.y).toBeGreaterThanOrEqual(box.y + box.height);
});
