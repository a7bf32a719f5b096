// The fixes of the /start, lesson-run and quiz walk: pausing the leader on /start's last screen
// keeps focus and scroll; an ended lesson run offers Play again; "Show me" opens before the
// effect, with a cue that says how soon it comes. Waits are on what the page shows.
import { test, expect } from "./fixtures";

test("/start, your turn: pausing the leader neither scrolls the page nor drops focus", async ({ page }) => {
  await page.goto("/start");
  const next = page.getByRole("button", { name: "Next screen" });
  for (let i = 0; i < 8; i++) {
    await expect(next).toBeEnabled();
    await next.click();
  }
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your turn");
  const play = page.getByRole("button", { name: /^(Play|Pause|Play again|Start again)$/ });
  await expect(play).toBeEnabled({ timeout: 20_000 });
  await play.click();
  const fault = page.getByRole("button", { name: /^GC pause the leader/ });
  await expect(fault).toBeEnabled({ timeout: 20_000 });
  // What Play does to the page is start-steady.spec's; this walk is about the pause, from the top.
  await page.evaluate(() => window.scrollTo(0, 0));
  const before = await page.evaluate(() => window.scrollY);
  await fault.focus();
  await page.keyboard.press("Enter");
  await expect(page.locator("#gr-fault-why")).toContainText(/n\d is paused for 4 s/, { timeout: 20_000 });
  // The button turned off under the learner's finger (it now says to watch), yet it keeps focus,
  // and the page stays put.
  await expect(page.getByRole("button", { name: /^n\d is paused/ })).toBeFocused();
  expect(await page.evaluate(() => window.scrollY)).toBe(before);
  await expect(page.getByRole("heading", { level: 1 })).toBeInViewport();
});

test("a lesson run that ended offers Play again beside Extend, and plays again", async ({ page }) => {
  test.setTimeout(120_000); // its waits add up to 100 s; the 30 s default cut them short under load
  await page.goto("/learn/raft-election");
  // The first live run of the lesson (it starts when scrolled to): the leader crashes at 2 s.
  const box = page.getByRole("region", { name: /^Live sandbox: The leader crashes at 2 s/ });
  await box.scrollIntoViewIfNeeded();
  const again = box.getByRole("button", { name: "Play again" });
  const playBtn = box.getByRole("button", { name: /^Play/ }).first();
  await expect(playBtn).toBeEnabled({ timeout: 20_000 });
  await playBtn.click();
  await expect(again).toBeVisible({ timeout: 60_000 });
  await expect(box.getByRole("button", { name: /Keep running for 30 s more/ })).toBeVisible();
  await again.click();
  // It plays again from the start: the ended run's two buttons give way to Play/Pause.
  await expect(again).toHaveCount(0, { timeout: 20_000 });
});

test("'Show me' for the GC-pause question opens 1 s before the pause, and the cue says so", async ({
  page,
}) => {
  await page.goto("/sandbox?preset=billing-gc-short-ttl&at=9000&quiz=pr-gc-short-ttl");
  const cue = page.getByRole("complementary", { name: "From your quiz" });
  await expect(cue).toContainText("Press Play: from 9 s, the leader pauses for 2.5 s at 10 s.", {
    timeout: 20_000,
  });
  await expect(cue).not.toContainText("already under way");
  await expect(page.getByLabel("Simulated time").first()).toHaveText(/^9(\.00)? s/);
});

test("'Show me': the cue follows the run, from what Play will show to what came of the pause", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto("/sandbox?preset=billing-gc-short-ttl&at=9000&quiz=pr-gc-short-ttl");
  const cue = page.getByRole("complementary", { name: "From your quiz" });
  await expect(cue).toContainText("Press Play: from 9 s, the leader pauses for 2.5 s at 10 s.", {
    timeout: 20_000,
  });
  const play = page.getByRole("button", { name: "Play" });
  await expect(play).toBeEnabled({ timeout: 20_000 });
  await play.click();
  // Once the pause is over the cue no longer asks for Play: it says the moment came and what came
  // of it, in the run's own words (review 9a #6: "Press Play: in 1 s" still read so at 12.7 s).
  await expect(cue).toContainText(/^Done: the leader pauses for 2\.5 s at 10 s\. What came of it: /, {
    timeout: 40_000,
  });
  await expect(cue).not.toContainText("Press Play");
  await expect(cue).toContainText("Your question:");
  await expect(cue.getByRole("link", { name: "← Back to your question" })).toBeVisible();
});
