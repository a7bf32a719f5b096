// "Try to break it" on the sandbox page, through roles and labels: search the bully preset for
// two coordinators under partitions, read the smallest schedule, replay it in the sandbox and
// open its share link, which shows the same broken run.
import { test, expect, expectNoSeriousAxeViolations } from "./fixtures";
import type { Page } from "@playwright/test";

// On the sandbox page the panel is a tab under the picture.
const panel = (page: Page) => page.getByRole("tab", { name: "Try to break it" });

test("search bully for two coordinators (a hazard, named as one), replay the smallest schedule, and open it from its link", async ({
  page,
  context,
}) => {
  test.setTimeout(150_000); // a real search in real workers, on a machine other work shares: a hang guard
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/sandbox?preset=bully-basic");
  await expect(page.getByRole("heading", { level: 1, name: "Sandbox" })).toBeVisible();
  await panel(page).click();
  await page.getByLabel("Property to break").selectOption("overlap");
  for (const box of await page.getByRole("checkbox").all()) {
    const name = (await box.evaluate((el) => el.closest("label")?.textContent ?? "")) ?? "";
    if (name.startsWith("Split into groups") !== (await box.isChecked())) await box.click();
  }
  await page.getByRole("button", { name: "Start the search" }).click();
  const found = page.getByText(/^The smallest schedule found: one fault: a .* partition between \{/);
  await expect(found).toBeVisible({ timeout: 60_000 });
  // The result's heading stands apart from the button above it (review 10b #10: flush under it).
  const button = (await page.getByRole("button", { name: "Start the search" }).boundingBox())!;
  const heading = (await page.getByRole("heading", { name: "Search result" }).boundingBox())!;
  expect(heading.y - (button.y + button.height)).toBeGreaterThanOrEqual(12);
  await expectNoSeriousAxeViolations(page);

  await page.getByRole("button", { name: "Copy a link to it" }).click();
  const link = await page.getByLabel("Link to the smallest schedule").inputValue();
  expect(link).toMatch(/\/sandbox\?run=1\./);

  await page.getByRole("button", { name: "Replay the smallest schedule" }).click();
  await expect(page.getByText(/The smallest schedule that shows the hazard/).first()).toBeVisible();
  await expect(page.getByText(/1 fault planned/)).toBeVisible();
  const cluster = page.getByRole("group", { name: /^Cluster view/ });
  // The button sits far under the picture: the replay brings the picture back into view.
  await expect(cluster).toBeInViewport({ ratio: 0.5 });
  await expect(cluster.getByRole("button", { name: /^n\d+, (leader|coordinator)/ })).toHaveCount(2, {
    timeout: 30_000,
  });

  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByText(/1 fault planned/)).toBeVisible();
  // The link keeps the run's name.
  await expect(page.getByText(/The smallest schedule that shows the hazard/).first()).toBeVisible();
  await expect(cluster.getByRole("button", { name: /^n\d+, (leader|coordinator)/ })).toHaveCount(2, {
    timeout: 30_000,
  });
});

test("a lesson's claim opens the sandbox with the search set up, and the search breaks it", async ({
  page,
}) => {
  test.setTimeout(90_000); // a real search in real workers
  await page.goto("/learn/bully-and-ring");
  const claim = page.getByRole("complementary", {
    name: "Try to break it: two leaders at once",
  });
  await claim
    .getByRole("link", { name: "Search for the smallest schedule of faults that breaks it" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Sandbox" })).toBeVisible();
  // The panel is open and set up as the lesson asked: the property, and partitions only.
  await expect(page.getByLabel("Property to break")).toHaveValue("overlap");
  await expect(page.getByRole("checkbox", { name: "Split into groups" })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Crash", exact: true })).not.toBeChecked();
  await page.getByRole("button", { name: "Start the search" }).click();
  await expect(
    page.getByText(/^The smallest schedule found: one fault: a .* partition between \{/),
  ).toBeVisible({ timeout: 60_000 });
});

test("a challenge judged by the search: the panel under its sandbox, and a failed check replays what broke it", async ({
  page,
}) => {
  test.setTimeout(120_000); // a check that runs a search, on a machine other work shares
  await page.goto("/practice?challenge=lease-survives-pauses");
  await expect(
    page.getByRole("heading", { level: 1, name: "A lease that survives 2,000 schedules of GC pauses" }),
  ).toBeVisible({ timeout: 30_000 });
  const sandbox = page.getByRole("region", { name: /^Sandbox for the challenge/ });
  // The same panel as the sandbox page, open and set up with the challenge's own search.
  await expect(sandbox.getByLabel("Property to break")).toHaveValue("overlap");
  await expect(sandbox.getByRole("checkbox", { name: "GC pause" })).toBeChecked();
  await expect(sandbox.getByLabel("Longest pause (s)")).toHaveValue("3");
  await expect(sandbox.getByLabel("Faults per schedule, at most")).toHaveValue("2");
  await expect(sandbox.getByRole("group", { name: /^Cluster view/ })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  await page.getByRole("button", { name: "Check my run" }).click();
  const verdict = page.getByRole("heading", { name: "Not yet: your run misses the goal" });
  await expect(verdict).toBeVisible({ timeout: 90_000 });
  const checks = page.getByRole("list", { name: "Goal checks" });
  await expect(checks).toContainText(
    /Not yet: 2,000 schedules.*Schedule [\d,]+ of 2,000 broke it\. The smallest schedule found: (one fault|two faults)/,
  );
  await checks.getByRole("button", { name: "Replay the schedule that broke it" }).click();
  // The sandbox opens the smallest schedule at the moment it breaks: two replicas believe they
  // lead (one of them, paused, "still believes it leads").
  const cluster = sandbox.getByRole("group", { name: /^Cluster view/ });
  await expect(
    cluster.getByRole("button", { name: /^n\d+, (leader|.*still believes it leads)/ }),
  ).toHaveCount(2, { timeout: 30_000 });
  await expect(cluster).toBeInViewport({ ratio: 0.5 });
});

// Review 17a #2 and #15: the fencing lesson's link lands with "Start the search" whole on the
// screen, and the result's words follow the run: with fencing off a stale write was applied, so
// it reads as lost safety, never "a hazard, not lost safety".
for (const phone of [false, true]) {
  test(`the fencing lesson's search lands with its start button on screen and says safety was lost${phone ? " @phone" : ""}`, async ({
    page,
  }) => {
    test.setTimeout(120_000); // a real search in real workers, on a machine other work shares
    await page.goto("/learn/fencing-tokens");
    await page
      .getByRole("complementary", { name: "Try to break it: a stale write is accepted" })
      .getByRole("link", { name: "Search for the smallest schedule of faults that breaks it" })
      .click();
    await expect(page.getByLabel("Property to break")).toHaveValue("stale-write");
    const start = page.getByRole("button", { name: "Start the search" });
    await expect(start).toBeInViewport({ ratio: 1 });
    const box = (await start.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(page.viewportSize()!.height - 16);
    await start.click();
    const result = page.getByRole("status").filter({ hasText: /schedule tried/ });
    await expect(result).toContainText(/^Broken: (safety lost|a stale write was accepted)/, {
      timeout: 90_000,
    });
    await expect(result).not.toContainText(/hazard|not lost safety|whether fencing refused/);
  });
}
