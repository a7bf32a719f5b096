// Hostile share links (issue 17): a link too long, one whose scenario never ends, and one whose
// scenario nests 100 000 levels deep. Each opens the default scenario with a short notice that
// names the problem; none restarts the worker or embeds the bad value.
import { deflateRawSync } from "node:zlib";
import { test, expect } from "./fixtures";

/** The share-link format (src/sandbox/share-link.ts): "1." + base64url(deflate-raw(JSON)). */
const link = (json: string) => `/sandbox?run=1.${deflateRawSync(Buffer.from(json)).toString("base64url")}`;

test("a link over the length limit says so instead of silently opening the default", async ({ page }) => {
  // A preview server refuses a request line this long, so the link is followed inside the app,
  // as a click on it in another page of the app would be.
  await page.goto("/sandbox");
  await expect(page.getByRole("heading", { level: 1, name: "Sandbox" })).toBeVisible();
  await page.evaluate(
    (url) => {
      history.pushState(history.state, "", url);
      dispatchEvent(new PopStateEvent("popstate", { state: history.state }));
    },
    `/sandbox?run=1.${"A".repeat(80_000)}`,
  );
  await expect(page.getByRole("alert")).toContainText("The link is 80002 characters long");
  await expect(page.getByRole("heading", { level: 1, name: "Sandbox" })).toBeVisible();
});

test("a link whose run would never end is refused with the field and the limit", async ({ page }) => {
  await page.goto(link(JSON.stringify({ s: { protocol: "raft", until: 1e12 }, t: 0 })));
  await expect(page.getByRole("alert")).toContainText(
    "until: 277777.78 h is too long: a run lasts at most 24 h",
  );
});

test("a link with a 100 000-level value gives a short notice naming the field", async ({ page }) => {
  const deep = "[".repeat(100_000) + "1" + "]".repeat(100_000);
  await page.goto(link(`{"s":{"protocol":"raft","timing":{"heartbeat":${deep}}},"t":0}`));
  const notice = page.getByRole("alert");
  await expect(notice).toContainText("timing.heartbeat: is nested more than 32 levels deep");
  expect((await notice.textContent())!.length).toBeLessThan(400);
});

// Issue 40: nothing hangs, and everything the app makes, it opens.

/** Follows a link inside the app, as a click on it in another of its pages would (a preview
 *  server refuses request lines of tens of kilobytes). */
async function followInApp(page: import("@playwright/test").Page, url: string) {
  await page.evaluate((u) => {
    history.pushState(history.state, "", u);
    dispatchEvent(new PopStateEvent("popstate", { state: history.state }));
  }, url);
}

test("a link whose duration froze the tab for minutes is refused at once, naming the field", async ({
  page,
}) => {
  // 1 + 20 000 spaces + x: the old duration pattern backtracked quadratically on it, on the page.
  await page.goto(link(JSON.stringify({ s: { protocol: "raft", until: `1${" ".repeat(20_000)}x` }, t: 0 })));
  const notice = page.getByRole("alert");
  await expect(notice).toContainText("until: is 20 002 characters long; the limit for this field is 100");
  expect((await notice.textContent())!.length).toBeLessThan(400);
  // the page answers: the sandbox is there and usable
  await openShare(page);
});

/** A raft run with `count` pause faults at irregular moments (a fixed generator). */
function manyFaults(count: number) {
  let r = 11;
  const next = (n: number) => {
    r = (r + 0x6d2b79f5) | 0;
    let t = Math.imul(r ^ (r >>> 15), 1 | r);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
  const faults = Array.from({ length: count }, () => ({
    at: 1000 + next(110_000),
    do: "pause",
    node: `n${next(5) + 1}`,
    for: 1 + next(10_000),
  })).sort((a, b) => a.at - b.at);
  return { protocol: "raft", nodes: 5, until: "2m", faults };
}

/** Opens the Share tab under the picture (another tab is shown at first). */
async function openShare(page: import("@playwright/test").Page) {
  const copy = page.getByRole("button", { name: "Copy share link" });
  if (!(await copy.isVisible())) await page.getByRole("tab", { name: "Share" }).click();
  await expect(copy).toBeVisible();
}

async function importScenario(page: import("@playwright/test").Page, name: string, scenario: object) {
  await page
    .getByLabel("Scenario file to import")
    .setInputFiles({ name, mimeType: "application/json", buffer: Buffer.from(JSON.stringify(scenario)) });
  // the run's title names the file once it has been checked (off the page) and loaded
  await expect(page.getByText(`Imported: ${name}`, { exact: true }).first()).toBeVisible({ timeout: 30_000 });
}

test("a run too big for a link offers a file instead, and says why", async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto("/sandbox");
  await openShare(page);
  await importScenario(page, "ten-thousand.json", manyFaults(10_000));
  await page.getByRole("button", { name: "Copy share link" }).click();
  const why = page.getByRole("alert").filter({ hasText: "too big for a share link" });
  await expect(why).toContainText(
    /its link would be [\d ]+ characters long, and a link made here is at most 64 000/,
  );
  await expect(page.getByRole("status").filter({ hasText: "Link copied" })).toHaveCount(0);
  await expect(page.getByLabel("Share link")).toHaveCount(0);
  const download = page.waitForEvent("download");
  await why.getByRole("button", { name: "Save the run as a file" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^scenario-raft-seed1\.json$/);
});

test("a share link made from the largest run a link holds opens", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto("/sandbox");
  await openShare(page);
  // The most faults whose link the page will make (found by asking it), then the link opened.
  const link = page.getByLabel("Share link");
  let lo = 1000;
  let hi = 10_000;
  let made = "";
  while (hi - lo > 250) {
    const mid = Math.round((lo + hi) / 2);
    await importScenario(page, `faults-${mid}.json`, manyFaults(mid));
    await page.getByRole("button", { name: "Copy share link" }).click();
    const outcome = await Promise.race([
      link.waitFor({ state: "visible" }).then(() => "link" as const),
      page
        .getByRole("alert")
        .filter({ hasText: "too big for a share link" })
        .waitFor()
        .then(() => "too big" as const),
    ]);
    if (outcome === "link") {
      lo = mid;
      made = await link.inputValue();
    } else hi = mid;
  }
  expect(made.length).toBeGreaterThan(50_000);
  await followInApp(page, new URL(made).pathname + new URL(made).search);
  await openShare(page);
  // The link keeps the run's own title; the header says where the run came from.
  await expect(page.getByText(/from a shared link/).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/cannot be opened/)).toHaveCount(0);
  await expect(page.getByText(`${lo} faults planned`)).toBeVisible();
});
