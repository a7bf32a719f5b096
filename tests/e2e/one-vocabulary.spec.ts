// One vocabulary per protocol, taken from its spec (issue 33, walk 4a items 5, 6, 7, 10, 11 and
// 4b items 5, 11, 12): a Raft run says "term" in the resource box, the writes, Latest and the
// Why? chain; Why? says "majority", names an election key by its owner and keeps the source
// behind a "Source" disclosure; an etcd follower's label says whose key it waits on, with a
// gloss beside the picture, and a crashed leader's says it is down; Failover is the latest one,
// defined on screen; /start's "Then:" waits for a first playing, and its last screen says what to
// do before and after the run ends. Waits are on what the page shows.
import { test, expect } from "./fixtures";
import type { Page } from "@playwright/test";

test.describe.configure({ timeout: 120_000 });

const cluster = (page: Page) => page.getByRole("group", { name: /^Cluster view/ });
const simTime = (page: Page) => page.getByRole("status", { name: "Simulated time" });
const whyPanel = (page: Page) => page.getByRole("dialog", { name: /^Why\?/ });
const label = (page: Page, id: string) => cluster(page).locator(`text.sb-node-label[data-node="${id}"]`);

async function open(page: Page, url: string, shown: RegExp) {
  await page.goto(url);
  await expect(simTime(page)).toHaveText(shown, { timeout: 60_000 });
  await expect(cluster(page).getByRole("button", { name: /^n1, / })).toBeVisible({ timeout: 60_000 });
}

test("a Raft run says term for the number its leader writes with, everywhere", async ({ page }) => {
  await open(page, "/sandbox?preset=raft-basic&at=4000", /^4\.00 s/);
  // The resource checks a token whatever the protocol numbers it by (review 6a #2).
  await expect(cluster(page).locator(".sb-resource-line")).toHaveText(/max token \d+$/);
  const latest = page.getByRole("region", { name: "Latest events" });
  // A write names the box's word and Raft's once (review 8a #1); every other line says term.
  await expect(latest).toContainText(/wrote to the resource with token \d+ \(its term\)/);
  await expect(latest).not.toContainText(/\btoken\b(?! \d+ \(its term\))/);
  await latest
    .getByTestId("marked-event")
    .getByRole("button", { name: /^Why\?/ })
    .click();
  const why = whyPanel(page);
  await expect(why).toBeVisible();
  const steps = why.getByRole("navigation", { name: "Chain of causes" }).getByRole("button");
  await expect(steps.first()).toContainText(/became leader in term \d+/);
  await expect(why.getByText(/\d+ of \d+ votes: a majority \(it needed \d+\)/)).toBeVisible();
  await expect(why).not.toContainText(/\btoken\b|quorum/);
  // The paper's section is there for whoever wants it, behind a closed "Source".
  const source = why.locator("details.sb-why-source");
  await expect(source.getByText("Source", { exact: true })).toBeVisible();
  await expect(source.getByText(/^Where this rule comes from:/)).toBeHidden();
  await source.getByText("Source", { exact: true }).click();
  await expect(source.getByText(/^Where this rule comes from:/)).toContainText("Ongaro");
});

