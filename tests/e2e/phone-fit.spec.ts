// A 375 px phone, walked as a learner walks it (issue 33, reviews 4a and 4b): every control of
// the time bar, the node sheet, the network tools and the Why? sheet is whole on the screen and
// says what it is; "Show me" lands on a clean edge with the picture whole; a tour's step and its
// picture share the screen; Compare's moments show a run at that moment, both one tap apart; a
// lesson diagram that scrolls says so above itself.
import { test, expect } from "./fixtures";
import type { Locator, Page } from "@playwright/test";

test.describe.configure({ timeout: 120_000 });
test.use({ viewport: { width: 375, height: 812 } });

const W = 375;
const H = 812;
const cluster = (scope: Page | Locator) => scope.getByRole("group", { name: /^Cluster view/ });
const simTime = (page: Page) => page.getByRole("status", { name: "Simulated time" });

/** Every listed element lies wholly within the screen's width (1 px for rounding). */
async function allWithinWidth(els: Locator): Promise<string[]> {
  return els.evaluateAll(
    (list, w) =>
      list.flatMap((el) => {
        const r = el.getBoundingClientRect();
        if (r.width === 0) return [];
        return r.left < -1 || r.right > w + 1
          ? [`${(el.textContent ?? "").trim().slice(0, 30)}: ${Math.round(r.left)}..${Math.round(r.right)}`]
          : [];
      }),
    W,
  );
}

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

