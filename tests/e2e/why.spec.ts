// "Why?" (issue 20): a learner asks why a late write was refused in the fencing run, follows
// the chain of causes back to the pause, and lands on the pause's moment in the timeline: by
// mouse, then by keyboard alone.
import { test, expect, expectNoSeriousAxeViolations } from "./fixtures";
import type { Page } from "@playwright/test";

// Loading the run at 26 s replays it in the worker first: slow on a busy machine.
test.describe.configure({ timeout: 90_000 });

const writeLog = (page: Page) => page.getByRole("region", { name: "Resource write log" });
const simTime = (page: Page) => page.getByRole("status", { name: "Simulated time" });
const panel = (page: Page) => page.getByRole("dialog", { name: /^Why\?/ });
const chain = (page: Page) => panel(page).getByRole("navigation", { name: "Chain of causes" });
const timeline = (page: Page) =>
  page
    .getByRole("img", { name: /^Timeline to / })
    .or(page.locator("svg[aria-label^='Timeline to ']"))
    .first();

async function openFencingRun(page: Page) {
  await page.goto("/sandbox?preset=fencing-diagram&at=26000");
  await expect(simTime(page)).toHaveText(/^26\.00 s/, { timeout: 30_000 });
  // The logs are a tab under the picture.
  await page.getByRole("tab", { name: "What happened" }).click();
  await expect(writeLog(page).getByRole("table", { name: "Refused or stale writes" })).toBeVisible();
}

const refusedWhy = (page: Page) =>
  writeLog(page)
    .getByRole("table", { name: "Refused or stale writes" })
    .getByRole("button", { name: /^Why\? 25\.\d+ s: n2's write, refused/ })
    .first();

test("by mouse: Why? on the refused write, then back along the chain to the pause", async ({ page }) => {
  await openFencingRun(page);
  await refusedWhy(page).click();
  await expect(panel(page)).toBeVisible();
  // One plain sentence, the values in words, the lesson section by its title and the source;
  // the rule's id is data only.
  await expect(
    panel(page).getByText("The resource refused the write: token 2 is below 3, the highest it has accepted."),
  ).toBeVisible();
  await expect(panel(page).getByRole("table", { name: "What it went by" })).toContainText(
    "Highest token accepted so far",
  );
  await expect(panel(page).locator("[data-rule='fence.token.below']")).toHaveCount(1);
  await expect(panel(page)).not.toContainText("fence.token.below");
  await expect(
    panel(page).getByRole("link", {
      name: "Fencing tokens: stopping the zombie leader, section “The resource's check”",
    }),
  ).toHaveAttribute("href", "/learn/fencing-tokens#the-resources-check");
  await expect(panel(page).getByText(/^Where this rule comes from:/)).toContainText("Kleppmann 2016");
  // The chain: refused write <- new leader's token <- the store's delete <- the lease expiry <- the pause.
  const steps = chain(page).getByRole("button");
  await expect(steps).toHaveCount(5);
  await expect(steps.nth(1)).toContainText("n3 became leader with token 3");
  await expect(steps.nth(3)).toContainText("n2's lease expired at etcd");
  await steps.nth(3).click();
  await expect(panel(page).getByText(/ran out at 17\.4 s on etcd's clock/)).toBeVisible();
  await expect(simTime(page)).toHaveText(/^17\.5\d s/); // the lessor's 500 ms pass after the expiry at 17.4 s
  await steps.nth(4).click();
  await expect(steps.nth(4)).toHaveAttribute("aria-current", "step");
  await expect(
    panel(page).getByText("n2 was paused for 15 s. This is the fault the chain starts from."),
  ).toBeVisible();
  // Landed on the pause's moment: the clock and the timeline (its own tab) both say 10.4 s.
  await expect(simTime(page)).toHaveText(/^10\.4\d s/);
  await page.getByRole("tab", { name: "Timeline" }).click();
  await expect(timeline(page)).toHaveAttribute("aria-label", /^Timeline to 10\.4 s/);
  await expectNoSeriousAxeViolations(page);
  await panel(page).getByRole("button", { name: "Close" }).click();
  await expect(panel(page)).toBeHidden();
});

test("by keyboard: reach Why?, walk the chain with Tab and Enter, close with Escape @phone", async ({
  page,
}) => {
  await openFencingRun(page);
  const why = refusedWhy(page);
  await why.focus();
  await page.keyboard.press("Enter");
  await expect(panel(page)).toBeVisible();
  // Focus moves into the panel, to its heading.
  await expect(panel(page).getByRole("heading", { level: 2 })).toBeFocused();
  const pause = chain(page).getByRole("button", { name: /n2 was paused for 15 s/ });
  for (let i = 0; i < 30 && !(await pause.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press("Tab");
  await expect(pause).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(pause).toHaveAttribute("aria-current", "step");
  await expect(simTime(page)).toHaveText(/^10\.4\d s/);
  await page.keyboard.press("Escape");
  await expect(panel(page)).toBeHidden();
  // The write row is gone at 10.4 s; focus goes to the event log instead of being lost.
  await expect(page.getByRole("list", { name: /What happened, newest first/ })).toBeFocused();
  await page.getByRole("tab", { name: "Timeline" }).click();
  await expect(timeline(page)).toHaveAttribute("aria-label", /^Timeline to 10\.4 s/);
});

test("Why? on a narration line and on a timeline mark opens the same panel", async ({ page }) => {
  await openFencingRun(page);
  const log = page.getByRole("region", { name: "What happened" });
  await log.getByRole("button", { name: /^Why\? 10\.4 s: n2 paused for 15 s/ }).click();
  // A planned fault starts its own chain: said in words, never a chain of one entry (review 9b #10).
  await expect(panel(page)).toContainText("This run was set up to do this at 10.4 s");
  await expect(chain(page)).toHaveCount(0);
  await page.keyboard.press("Escape");
  await page.getByRole("tab", { name: "Timeline" }).click();
  await page.getByText(/^Marks on the timeline/).click();
  await page
    .getByRole("list", { name: "Marks on the timeline" })
    .getByRole("button", { name: /^Why\? .*n3 starts leading/ })
    .click();
  await expect(panel(page).getByText(/n3's key is now first in line/i)).toBeVisible();
  await expect(chain(page).getByRole("button").last()).toContainText("n2 was paused for 15 s");
});
