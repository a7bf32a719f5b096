// The first ten minutes, as a beginner would take them: from the home page into /start, each
// screen's live run played until it shows its one behaviour, Next and Back by button and by
// arrow key, and out into the first lesson. Waits are on what the page shows, never on a clock.
import type { Page } from "@playwright/test";
import { test, expect, expectNoSeriousAxeViolations } from "./fixtures";

const cluster = (page: Page) => page.getByRole("group", { name: /^Cluster view/ });
const nodes = (page: Page, state: string) => cluster(page).getByRole("button", { name: new RegExp(`^n\\d+, ${state}`) });
const heading = (page: Page) => page.getByRole("heading", { level: 1 });

async function play(page: Page) {
  await page.getByRole("combobox", { name: "Speed" }).selectOption("5");
  await page.getByRole("button", { name: "Play" }).click();
}

test("a beginner walks the four screens and ends in the first lesson", async ({ page }) => {
  // Four live runs in one walk: a generous budget for a busy two-core machine; every wait is a condition.
  test.setTimeout(120_000);
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto("/");
  await page.getByRole("link", { name: /New here\? Watch it first/ }).click();
  await expect(page).toHaveURL(/\/start$/);

  // 1. A leader: nobody leads at first, then exactly one does.
  await expect(heading(page)).toContainText("picks one of them to be the leader");
  await expect(cluster(page)).toBeVisible();
  await expect(page.getByRole("button", { name: "Back" })).toBeDisabled();
  // The run's controls stay disabled (dimmed) until its worker is ready, which can come just
  // after the picture shows. WCAG 1.4.3 sets no contrast for an inactive control, but axe checks
  // the key hint inside a disabled button as text of its own: scan the screen once it is usable.
  await expect(page.getByRole("button", { name: "Play" })).toBeEnabled();
  await expectNoSeriousAxeViolations(page);
  // Reduced motion: the screen appears without its slide-in.
  expect(await page.locator(".first-step").evaluate((el) => getComputedStyle(el).animationName)).toBe("none");
  await play(page);
  await expect(nodes(page, "leader")).toHaveCount(1);

  // 2. A crash: the leader goes down and another one leads.
  await page.getByRole("button", { name: "Next" }).click();
  await expect(heading(page)).toContainText("stops answering");
  await expect(heading(page)).toBeFocused();
  await play(page);
  await expect(nodes(page, "crashed")).toHaveCount(1);
  await expect(nodes(page, "leader")).toHaveCount(1);

  // 3. A new number: by keyboard this time, from the page (inside the sandbox the arrows are the
  // sandbox's own); the old leader comes back and follows.
  await heading(page).focus();
  await page.keyboard.press("ArrowRight");
  await expect(heading(page)).toContainText("higher number");
  await play(page);
  await expect(nodes(page, "crashed")).toHaveCount(0, { timeout: 20_000 });
  await expect(nodes(page, "leader")).toHaveCount(1);
  await expect(nodes(page, "follower")).toHaveCount(2);

  // Back and forward again by keyboard, from the page rather than from inside the sandbox.
  await heading(page).focus();
  await page.keyboard.press("ArrowLeft");
  await expect(heading(page)).toContainText("stops answering");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");

  // 4. The late write: the frozen leader's write is refused by the storage.
  await expect(heading(page)).toContainText("wakes up late is turned away");
  await play(page);
  await expect(page.locator('[aria-label^="Resource: "]')).toHaveAttribute("aria-label", /[1-9]\d* rejected/, { timeout: 20_000 });

  // The end: one way on, into the first lesson.
  await page.getByRole("button", { name: "Next" }).click();
  await expect(heading(page)).toContainText("That is the whole idea");
  await expect(page.getByRole("button", { name: "Next" })).toHaveCount(0);
  await page.getByRole("link", { name: /^Start the first lesson: / }).click();
  await expect(page).toHaveURL(/\/learn\/why-a-leader$/);
});
