// One word per idea, in plain words first (reviews 6a #2, #3 and 6b #8, #12, #14): the resource
// box says "token" whatever the protocol numbers it by, and the legend says once which number
// that is; an etcd run's first screen reads without the recipe's jargon; a stale write refused
// is said as refused, never as a warning; lesson 1's first run shows only what lesson 1
// has taught; a rules card opened from a run has one flat set of values in its address and
// says the run's keepalive as the sandbox does. Waits are on what the page shows.
import { test, expect } from "./fixtures";
import type { Locator, Page } from "@playwright/test";

test.describe.configure({ timeout: 120_000 });

const cluster = (page: Page | Locator) => page.getByRole("group", { name: /^Cluster view/ });
const simTime = (page: Page) => page.getByRole("status", { name: "Simulated time" });

async function open(page: Page, url: string, shown: RegExp) {
  await page.goto(url);
  await expect(simTime(page)).toHaveText(shown, { timeout: 60_000 });
  await expect(cluster(page).getByRole("button", { name: /^n1, / })).toBeVisible({ timeout: 60_000 });
}

/** The colour `token` resolves to inside the sandbox, as a computed fill. */
async function fillOf(page: Page, token: string): Promise<string> {
  return page
    .locator(".sb")
    .first()
    .evaluate((root, t) => {
      const probe = document.createElementNS("http://www.w3.org/2000/svg", "svg");
      const text = document.createElementNS("http://www.w3.org/2000/svg", "text");
      text.style.fill = `var(${t})`;
      probe.appendChild(text);
      root.appendChild(probe);
      const fill = getComputedStyle(text).fill;
      probe.remove();
      return fill;
    }, token);
}

test("a Raft run's resource box says token, and the legend says Raft's term is that token", async ({
  page,
}) => {
  await open(page, "/sandbox?preset=raft-basic&at=4000", /^4\.00 s/);
  await expect(cluster(page).locator(".sb-resource-line")).toHaveText(/^fencing on · max token \d+$/);
  const legend = page.getByRole("list", { name: "Legend" });
  await legend.getByText("What is a term?").click();
  await expect(legend).toContainText("Raft uses its term as the token");
});

test("an etcd run's picture reads in plain words: waiting in line, leader and token", async ({ page }) => {
  await open(page, "/sandbox?preset=fencing-diagram&at=9000", /^9\.00 s/);
  await expect(
    cluster(page).locator("text.sb-node-label", { hasText: /waiting behind n\d/ }),
  ).not.toHaveCount(0);
  await expect(cluster(page).locator(".sb-store-line")).toHaveText(/^leader n\d · token \d+$/);
  await expect(cluster(page)).not.toContainText(/queued|election key|holder/);
  // The real system's word is one click away, in the legend's "What is a token?".
  const legend = page.getByRole("list", { name: "Legend" });
  await legend.getByText("What is a token?").click();
  await expect(legend).toContainText("create revision");
});

test("a stale write refused is said in plain words, not in the warning colour", async ({ page }) => {
  // The paused old leader wakes near 25 s and its late write is refused.
  await open(page, "/sandbox?preset=fencing-diagram&at=26000", /^26\.00 s/);
  const last = cluster(page).locator(".sb-resource-last");
  await expect(last).toHaveText(/^⊘ n\d token \d+ refused$/);
  // "fencing held" read as a lock being held (review 17a #10): the refusal is said by its own line.
  await expect(cluster(page).locator(".sb-resource-line")).toHaveText(/^fencing on · max token \d+$/);
  await expect(page.getByRole("region", { name: "Last writes at the resource" })).toContainText(
    /fencing on · [1-9]\d* refused · 0 stale/,
  );
  const fill = await last.evaluate((el) => getComputedStyle(el).fill);
  expect(fill).toBe(await fillOf(page, "--sb-good"));
  expect(fill).not.toBe(await fillOf(page, "--sb-hazard"));
});

test("a rules card opened from a run: one flat set of values, the keepalive as the sandbox says it", async ({
  page,
}) => {
  await open(page, "/sandbox?preset=billing-crash&at=2000", /^2\.00 s/);
  const link = page.getByRole("link", { name: /^Rules card for this protocol/ });
  const href = (await link.getAttribute("href")) ?? "";
  expect(href).toMatch(/^\/rules\/etcd\?/);
  expect(decodeURIComponent(href)).not.toMatch(/run=|[{}[\]"]/);
  await page.goto(href);
  const row = page.getByRole("row", { name: /^Keepalive interval/ });
  await expect(row).toContainText(/about 3\.5 s/);
  await expect(row).toContainText(/Set to fall due 3.33 s after each answer/);
  // Opening the card leaves its address as it was: no copy of the values is written back.
  await expect(page).toHaveURL((u) => !/run=|%7B/.test(u.search));
});

async function lessonOneRun(page: Page): Promise<Locator> {
  await page.goto("/learn/why-a-leader");
  const embed = page.locator('section.sandbox-embed[data-preset="start-crash"]').first();
  await embed.scrollIntoViewIfNeeded();
  await expect(embed.getByRole("button", { name: "Play" })).toBeEnabled({ timeout: 15_000 });
  return embed;
}

for (const tag of ["", "@phone "]) {
  test(`${tag}lesson 1's first run shows only what lesson 1 has taught`, async ({ page }) => {
    const embed = await lessonOneRun(page);
    // No token on the box before lesson 1 has taught it (review 8a #1: "max token 0").
    await expect(cluster(embed).locator(".sb-resource-line")).toHaveText("");
    await expect(cluster(embed).locator(".sb-resource-last")).toHaveText(/^(no writes yet|✓ n\d wrote)$/);
    await expect(cluster(embed)).not.toContainText(/clock \d/);
    await expect(embed.getByRole("button", { name: /Network tools/ })).toHaveCount(0);
    await expect(embed.getByRole("button", { name: /^Start the tour/ })).toHaveCount(0);
    await embed.getByRole("button", { name: /^n1,/ }).click();
    await expect(embed.getByRole("button", { name: /^Crash/ }).first()).toBeVisible();
    await expect(
      embed.getByRole("button", { name: /GC pause|Pause mid-write|Isolate|Shut down/ }),
    ).toHaveCount(0);
    await expect(embed.getByText("How long, how much")).toHaveCount(0);
    await expect(embed.getByText(/Local clock/)).toHaveCount(0);
  });
}