test("@phone a lesson run played to its end stays 375 px wide, and its Why? sheet shows Close and every value", async ({
  page,
}) => {
  await page.goto("/learn/why-a-leader");
  const embed = page.locator(".sandbox-embed").first();
  await embed.scrollIntoViewIfNeeded();
  await embed.getByRole("button", { name: /^Play/ }).first().tap();
  // At the end, Play again and "Keep running for 30 s more" take the buttons' places: the row once ran
  // 32 px past the screen and made the whole page (and every fixed sheet) wider than it.
  await expect(embed.getByRole("button", { name: /Play again/ })).toBeVisible({ timeout: 60_000 });
  const bar = embed.getByRole("group", { name: "Time controls" });
  expect(await allWithinWidth(bar.locator("button, output, select, label, input"))).toEqual([]);
  await expect(bar.getByText("Speed", { exact: true })).toBeVisible();
  expect(await pageWidth(page)).toBeLessThanOrEqual(W);

  await embed
    .getByRole("button", { name: /^Why\?/ })
    .first()
    .tap();
  const sheet = page.getByRole("dialog", { name: /^Why\?/ });
  await expect(sheet).toBeVisible();
  const box = (await sheet.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(-1);
  expect(box.x + box.width).toBeLessThanOrEqual(W + 1);
  await expect(sheet.getByRole("button", { name: "Close Why?" })).toBeInViewport({ ratio: 1 });
  expect(await allWithinWidth(sheet.locator("th, td, dt, dd, button"))).toEqual([]);
});

test("@phone a node's sheet leaves 14 px between the picture's lowest label and its top edge (review 12b #15)", async ({
  page,
}) => {
  await page.goto("/sandbox?preset=fencing-diagram&at=20000");
  await expect(simTime(page)).toHaveText(/^20\.00 s/, { timeout: 40_000 });
  await cluster(page).getByRole("button", { name: /^n1, / }).tap();
  const sheet = page.locator(".sb-node-panel.sb-sheet");
  await expect(sheet.getByRole("heading", { name: "Actions for n1" })).toBeVisible();
  // The bottom nodes' labels ("leader / token 2") ended 10 px over the sheet, in its shadow:
  // 8 px clear of the shadow's darkest band, so the labels read whole.
  const gap = () =>
    sheet.evaluate((el) => {
      const texts = [...document.querySelectorAll(".sb-cluster-host svg text.sb-node-label")];
      const low = Math.max(...texts.map((t) => t.getBoundingClientRect().bottom));
      return Math.round(el.getBoundingClientRect().top - low);
    });
  await expect.poll(gap, { timeout: 10_000 }).toBeGreaterThanOrEqual(14);
  await expect(sheet.getByRole("button", { name: "Crash" })).toBeInViewport({ ratio: 1 });
});

test("@phone the time bar names Speed and More on screen, and the node sheet wraps its actions into whole 44 px rows", async ({
  page,
}) => {
  await page.goto("/sandbox?preset=fencing-diagram&at=12000");
  await expect(simTime(page)).toHaveText(/^12\.00 s/, { timeout: 40_000 });
  const bar = page.getByRole("group", { name: "Time controls" });
  await expect(bar.getByText("Speed", { exact: true })).toBeVisible();
  await expect(bar.getByRole("combobox", { name: "Speed" })).toBeVisible();
  const more = bar.getByRole("button", { name: "More time controls" });
  await expect(more).toBeVisible();
  await expect(more).toContainText("More");
  expect(await allWithinWidth(bar.locator("button, output, select, label, input"))).toEqual([]);
  // A description cut short says what its button opens ("Show all" read as unclear).
  await expect(page.getByRole("button", { name: "Read more" })).toBeVisible();

  await cluster(page).getByRole("button", { name: /^n2, / }).tap();
  await expect(page.getByRole("heading", { name: "Actions for n2" })).toBeVisible();
  const sheet = page.locator(".sb-node-panel.sb-sheet");
  const actions = sheet.locator(".sb-action-grid .sb-btn");
  expect(await actions.count()).toBeGreaterThanOrEqual(6);
  // Every action whole on the screen (the strip was cut at "Pause mid-wri…"), each 44 px tall.
  expect(await allWithinWidth(actions)).toEqual([]);
  for (const h of await actions.evaluateAll((bs) => bs.map((b) => b.getBoundingClientRect().height)))
    expect(h).toBeGreaterThanOrEqual(44);
  await expect(sheet.getByRole("button", { name: /^Pause mid-write/ })).toBeInViewport({ ratio: 1 });
  // The picture stays above the sheet: its drawing mostly shown between the bar and the sheet.
  const svg = (await page.locator(".sb-cluster-host svg").first().boundingBox())!;
  const top = (await sheet.boundingBox())!.y;
  expect(Math.min(svg.y + svg.height, top) - Math.max(svg.y, 0)).toBeGreaterThanOrEqual(svg.height * 0.8);
  await sheet.getByRole("button", { name: "Close" }).tap();

  // The network tools: the toggle and every tool at least 40 px tall (they were 28 px).
  await page.goto("/sandbox?preset=fencing-diagram&at=12000");
  await expect(simTime(page)).toHaveText(/^12\.00 s/, { timeout: 40_000 });
  const toggle = page.getByRole("button", { name: "Network tools" });
  expect((await toggle.boundingBox())!.height).toBeGreaterThanOrEqual(40);
  await toggle.tap();
  const cut = page.getByRole("button", { name: "Cut one way" });
  await expect(cut).toBeVisible();
  for (const b of [page.getByRole("button", { name: "Hide network tools" }), cut])
    expect((await b.boundingBox())!.height).toBeGreaterThanOrEqual(40);
});

test("@phone 'Show me' from a quiz lands on a clean edge: the header wholly away or wholly shown, the title and the picture whole", async ({
  page,
}) => {
  await page.goto("/sandbox?preset=billing-crash&at=15000&quiz=pr-billing-crash");
  await expect(simTime(page)).toHaveText(/^15\.00 s/, { timeout: 40_000 });
  await expect
    .poll(() => cluster(page).evaluate((el) => Math.round(el.getBoundingClientRect().bottom)), {
      timeout: 30_000,
    })
    .toBeLessThanOrEqual(H);
  // Settled: the fit keeps its place for a moment after the route settles.
  await expect
    .poll(async () => {
      const banner = await page.getByRole("banner").first().boundingBox();
      const y = await page.evaluate(() => window.scrollY);
      return y === 0 || (banner !== null && banner.y + banner.height <= 1);
    })
    .toBe(true);
  await expect(page.getByRole("complementary", { name: "From your quiz" })).toBeInViewport({ ratio: 1 });
  await expect(page.locator(".sb-run-title").first()).toBeInViewport({ ratio: 1 });
});

test("@phone a tour's step shows together with the picture it talks about, on every step", async ({
  page,
}) => {
  await page.goto("/sandbox?preset=billing-crash");
  await expect(cluster(page)).toBeVisible();
  // "Take a tour" starts the run's own tour (the billing job's) at once (review 16b #6).
  await page.getByRole("button", { name: "Take a tour" }).tap();
  const tour = page.locator("section.sb-tour");
  await expect(tour).toContainText("step 1 of");
  const together = async () => {
    const step = (await tour.getByRole("heading").boundingBox())!;
    const card = (await tour.boundingBox())!;
    const svg = (await page.locator(".sb-cluster-host svg").first().boundingBox())!;
    // The step's heading on screen; the drawing above the step card, most of it on screen.
    const shown = Math.min(svg.y + svg.height, card.y) - Math.max(svg.y, 0);
    return step.y >= 0 && step.y + step.height <= H && shown >= svg.height * 0.75;
  };
  await expect.poll(together, { message: "step 1 and the picture on one screen" }).toBe(true);
  await expect(tour.getByRole("status")).toContainText("Done", { timeout: 30_000 });
  await tour.getByRole("button", { name: "Next", exact: true }).tap();
  await expect(tour).toContainText("step 2 of");
  await expect.poll(together, { message: "step 2 and the picture on one screen" }).toBe(true);
  // The move made with the node's own sheet: folded to its line, it leaves Back and Next clear.
  await expect(tour.getByText("Your move")).toBeVisible({ timeout: 30_000 });
  await cluster(page)
    .getByRole("button", { name: /^n\d+, leader/ })
    .tap();
  await page
    .locator(".sb-node-panel.sb-sheet")
    .getByRole("button", { name: /^Crash/ })
    .first()
    .tap();
  const folded = page.locator(".sb-sheet-folded");
  await expect(folded).toBeVisible();
  const back = (await tour.getByRole("button", { name: "Back", exact: true }).boundingBox())!;
  expect(back.y + back.height, "Back above the folded sheet").toBeLessThanOrEqual(
    (await folded.boundingBox())!.y + 1,
  );
});

test("@phone Compare: a moment tapped shows both runs at it, both pictures whole on one screen", async ({
  page,
}) => {
  await page.goto("/compare");
  const list = page.getByRole("group", { name: "Where they differ:" });
  const moment = list.getByRole("button").first();
  await expect(moment).toBeEnabled({ timeout: 40_000 });
  const seconds = /^(\d+) s:/.exec((await moment.textContent()) ?? "")![1];
  await moment.tap();
  await expect(
    page.getByRole("status", { name: "Shared clock" }).or(page.locator("output[aria-label='Shared clock']")),
  ).toHaveText(new RegExp(`^${seconds}\\.00 s`));
  // Both runs show together (review 10b #13: an A/B switch showed one at a time), each picture
  // wholly on the screen the jump lands on, and the moment they are at said above them.
  const runA = page.getByRole("region", { name: /^Run A: / });
  const runB = page.getByRole("region", { name: /^Run B: / });
  await expect(cluster(runA)).toBeInViewport({ ratio: 1 });
  await expect(cluster(runB)).toBeInViewport({ ratio: 1 });
  await expect(page.locator(".pr-ab-moment")).toContainText(`Both at ${seconds} s`);
  await expect(page.getByRole("group", { name: "Run on screen" })).toHaveCount(0);
});

test("@phone a lesson diagram that scrolls sideways says so above itself, and opens whole in Full screen", async ({
  page,
}) => {
  // The bully election's sequence (five lanes) is wider than a phone even drawn for its column
  // (most diagrams now fit it whole: mermaid-compact.ts).
  await page.goto("/learn/bully-and-ring");
  const frame = page.getByRole("region", { name: /^Diagram: / }).first();
  await frame.scrollIntoViewIfNeeded();
  const figure = page.locator("figure.diagram").filter({ has: frame }).first();
  const hint = figure.locator(".diagram-hint");
  const full = figure.getByRole("button", { name: "Full screen" });
  await expect(hint).toContainText(/Swipe sideways .* or tap Full screen/);
  const f = (await frame.boundingBox())!;
  expect((await hint.boundingBox())!.y, "the cue above the drawing").toBeLessThan(f.y);
  expect((await full.boundingBox())!.y, "Full screen above the drawing").toBeLessThan(f.y);
  expect((await full.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await full.tap();
  const dialog = page.getByRole("dialog", { name: "Diagram, full screen" });
  await expect(dialog).toBeVisible();
  // Upright, too narrow for the drawing at a readable size: the view says to turn the phone.
  await expect(dialog.getByText("turn your phone sideways to see it whole")).toBeVisible();
  // Turned sideways, it opens fitted to the screen's width with labels of 12 px or more.
  await page.setViewportSize({ width: H, height: W });
  await expect(dialog.getByText("turn your phone sideways to see it whole")).toHaveCount(0);
  const svg = dialog.locator("svg").first();
  const scale = async () => {
    const box = (await svg.boundingBox())!;
    const natural = await svg.evaluate((el) => (el as SVGSVGElement).viewBox.baseVal.width);
    return box.x >= 0 && box.x + box.width <= H ? (box.width / natural) * 16 : 0;
  };
  await expect
    .poll(scale, { message: "whole across, labels of 12 px or more" })
    .toBeGreaterThanOrEqual(12 - 0.01);
});
