// Back from "Show me in the sandbox" returns to the place the learner left: the Show me link sits
// where it sat in the window (not the page's top), with focus on it, so the feedback they were
// reading is in view. Review times read one way everywhere ("5 Dec 2026, 07:45").
import { test, expect } from "./fixtures";
import { answerByKeyboard, currentQuestion, predictionThird } from "./quiz-helpers";

test("'show me', then Back: the feedback is where it was, the Show me link focused", async ({ page }) => {
  test.setTimeout(120_000);
  const { lesson, total } = predictionThird();
  await page.goto("/quiz");
  await page.getByLabel("Lesson").selectOption(lesson);
  await page.getByLabel("Questions", { exact: true }).selectOption("5");
  await page.getByRole("button", { name: /Start learning/ }).click();
  for (let i = 0; i < 2; i++) {
    await answerByKeyboard(page, await currentQuestion(page), true);
    await page.keyboard.press("2");
    await page.keyboard.press("Enter");
  }
  await expect(page.getByRole("heading", { level: 1, name: `Question 3 of ${total}` })).toBeVisible();
  await expect(page.getByText("Running the simulator to work out the answer…")).toHaveCount(0, {
    timeout: 30_000,
  });
  await answerByKeyboard(page, await currentQuestion(page), true);
  const showMe = page.getByRole("link", { name: "Show me in the sandbox" });
  await expect(showMe).toBeVisible();
  // Read down to the link, as a learner does: it sits in the middle of the window.
  await showMe.evaluate((el) => el.scrollIntoView({ block: "center" }));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
  const before = (await showMe.boundingBox())!.y;

  await showMe.click();
  await expect(page).toHaveURL(/\/sandbox\?.*&quiz=pr-/);
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1, name: `Question 3 of ${total}` })).toBeVisible({
    timeout: 30_000,
  });
  await expect(showMe).toBeFocused({ timeout: 30_000 });
  await expect.poll(async () => Math.abs((await showMe.boundingBox())!.y - before)).toBeLessThan(3);
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);

  // Rated: the review time is written with a month name and a 24-hour clock.
  await page.getByRole("button", { name: /Fairly sure/ }).click();
  await expect(page.locator(".quiz-scheduled time")).toHaveText(
    /^\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4}, \d{2}:\d{2}$/,
  );
});
