// A tour step that asks the learner to act on a node, at 1280x800: the node's actions open on
// the first screen beside the picture, the card folded to the move (review 6b #1: "Actions for
// n2" opened under the tour card, below the fold, and the learner saw nothing happen).
import { test, expect } from "./fixtures";
import { cluster, tab } from "./sandbox-helpers";

test("during the fencing tour's move, the selected leader's action is on the first screen", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/sandbox?preset=fencing-diagram");
  await tab(page, "Guided tours");
  await page.getByRole("button", { name: /Start the tour/ }).click();
  const step1 = page.getByRole("region", { name: "Three replicas, one lease" });
  await page.getByLabel("Speed").selectOption("10");
  await expect(step1.getByRole("status")).toContainText("Done", { timeout: 15_000 });
  await step1.getByRole("button", { name: "Next" }).click();
  const step2 = page.getByRole("region", { name: "Pause the leader mid-write" });
  await expect(step2).toContainText("Your move");
  await page.evaluate(() => window.scrollTo(0, 0));
  await cluster(page)
    .getByRole("button", { name: /^n\d+, leader, / })
    .click();
  const act = page.getByRole("button", { name: /^Pause mid-write 15 s/ });
  await expect(act).toBeInViewport({ ratio: 1 });
  // The card still says what to do, and the whole step is one press away.
  await expect(step2).toContainText("Your move: Pause the leader mid-write for 15 s");
  await expect(step2.getByRole("button", { name: "Show the whole step" })).toBeInViewport();
  await act.click();
  // The move made, the whole step comes back, with its status.
  await expect(step2.getByRole("status")).toContainText(/Running|Done/, { timeout: 15_000 });
  await expect(step2.getByRole("button", { name: "Back" })).toBeVisible();
});
