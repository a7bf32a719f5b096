// A tour step that runs to a moment survives the learner stepping (review 4b #2: "Next event"
// during "Running until 2.5 s…" left the run paused at 1.78 s, Next disabled and no word why).
// The step says where it stopped and offers the way on; going on ends the step. By role and label.
import { test, expect } from "./fixtures";
import { tab } from "./sandbox-helpers";

test("Next event during a running tour step: the step says it is paused and how to go on, and then ends", async ({
  page,
}) => {
  await page.goto("/sandbox?preset=billing-crash");
  // Slowly, so the learner's step lands well before the step's 2.5 s.
  await page.getByLabel("Speed").selectOption("0.25");
  await tab(page, "Guided tours");
  await page.getByRole("button", { name: /Start the tour/ }).click();
  const tour = page.getByRole("region", { name: "The billing job" });
  await expect(tour.getByRole("status")).toContainText("Running until 2.5 s");
  await page.getByRole("button", { name: /^Next event/ }).click();
  await expect(tour.getByRole("status")).toContainText(
    /^Paused at [\d.]+ s: go on until 2\.5 s to finish this step\./,
  );
  await expect(tour.getByRole("button", { name: "Next", exact: true })).toBeDisabled();
  await tour.getByRole("button", { name: "Go on until 2.5 s" }).click();
  await expect(tour.getByRole("status")).toContainText("Done", { timeout: 40_000 });
  await expect(tour.getByRole("button", { name: "Next", exact: true })).toBeEnabled();
});
