// Mock interviews, driven as a learner would: through roles, labels and visible text only.
import { readFileSync } from "node:fs";
import { test, expect, expectNoSeriousAxeViolations } from "./fixtures";
import type { Page } from "@playwright/test";

const BILLING = "Design: one active billing job on three replicas";
// Covers the invariant, the lease and its timings, and says nothing about fencing.
const ANSWER =
  "Clarify first: a double charge is unacceptable, so only one replica may reconcile at a time.\n" +
  "I would take an etcd lease with a 10 s TTL, renewed every 3 s.\n" +
  "If the leader crashes, another replica takes over after about 10 s.";

async function startBilling(page: Page) {
  await page.goto("/interview");
  await expect(page.getByRole("heading", { level: 1, name: "Interview practice" })).toBeVisible();
  await page.getByRole("button", { name: `Start: ${BILLING}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: BILLING })).toBeVisible();
  await page.getByRole("button", { name: "Start the interview" }).click();
  await expect(page.getByRole("timer")).toBeVisible();
}

test("a learner misses fencing, gets the fencing follow-up, tries it in the sandbox, returns, submits, rates, and finds the attempt after a reload", async ({
  page,
}) => {
  await startBilling(page);
  const answer = page.getByRole("textbox", { name: "Your answer" });
  await answer.fill(ANSWER);
  await page.getByRole("button", { name: "Next phase: Design" }).click();
  await page.getByRole("button", { name: "Next phase: Deep dive" }).click();

  const followUps = page.getByRole("region", { name: "Interviewer’s follow-ups" });
  const fencing = followUps
    .getByRole("listitem")
    .filter({ hasText: "garbage-collection pause while holding a 10 s lease" });
  await expect(fencing).toBeVisible();
  await fencing.getByRole("link", { name: /Try it in the sandbox/ }).click();
  await expect(page).toHaveURL(/\/sandbox\?preset=fencing-off&at=\d+/);
  await page.goBack();
  await expect(page.getByRole("textbox", { name: "Your answer" })).toHaveValue(ANSWER);

  await page.getByRole("button", { name: "Submit answer" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `${BILLING}: review` })).toBeVisible();
  const found = page.getByRole("list", { name: /Found in your answer/ });
  const missing = page.getByRole("list", { name: /Missing from your answer/ });
  await expect(found.getByRole("group", { name: /Found: State the invariant/ })).toBeVisible();
  await expect(missing.getByRole("group", { name: /Missing: Fencing/ })).toBeVisible();
  await expect(page.getByRole("region", { name: "Model answer" })).toContainText("UPDATE invoices");

  for (const scale of ["Technical depth", "Failure analysis", "Trade-offs", "Communication"])
    await page.getByRole("group", { name: scale }).getByRole("radio", { name: /^3/ }).check();
  await page.getByRole("button", { name: "Finish and see history" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Interview history" })).toBeVisible();

  await page.reload();
  const attempt = page.getByRole("article", { name: BILLING });
  await expect(attempt).toBeVisible();
  await expect(attempt).toContainText(/Rubric\s*\d of 8/);
  await expect(attempt).toContainText(/Technical depth\s*3 of 4/);
  await attempt.getByText("Answer and key points").click();
  await expect(attempt).toContainText("only one replica may reconcile at a time");
});

test("the countdown pauses and resumes, and says so politely rather than every second", async ({ page }) => {
  // The page's clock is ours to move: a paused countdown must not move when a minute passes, and
  // a running one must (so the first check can fail). No waiting on the wall clock.
  await page.clock.install();
  await startBilling(page);
  const timer = page.getByRole("timer");
  await expect(timer).toContainText("left");
  const status = page.getByRole("status").filter({ hasText: /phase|Clock/ });
  await expect(status).toHaveText(/Interview started\. Clarify phase/);
  await page.getByRole("button", { name: "Pause clock" }).click();
  await expect(timer).toContainText("Paused");
  await expect(status).toHaveText("Clock paused.");
  const frozen = await timer.textContent();
  await page.clock.fastForward(60_000);
  await expect(timer).toHaveText(frozen!);
  await page.getByRole("button", { name: "Resume clock" }).click();
  await expect(status).toHaveText("Clock running.");
  await expect(timer).toContainText("left");
  await page.clock.fastForward(60_000);
  await expect(timer).not.toHaveText(frozen!);
  await expect(status).toHaveAttribute("aria-live", "polite");
});

test("the session, the review and the history have no serious axe violations, and learner text stays text", async ({
  page,
}) => {
  test.setTimeout(240_000); // several axe scans: a guard against a hang, not a speed check
  await page.goto("/interview");
  await expect(page.getByRole("heading", { level: 2, name: "Practice task" })).toBeVisible();
  // The opening page itself is scanned with every route in axe-routes.spec.ts; here, the states
  // only a session reaches.
  await startBilling(page);
  const hostile = 'Only one replica runs. <img src=x onerror="window.__owned=1"> <b>bold?</b>';
  await page.getByRole("textbox", { name: "Your answer" }).fill(hostile);
  await page.getByRole("button", { name: "Next phase: Design" }).click();
  await expect(
    page.getByRole("region", { name: "Interviewer’s follow-ups" }).getByRole("listitem"),
  ).toHaveCount(1);
  await expectNoSeriousAxeViolations(page);

  await page.getByRole("button", { name: "Submit answer" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /review/ })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  // Finishing without ratings is refused with a message, and focus goes to the first open scale.
  await page.getByRole("button", { name: "Finish and see history" }).click();
  await expect(page.getByRole("alert")).toContainText("Rate all four scales");
  await expect(page.getByRole("group", { name: "Technical depth" }).getByRole("radio").first()).toBeFocused();
  // Correct a detection: the verdict, not the heuristic, counts.
  const invariant = page.getByRole("group", { name: /Found: State the invariant/ });
  await invariant.getByRole("radio", { name: "I did not" }).check();
  await expect(invariant).toContainText("Corrected by you");
  await expect(page.getByText(/0 of 8/)).toBeVisible();
  for (const scale of ["Technical depth", "Failure analysis", "Trade-offs", "Communication"])
    await page.getByRole("group", { name: scale }).getByRole("radio", { name: /^1/ }).check();
  await page.getByRole("button", { name: "Finish and see history" }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Interview history" })).toBeVisible();
  await expect(page.getByRole("img", { name: /Interview scores over time/ })).toBeVisible();
  await page.getByText("The chart’s numbers as a table").click();
  await expect(page.getByRole("table")).toContainText("0%");
  const attempt = page.getByRole("article", { name: BILLING });
  await attempt.getByText("Answer and key points").click();
  await expect(attempt).toContainText('<img src=x onerror="window.__owned=1">');
  await expect(attempt.locator("img")).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __owned?: number }).__owned)).toBeUndefined();
  await expectNoSeriousAxeViolations(page);

  // Export the attempt as Markdown.
  const download = page.waitForEvent("download");
  await attempt.getByRole("button", { name: /Export as Markdown/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^interview-billing-single-active-\d{12}\.md$/);
  const md = readFileSync((await file.path())!, "utf8");
  expect(md).toContain(`# Mock interview: ${BILLING}`);
  expect(md).toContain(hostile);

  // Retry my weakest prompt opens it again.
  await page.getByRole("button", { name: "Retry my weakest prompt" }).click();
  await expect(page.getByRole("heading", { level: 1, name: BILLING })).toBeVisible();
  await expect(page.getByRole("button", { name: "Start the interview" })).toBeVisible();
});

test("everything in a session is reachable by keyboard @phone", async ({ page }) => {
  await startBilling(page);
  const answer = page.getByRole("textbox", { name: "Your answer" });
  await answer.focus();
  await page.keyboard.type("Only one replica reconciles.");
  await page.keyboard.press("Shift+Tab");
  await expect(page.getByRole("button", { name: "Next phase: Design" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByText(/Phase 2 of 4/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Next phase: Deep dive" })).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await expect(page.getByRole("button", { name: "Pause clock" })).toBeFocused();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(answer).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Submit answer" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: /review/ })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("radio").first()).toBeFocused();
  const width = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(width).toBeLessThanOrEqual(0);
});

test("on a phone the review and the history read well and pass axe @phone", async ({ page }) => {
  await startBilling(page);
  await page.getByRole("textbox", { name: "Your answer" }).fill(ANSWER);
  await page.getByRole("button", { name: "Submit answer" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /review/ })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  for (const scale of ["Technical depth", "Failure analysis", "Trade-offs", "Communication"])
    await page.getByRole("group", { name: scale }).getByRole("radio", { name: /^2/ }).check();
  await page.getByRole("button", { name: "Finish and see history" }).click();
  await expect(page.getByRole("img", { name: /Interview scores over time/ })).toBeVisible();
  await page.getByText("The chart’s numbers as a table").click();
  await expectNoSeriousAxeViolations(page);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});
