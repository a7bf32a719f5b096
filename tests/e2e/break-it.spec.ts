// "Try to break it" on the sandbox page, through roles and labels: search the bully preset for
// two coordinators under partitions, read the smallest schedule, replay it in the sandbox and
// open its share link, which shows the same broken run.
import { test, expect, expectNoSeriousAxeViolations } from "./fixtures";
import type { Page } from "@playwright/test";

const panel = (page: Page) => page.locator("summary", { hasText: "Try to break it" });

test("search bully for two coordinators, replay the smallest schedule, and open it from its link", async ({ page, context }) => {
  test.setTimeout(90_000); // a real search in real workers, on a machine other work shares
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/sandbox?preset=bully-basic");
  await expect(page.getByRole("heading", { level: 1, name: "Sandbox" })).toBeVisible();
  await panel(page).click();
  await page.getByLabel("Property to break").selectOption("overlap");
  for (const box of await page.getByRole("checkbox").all()) {
    const name = (await box.evaluate((el) => el.closest("label")?.textContent ?? "")) ?? "";
    if (name.startsWith("Partition") !== (await box.isChecked())) await box.click();
  }
  await page.getByRole("button", { name: "Try to break it" }).click();
  const found = page.getByText(/^The smallest schedule found: one fault: a .* partition between \{/);
  await expect(found).toBeVisible({ timeout: 60_000 });
  await expectNoSeriousAxeViolations(page);

  await page.getByRole("button", { name: "Copy a link to it" }).click();
  const link = await page.getByLabel("Link to the smallest schedule").inputValue();
  expect(link).toMatch(/\/sandbox\?run=1\./);

  await page.getByRole("button", { name: "Replay the smallest schedule" }).click();
  await expect(page.getByText(/The smallest schedule that breaks it/).first()).toBeVisible();
  await expect(page.getByText(/1 fault planned/)).toBeVisible();
  const cluster = page.getByRole("group", { name: /^Cluster view/ });
  await expect(cluster.getByRole("button", { name: /^n\d+, (leader|coordinator)/ })).toHaveCount(2, { timeout: 10_000 });

  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByText(/1 fault planned/)).toBeVisible();
  await expect(cluster.getByRole("button", { name: /^n\d+, (leader|coordinator)/ })).toHaveCount(2, { timeout: 10_000 });
});
