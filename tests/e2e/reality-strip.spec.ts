// The sandbox's strip of real-server runs: an example run that was also run on a real etcd
// shows each real run's failover beside the simulated ones, in words as well as marks, and an
// example run without a recording shows no strip.
import { test, expect, expectNoSeriousAxeViolations } from "./fixtures";

test("the billing crash shows its real etcd runs beside the simulated ones", async ({ page }) => {
  await page.goto("/sandbox?preset=billing-crash");
  const strip = page.getByRole("figure", { name: /On a real etcd 3\.4\.23/ });
  await expect(strip).toBeVisible();
  await expect(strip.getByText(/Real servers \(\d+ runs, \d{4}-\d\d-\d\d\): (\d+\.\d s(, )?)+/)).toBeVisible();
  await expect(strip.getByText(/Simulated \(\d+ runs\): (\d+\.\d s(, )?)+/)).toBeVisible();
  await expect(strip.getByRole("img")).toHaveAttribute("aria-label", /^Real: .+\. Simulated: .+\.$/);
  await strip.scrollIntoViewIfNeeded();
  await expectNoSeriousAxeViolations(page);
});

test("a run never recorded on real servers has no strip", async ({ page }) => {
  await page.goto("/sandbox?preset=raft-basic");
  await expect(page.getByRole("button", { name: /^Play/ })).toBeVisible();
  await expect(page.locator("figure.sb-reality")).toHaveCount(0);
});