test("etcd: the chain names n2's election key, and the crashed leader's label says it is down", async ({
  page,
}) => {
  await open(page, "/sandbox?preset=billing-crash&at=20000", /^20\.00 s/);
  // n2 crashed at 15.5 s; its key still leads the line until its lease runs out near 25 s, so
  // its outer ring still counts down and its label says why.
  await expect(label(page, "n2")).toContainText("crashed");
  await expect(label(page, "n2")).toContainText("lease still held");
  await expect(label(page, "n2")).not.toContainText("first in line");
  // A waiting follower says whose key it waits on, and the line beside the picture says what that means.
  await expect(
    cluster(page).locator("text.sb-node-label", { hasText: /waiting behind n\d/ }),
  ).not.toHaveCount(0);
  // At this width the legend beside the picture says it, behind "What is a token?" (embeds and
  // narrower screens show the gloss under Node actions instead).
  const legend = page.getByRole("list", { name: "Legend" });
  await expect(legend).toContainText(/waiting behind n\d” means this node's key is next/);
  await expect(legend.getByText("What is a token?")).toBeInViewport();

  await open(page, "/sandbox?preset=billing-crash&at=30000", /^30\.00 s/);
  const latest = page.getByRole("region", { name: "Latest events" });
  await latest
    .getByTestId("marked-event")
    .getByRole("button", { name: /^Why\?/ })
    .click();
  const why = whyPanel(page);
  const steps = why.getByRole("navigation", { name: "Chain of causes" }).getByRole("button");
  await expect(steps.nth(1)).toContainText("etcd deleted n2's election key");
  await expect(why).not.toContainText("/election/");
  await expect(why.getByText(/key is now first in line/)).toBeVisible();
  // The latest failover, with its own moments, and both times defined in words.
  const metrics = page.getByRole("region", { name: "Key metrics" });
  await expect(metrics.locator("dt").first()).toHaveText("Last failover");
  await expect(metrics).toContainText(/Last failover: n2 crashed at 15\.5 s, n\d led at 2\d\.\d s\./);
  // One definition a line (review 10b #6), and the figure named for what it counts (10b #9).
  const note = metrics.locator(".sb-metrics-note li");
  await expect(note).toHaveCount(4);
  await expect(note.nth(2)).toHaveText(
    "Time with no leader (total): every stretch so far when no node believed it led, added up.",
  );
  // A running total, named as one (review 15b #3: "No one claims to lead 0.41 s" beside a star
  // read as a status about now), in the sandbox and the compare table alike.
  await expect(metrics.locator(".sb-metric-leaderless dt")).toHaveText("Time with no leader (total)");
});

test("lesson 1's run: its caption and Node actions agree", async ({ page }) => {
  await page.goto("/learn/why-a-leader");
  await expect(
    page.getByText(/^Press Play and watch first: the active replica, n2, crashes at 15\.5 s/),
  ).toHaveCount(1);
  await expect(page.getByText(/Nothing to click/)).toHaveCount(0);
});

test("/start: Then waits for a first playing; the last screen says what to do before and after the end", async ({
  page,
}) => {
  await page.goto("/start");
  const play = page.getByRole("button", { name: /^(Play|Pause|Play again|Start again)$/ });
  await expect(play).toBeEnabled({ timeout: 30_000 });
  await expect(page.getByRole("group", { name: /^Cluster view/ })).toBeVisible({ timeout: 30_000 });
  const then = page.locator(".first-steps-then");
  await expect(page.getByText(/^Watch:/).last()).toBeVisible();
  await expect(then).toHaveCount(0);
  await play.click();
  // The first run is 6 s long: once it has played through, the second look is offered.
  await expect(page.getByRole("button", { name: "Play again" })).toBeVisible({ timeout: 60_000 });
  await expect(then).toBeVisible();
  await expect(then).toContainText("press Play again");

  const next = page.getByRole("button", { name: "Next screen" });
  for (let i = 0; i < 8; i++) await next.click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your turn");
  await expect(play).toBeEnabled({ timeout: 30_000 });
  await play.click();
  await expect(page.getByRole("group", { name: /^Cluster view/ })).toBeVisible({ timeout: 30_000 });
  const cue = page.locator("#gr-fault-why");
  await expect(cue).toHaveText(/^GC pause the leader any time before 40 s\.$/, {
    timeout: 30_000,
  });
  // Wait the run out without acting: the screen says what happened and what to do next.
  await expect(cue).toContainText("No GC pause by 40 s, so the leader led throughout.", { timeout: 90_000 });
  const again = page.getByRole("button", { name: "Start again" });
  await expect(again).toBeVisible();
  await expect(cue).toContainText("Press Start again to try.");
  await again.click();
  await expect(page.getByRole("button", { name: "Pause", exact: true })).toBeVisible();
  await expect(cue).toHaveText(/before 40 s/);
});

test("Try to break it on an etcd run offers only etcd's properties, in its words", async ({ page }) => {
  await open(page, "/sandbox?preset=billing-crash&at=1000", /^1\.00 s/);
  await page.getByRole("tab", { name: "Try to break it" }).click();
  const select = page.getByRole("combobox", { name: "Property to break" });
  await expect(select).toBeVisible();
  const options = await select.locator("option").allTextContents();
  expect(options).toContain("A new token from etcd that does not grow");
  expect(options.join(" | ")).not.toMatch(/term|epoch|vote/i);
});
