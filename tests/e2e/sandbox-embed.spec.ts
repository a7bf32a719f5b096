// The sandbox inside a lesson: loaded when scrolled to, compact, and fitting a phone.
import AxeBuilder from "@axe-core/playwright";
import { test, expect } from "./fixtures";

test("a lesson's sandbox loads when scrolled to and runs its preset", async ({ page }) => {
  await page.goto("/learn/fencing-tokens");
  const embed = page.locator('section.sandbox-embed[data-preset="fencing-off"]');
  await expect(embed).toContainText("Press Play: at about 10 s the leader pauses for 15 s");
  await embed.scrollIntoViewIfNeeded();
  await expect(embed.getByRole("group", { name: /^Cluster view/ })).toBeVisible();
  await expect(embed.getByRole("link", { name: "Open in the full sandbox" })).toHaveAttribute(
    "href",
    /\/sandbox\?preset=fencing-off/,
  );
  await embed.getByLabel("Speed").selectOption("100");
  await embed.getByRole("button", { name: "Play" }).click();
  await expect(embed.getByRole("button", { name: /^n\d+, leader, token \d+/ }).first()).toBeVisible({
    timeout: 10_000,
  });
  // The embed itself (the lesson around it is checked by the lesson tests).
  const results = await new AxeBuilder({ page })
    .include('section.sandbox-embed[data-preset="fencing-off"]')
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .analyze();
  expect(
    results.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id}: ${v.help}`),
  ).toEqual([]);
});

test("the lesson embed shows a compact timeline and the key metrics, loaded only when scrolled to", async ({
  page,
}) => {
  await page.goto("/learn/fencing-tokens");
  const embed = page.locator('section.sandbox-embed[data-preset="fencing-off"]');
  // Lazy: nothing of the sandbox (D3, the worker) until the embed comes near the viewport.
  await expect(page.locator("article")).toBeVisible();
  // (The embed starts 300 px before it scrolls into view.)
  if ((await embed.boundingBox())!.y > page.viewportSize()!.height + 350) {
    await expect(embed.getByRole("slider", { name: /^Timeline/ })).toHaveCount(0);
    await expect(embed).toContainText("The live sandbox starts when you scroll to it.");
  }
  await embed.scrollIntoViewIfNeeded();
  const strip = embed.getByRole("region", { name: "Timeline" });
  await expect(strip).toBeVisible();
  const timeline = strip.getByRole("slider", { name: /^Timeline to / });
  await expect(timeline).toHaveAttribute("aria-label", /^Timeline to 0 s of 35 s/);
  const metrics = embed.getByRole("region", { name: "Key metrics" });
  await expect(metrics.locator("dt")).toHaveText(["Last failover", "Writes refused", "Stale accepted"]);
  // The whole run: a pause past the lease, a successor, and the old leader's stale write landing.
  await embed.getByLabel("Speed").selectOption("100");
  await embed.getByRole("button", { name: "Play" }).click();
  await expect(embed.getByRole("button", { name: "Play" })).toBeVisible({ timeout: 15_000 });
  await expect(metrics.locator(".sb-metric-stale dd")).not.toHaveText("0");
  // Without fencing the stale write landed: safety lost, in red and in words.
  await expect(metrics.getByTestId("safety")).toHaveText(
    /Two leaders, writes got through: \d+ older writes? applied after a newer one; two leaders for [1-9][\d.]* s/,
  );
  await expect(metrics.getByTestId("safety")).toHaveClass(/tone-violation/);
  await expect(metrics.locator(".sb-metric-failover dd")).toHaveText(/^[\d.]+ s$/);
  await expect(timeline).toHaveAttribute(
    "aria-label",
    /^Timeline to 35 s of 35 s: \d+ leaderships?, \d+ faults?, two leaders for [\d.]+ s/,
  );
  // Clicking the strip moves there, as in the full sandbox.
  const box = (await timeline.boundingBox())!;
  await timeline.click({ position: { x: 26 + (box.width - 34) * 0.5, y: box.height - 6 } });
  await expect(
    embed
      .locator("output.sb-time")
      .or(embed.getByRole("status", { name: "Simulated time" }))
      .first(),
  ).toHaveText(/^1[78]\.\d\d s/);
});

test("@phone the lesson embed with its timeline fits a 375 px screen", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/learn/in-the-wild");
  const embed = page.locator('section.sandbox-embed[data-preset="github-2012"]');
  await embed.scrollIntoViewIfNeeded();
  await expect(embed.getByRole("region", { name: "Timeline" })).toBeVisible();
  await expect(embed.getByRole("slider", { name: /^Timeline to 0 s of 75 s/ })).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  const strip = await embed.getByRole("region", { name: "Timeline" }).boundingBox();
  expect(strip!.height).toBeLessThan(170);
});
