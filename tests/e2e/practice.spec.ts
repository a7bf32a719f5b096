// The practice lab as a learner uses it, through roles and labels: challenges checked on the
// learner's own run, the experiments (Figure 16 with the paper's figures, replay of a trial in
// the sandbox, progress and cancel with the page still responsive), and the side-by-side
// comparison on one scrubber. Axe on every page; a 375 px phone check.
import type { Page } from "@playwright/test";
import { test, expect, expectNoSeriousAxeViolations } from "./fixtures";

const checkButton = (page: Page) => page.getByRole("button", { name: "Check my run" });

async function openChallenge(page: Page, id: string, title: string) {
  await page.goto(`/practice?challenge=${id}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(checkButton(page)).toBeEnabled();
  await expect(page.getByRole("group", { name: /^Cluster view/ })).toBeVisible();
}

async function check(page: Page) {
  await checkButton(page).click();
  await expect(page.getByRole("heading", { name: /^(Solved|Not yet)/ })).toBeVisible({ timeout: 20_000 });
}

test("solve a challenge with the learner's own actions and see it marked done", async ({ page }) => {
  // A hang guard, not a speed check: the runs share two cores with the other test worker.
  test.setTimeout(120_000);
  await page.goto("/practice");
  await expect(page.getByRole("heading", { level: 1, name: "Practice" })).toBeVisible();
  const card = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("link", { name: "Two leaders at once" }) });
  await expect(card).toContainText("Not tried");
  await card.getByRole("link", { name: "Two leaders at once" }).click();
  await expect(page).toHaveURL(/\/practice\?challenge=bully-two-coordinators$/);
  await expect(page.getByRole("heading", { level: 1, name: "Two leaders at once" })).toBeVisible();
  await expect(checkButton(page)).toBeEnabled();

  // The starting run alone misses the goal, and the check says by how much.
  await check(page);
  await expect(page.getByRole("heading", { name: "Not yet: your run misses the goal" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Goal checks" })).toContainText(
    "at most 1 node believed it led at once (the goal: at least 2)",
  );

  // The check left the picture at the run's end; back to where the learner left it, to act on.
  await page.getByRole("button", { name: "Back to 0 s, where you left the run" }).click();
  // Cut n4 and n5 off from the rest with the sandbox's partition editor, then check again.
  const sandbox = page.getByRole("region", { name: "Sandbox for the challenge: Two leaders at once" });
  await sandbox.locator("summary", { hasText: "Network and store" }).click();
  await sandbox.getByLabel("n4", { exact: true }).selectOption("B");
  await sandbox.getByLabel("n5", { exact: true }).selectOption("B");
  await sandbox.getByRole("button", { name: "Split into 2 groups" }).click();
  await check(page);
  await expect(page.getByRole("heading", { name: "Solved: your run meets the goal" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Goal checks" })).toContainText(
    "Met: Two nodes believe they lead at the same time",
  );
  await expect(page.getByText(/● Done/).first()).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // Done is kept: the list says so after a reload.
  await page.goto("/practice");
  await expect(
    page.getByRole("listitem").filter({ has: page.getByRole("link", { name: "Two leaders at once" }) }),
  ).toContainText("Done");
  await expect(page.getByText(/challenges · 1 done/)).toBeVisible();
});

test("a settings-only challenge offers no network tools, no node actions and no store outage", async ({
  page,
}) => {
  await openChallenge(page, "raft-split-votes", "Make Raft split its votes");
  const sandbox = page.getByRole("region", { name: /^Sandbox for the challenge/ });
  await expect(sandbox.getByRole("button", { name: /Network tools|Heal all/ })).toHaveCount(0);
  await expect(sandbox.locator("summary", { hasText: "Network and store" })).toHaveCount(0);
  await expect(sandbox.getByRole("button", { name: /^Crash/ })).toHaveCount(0);
  await expect(sandbox.getByText("This challenge is settings only")).toBeVisible();
  await sandbox.locator("summary", { hasText: "Try to break it" }).click();
  await expect(sandbox.getByRole("checkbox", { name: "Split into groups" })).toBeVisible();
  await expect(sandbox.getByRole("checkbox", { name: /Store outage/ })).toHaveCount(0);
  // Its metrics say refused, as everywhere else.
  await expect(sandbox.getByRole("region", { name: "Key metrics" })).toContainText("Writes refused");
  await expect(sandbox.getByText(/Writes rejected/)).toHaveCount(0);
});

test("fail a challenge and see why, in the run's own numbers", async ({ page }) => {
  await openChallenge(page, "lease-ttl", "A TTL that rides out a pause but not a crash");
  await page.getByLabel(/Lease TTL \(s\)/).fill("20");
  await page.getByRole("button", { name: "Apply settings and restart the run" }).click();
  await check(page);
  await expect(page.getByRole("heading", { name: "Not yet: your run misses the goal" })).toBeVisible();
  const checks = page.getByRole("list", { name: "Goal checks" });
  await expect(checks).toContainText("Met: The 2.5 s pause causes no failover");
  await expect(checks).toContainText(
    /Not yet: After the crash at 30 s a new leader takes over within 12 s\.\s*n\d led 1\d(\.\d+)? s after 30 s \(the goal: within 12 s\)/,
  );
  await expect(page.getByText(/Tried 1 time/)).toBeVisible();

  // The settings form also refuses what the challenge does not allow, and a fixed TTL passes.
  await page.getByLabel(/Lease TTL \(s\)/).fill("10");
  await page.getByRole("button", { name: "Apply settings and restart the run" }).click();
  await check(page);
  await expect(page.getByRole("heading", { name: "Solved: your run meets the goal" })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});

test("run Figure 16 with a few trials and read it against the paper's figures", async ({ page }) => {
  // A hang guard, not a speed check: the runs share two cores with the other test worker.
  test.setTimeout(120_000);
  await page.goto("/experiments");
  await expect(page.getByRole("heading", { level: 1, name: "Experiments" })).toBeVisible();
  await page.getByLabel("Trials per range").fill("4");
  await page.getByRole("button", { name: "Run the Figure 16 experiment" }).click();
  await expect(page.getByRole("status").filter({ hasText: /^Done: 40 trials/ })).toBeVisible({
    timeout: 30_000,
  });

  const table = page.getByRole("table", { name: /Time without a leader after the leader crashes/ });
  await expect(table.getByRole("row")).toHaveCount(11);
  await expect(table.getByRole("row", { name: /^150-155/ })).toContainText("median 287 ms");
  await expect(table.getByRole("row", { name: /^12-24/ })).toContainText("mean 35 ms, longest 152 ms");

  const top = page.getByRole("figure", { name: /Varying the randomness/ });
  await expect(top).toBeVisible();
  await expect(top.getByRole("list", { name: /^Legend/ })).toContainText(
    "the paper, 150-155 ms: median 287 ms",
  );
  await expect(top.getByRole("list", { name: /^Legend/ })).toContainText(
    "the paper, 150-200 ms: slowest of 1000 trials 513 ms",
  );
  await expect(top.getByRole("list", { name: /^Legend/ })).toContainText(
    "the paper, 150-150 ms: every election took over 10 s",
  );
  await expect(top.getByRole("group", { name: "150-155 ms: 4 points" }).getByRole("button")).toHaveCount(4);
  const bottom = page.getByRole("figure", { name: /Scaling the timeouts/ });
  await expect(bottom.getByRole("list", { name: /^Legend/ })).toContainText(
    "the paper, 12-24 ms: slowest trial 152 ms (mean 35 ms)",
  );
  await expectNoSeriousAxeViolations(page);

  // Downloads: the CSV and the exact scenario set.
  const csv = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download CSV" }).click();
  expect((await csv).suggestedFilename()).toBe("raft-figure16-4-trials.csv");
  const set = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download the scenario set (JSON)" }).click();
  expect((await set).suggestedFilename()).toBe("raft-figure16-4-trials-scenarios.json");
});

test("click a Figure 16 trial and land in the sandbox replaying it", async ({ page }) => {
  await page.goto("/experiments");
  for (const r of [
    "150-150",
    "150-151",
    "150-175",
    "150-200",
    "150-300",
    "12-24",
    "25-50",
    "50-100",
    "100-200",
  ])
    await page.getByLabel(r, { exact: true }).uncheck();
  await page.getByLabel("Trials per range").fill("3");
  await page.getByRole("button", { name: "Run the Figure 16 experiment" }).click();
  const series = page.getByRole("group", { name: "150-155 ms: 3 points" });
  await expect(series.getByRole("button")).toHaveCount(3, { timeout: 30_000 });
  const point = series.getByRole("button").nth(1);
  const label = (await point.getAttribute("aria-label")) ?? "";
  const ms = Number(/: ([\d.]+) (ms|s) without a leader/.exec(label)?.[1]);
  expect(ms).toBeGreaterThan(50);
  await point.click();

  await expect(page).toHaveURL(/\/sandbox\?run=1\./);
  await expect(page.getByRole("heading", { level: 1, name: "Sandbox" })).toBeVisible();
  await expect(page.getByText(/A shared run/)).toBeVisible();
  await expect(page.getByText(/1 fault planned/)).toBeVisible();
  // It replays: n1 leads, crashes within the first heartbeat interval, and another server wins.
  const cluster = page.getByRole("group", { name: /^Cluster view/ });
  await expect(cluster.getByRole("button", { name: /^n1, leader/ })).toBeVisible();
  await page.getByLabel("Speed").selectOption("0.25");
  await page.getByRole("button", { name: "Play" }).click();
  await expect(cluster.getByRole("button", { name: /^n1, crashed/ })).toBeVisible({ timeout: 10_000 });
  await expect(cluster.getByRole("button", { name: /^n[2-5], leader/ })).toBeVisible({ timeout: 15_000 });
});

test("a trial is reachable and replayable by keyboard", async ({ page }) => {
  await page.goto("/experiments");
  for (const r of [
    "150-150",
    "150-151",
    "150-155",
    "150-175",
    "150-200",
    "12-24",
    "25-50",
    "50-100",
    "100-200",
  ])
    await page.getByLabel(r, { exact: true }).uncheck();
  await page.getByLabel("Trials per range").fill("3");
  await page.getByRole("button", { name: "Run the Figure 16 experiment" }).click();
  const first = page
    .getByRole("figure", { name: /Varying the randomness/ })
    .getByRole("group", { name: "150-300 ms: 3 points" })
    .getByRole("button")
    .first();
  await expect(first).toBeVisible({ timeout: 30_000 });
  await first.focus();
  await page.keyboard.press("ArrowRight");
  await expect(
    page
      .getByRole("figure", { name: /Varying the randomness/ })
      .getByRole("button", { name: /trial \d+/ })
      .nth(1),
  ).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/sandbox\?run=1\./);
  await expect(page.getByText(/A shared run/)).toBeVisible();
});

test("experiments run in the worker: progress, a responsive page, and cancel", async ({ page }) => {
  await page.goto("/experiments");
  for (const r of ["150-155", "150-175", "150-200", "150-300", "12-24", "25-50", "50-100", "100-200"])
    await page.getByLabel(r, { exact: true }).uncheck();
  await page.getByLabel("Trials per range").fill("1000");
  await page.getByLabel("Give up on a trial after (s)").fill("200");
  await page.getByRole("button", { name: "Run the Figure 16 experiment" }).click();
  const bar = page.getByRole("progressbar", { name: "Experiment progress" });
  await expect(bar).toBeVisible();
  await expect(bar).toHaveAttribute("aria-valuetext", /^[1-9]\d* of 2000 trials$/, { timeout: 15_000 });

  // The trials run in the worker, so the page keeps updating and answering while they run
  // (how smooth it stays is measured by `npm run bench`, never asserted here).
  const progressNow = async () =>
    Number(/^(\d+)/.exec((await bar.getAttribute("aria-valuetext")) ?? "0")![1]);
  const first = await progressNow();
  await expect.poll(progressNow, { timeout: 15_000 }).toBeGreaterThan(first);
  // The page answers input at once: switching the lease form is instant while trials run.
  await page.getByLabel("Trials per range").fill("7");
  await expect(page.getByLabel("Trials per range")).toHaveValue("7");

  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Cancelled" })).toBeVisible();
  await expect(bar).toBeHidden();
  await expect(page.getByRole("button", { name: "Run the Figure 16 experiment" })).toBeEnabled();
});

test("lease tuning and algorithm cost plot their results and pass axe", async ({ page }) => {
  await page.goto("/experiments?experiment=lease");
  await page.getByLabel(/Trials per TTL/).fill("10");
  await page.getByRole("button", { name: "Run the lease sweep" }).click();
  await expect(page.getByRole("table", { name: /per TTL/ })).toBeVisible({ timeout: 30_000 });
  const slider = page.getByRole("slider", { name: "Move along the curve: TTL" });
  await slider.focus();
  await page.keyboard.press("Home");
  await expect(page.getByText(/^TTL 2 s \(renewed every/)).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  await page
    .getByRole("navigation", { name: "Experiments" })
    .getByRole("link", { name: "Algorithm cost" })
    .click();
  await page.getByLabel("Cluster sizes (3 to 25, separated by commas)").fill("3, 5, 9");
  await page.getByLabel("Trials per size").fill("2");
  await page.getByRole("button", { name: "Run the cost experiment" }).click();
  const table = page.getByRole("table", { name: /Per failover, median over 2 trials/ });
  await expect(table.getByRole("row")).toHaveCount(1 + 4 * 3, { timeout: 30_000 });
  await expect(page.getByRole("figure", { name: /Election messages per failover/ })).toBeVisible();
  await expect(page.getByRole("figure", { name: /Time per election/ })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});

test("open a comparison and move its shared scrubber: both runs move together", async ({ page }) => {
  await page.goto("/compare");
  await expect(page.getByRole("heading", { level: 1, name: "Compare" })).toBeVisible();
  await page
    .getByRole("navigation", { name: "Comparisons" })
    .getByRole("link", { name: "Lease TTL 10 s against 2 s" })
    .click();
  const scrubber = page.getByRole("slider", { name: "Time in both runs" });
  await expect(scrubber).toBeEnabled();
  const a = page.getByRole("region", { name: "Run A: TTL 10 s" });
  const b = page.getByRole("region", { name: "Run B: TTL 2 s" });
  await expect(a.getByRole("group", { name: /^Cluster view/ })).toBeVisible();
  await expect(b.getByRole("group", { name: /^Cluster view/ })).toBeVisible();

  await scrubber.fill("12000");
  await expect(page.getByRole("status", { name: "Shared clock" })).toHaveText(/^12\.00 s/);
  await expect(page.getByRole("table", { name: /Both runs at 12 s/ })).toBeVisible();
  const metrics = page.getByRole("table", { name: /^Both runs at/ });
  // At 12 s the short lease has already handed leadership over during the pause; the long one has not.
  await expect(metrics.getByRole("row", { name: /^Changes of leader so far/ })).toHaveText(/so far\s*0\s*1$/);
  await expect(metrics.getByRole("row", { name: /^After the planned fault at 30 s/ })).toContainText(
    /new leader after \d+(\.\d+)? s.*new leader after \d+(\.\d+)? s/,
  );
  // Both pictures drew 12 s: the leader is paused in each, and only the short lease has a new one.
  const labels = (r: typeof a, word: string) => r.locator("text.sb-node-label", { hasText: word });
  await expect(labels(a, "paused")).toHaveCount(1);
  await expect(labels(b, "paused")).toHaveCount(1);
  await expect(labels(a, "leader")).toHaveCount(0);
  await expect(labels(b, "leader")).toHaveText(/token 3/);

  // The moments where they differ are one click away.
  await page.getByRole("button", { name: "34 s: 4 s after the crash at 30 s" }).click();
  await expect(page.getByRole("status", { name: "Shared clock" })).toHaveText(/^34\.00 s/);
  await expect(metrics.getByRole("row", { name: /^Believes it leads/ })).toHaveText(/leads\s*nobody\s*n\d$/);

  // Keyboard on the scrubber moves both runs too.
  await scrubber.focus();
  await page.keyboard.press("End");
  await expect(page.getByRole("status", { name: "Shared clock" })).toHaveText(/^45\.00 s/);
  await expect(page.getByRole("table", { name: /Both runs at 45 s/ })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // Play both, then pause: they stop on the same instant.
  // Each picture names the moment it draws (its nodes' labels show a clock only when one is off).
  const clockOf = async (side: typeof a) =>
    (
      (await side.locator('svg[aria-label^="Cluster view at"]').first().getAttribute("aria-label")) ?? ""
    ).match(/^Cluster view at ([\d.]+) s/)?.[1];
  await scrubber.fill("0");
  await expect.poll(async () => Number(await clockOf(a))).toBe(0);
  await page.getByRole("button", { name: "Play both" }).click();
  // Pause once playing has visibly moved the runs on, whatever the machine's speed.
  await expect.poll(async () => Number(await clockOf(a))).toBeGreaterThan(0);
  await page.getByRole("button", { name: "Pause both" }).click();
  await expect(page.getByRole("button", { name: "Play both" })).toBeVisible();
  await expect
    .poll(async () => [await clockOf(a), await clockOf(b)])
    .toEqual([expect.stringMatching(/^\d/), expect.anything()]);
  await expect
    .poll(async () => (await clockOf(a)) === (await clockOf(b)) && Number(await clockOf(a)) > 0)
    .toBe(true);
});

test("@phone the practice pages fit a 375 px screen without sideways scrolling", async ({ page }) => {
  test.setTimeout(120_000); // three pages, an experiment and two axe scans: a guard against a hang, not a speed check
  await page.setViewportSize({ width: 375, height: 812 });
  const noOverflow = async () =>
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0);
  await page.goto("/practice");
  await expect(page.getByRole("heading", { level: 1, name: "Practice" })).toBeVisible();
  await noOverflow();
  await openChallenge(page, "zombie-write", "Stop the zombie leader's write");
  await page.getByLabel("What the resource checks").selectOption("token");
  await page.getByRole("button", { name: "Apply settings and restart the run" }).click();
  await check(page);
  await expect(page.getByRole("heading", { name: "Solved: your run meets the goal" })).toBeVisible();
  await noOverflow();
  await expectNoSeriousAxeViolations(page);
  await page.goto("/experiments");
  await page.getByLabel("Trials per range").fill("3");
  await page.getByRole("button", { name: "Run the Figure 16 experiment" }).click();
  await expect(page.getByRole("figure", { name: /Varying the randomness/ })).toBeVisible({ timeout: 30_000 });
  await noOverflow();
  await expectNoSeriousAxeViolations(page);
  await page.goto("/compare?pair=watch");
  await expect(page.getByRole("slider", { name: "Time in both runs" })).toBeEnabled();
  await page.getByRole("slider", { name: "Time in both runs" }).fill("21000");
  await expect(page.getByRole("table", { name: /Both runs at 21 s/ })).toBeVisible();
  await noOverflow();
  await expectNoSeriousAxeViolations(page);
});
