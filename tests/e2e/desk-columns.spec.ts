// The /sandbox page's three columns at 1280x800 (review 10, desktop walk): node actions whose
// labels read whole, network tools beside their toggle, Why? on screen with the picture, and a
// tour step read whole on every step of every tour.
import type { Page } from "@playwright/test";
import { test, expect } from "./fixtures";
import { cluster, selectNode, tab } from "./sandbox-helpers";

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
});

/** Lines a button's label takes, and the words broken across two lines ("mid- / write"). */
function labelLines(page: Page) {
  return page.locator(".sb-area-node .sb-action-grid button").evaluateAll((buttons) =>
    buttons.map((b) => {
      const label = b.querySelector("span") ?? b;
      const range = document.createRange();
      const tops = new Set<number>();
      const split: string[] = [];
      const walker = document.createTreeWalker(label, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const text = n.textContent ?? "";
        for (const m of text.matchAll(/\S+/g)) {
          range.setStart(n, m.index);
          range.setEnd(n, m.index + m[0].length);
          const rows = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
          if (rows.size > 1) split.push(m[0]);
          for (const t of rows) tops.add(t);
        }
      }
      // Words on one line share a top within a pixel or two: count lines 4 px apart.
      const lines = [...tops].sort((a, b) => a - b).filter((t, i, all) => i === 0 || t - all[i - 1] > 4);
      return { text: b.textContent ?? "", lines: lines.length, split };
    }),
  );
}

test("every node action's label reads on at most two lines, no word split", async ({ page }) => {
  await page.goto("/sandbox");
  await expect(cluster(page)).toBeVisible();
  await selectNode(page, "n2");
  const labels = await labelLines(page);
  expect(labels.length).toBeGreaterThanOrEqual(8);
  expect(labels.map((l) => l.text)).toContainEqual(expect.stringMatching(/mid-write/));
  for (const l of labels) {
    expect(l.lines, `"${l.text}" lines`).toBeLessThanOrEqual(2);
    expect(l.split, `"${l.text}" words split across lines`).toEqual([]);
  }
});

test("network tools open beside their toggle, the picture where it was", async ({ page }) => {
  await page.goto("/sandbox");
  await expect(cluster(page)).toBeVisible();
  const before = await cluster(page).boundingBox();
  const toggle = page.getByRole("button", { name: "Network tools" });
  await toggle.click();
  const hide = page.getByRole("button", { name: "Hide network tools" });
  const tools = page.locator(".sb-tools-side .sb-cluster-aside");
  await expect(tools).toBeVisible();
  const t = (await hide.boundingBox())!;
  const p = (await tools.boundingBox())!;
  // Level with the toggle and a gutter away: they opened 170 px lower, under the node panel.
  expect(Math.abs(p.y - t.y), "tools' top against the toggle's").toBeLessThan(40);
  expect(t.x - (p.x + p.width), "gap between the tools and the toggle").toBeLessThan(40);
  await expect(tools.getByRole("button", { name: /Cut both ways/ })).toBeInViewport({ ratio: 1 });
  expect((await cluster(page).boundingBox())!.y).toBeCloseTo(before!.y, 0);
});

test("Why? beside the picture opens with its head on screen and the picture whole", async ({ page }) => {
  await page.goto("/sandbox");
  await page.getByLabel("Speed").selectOption("10");
  await page.getByRole("button", { name: /^Play/ }).click();
  const why = page.locator(".sb-latest").getByRole("button", { name: /^Why\?/ });
  await why.first().click({ timeout: 30_000 });
  const panel = page.getByRole("dialog");
  await expect(panel).toBeVisible();
  await expect(panel.getByRole("button", { name: "Close" })).toBeInViewport({ ratio: 1 });
  await expect(async () => {
    const box = (await panel.boundingBox())!;
    // Its head and its first lines: at least 300 px of it on the first screen, and no more than
    // the screen holds (it scrolls inside), while the drawing stays whole.
    expect(800 - box.y).toBeGreaterThan(300);
    expect(box.y + box.height).toBeLessThanOrEqual(800);
    await expect(cluster(page)).toBeInViewport({ ratio: 1 });
  }).toPass({ timeout: 10_000 });
});

const TOURS = [
  "billing-crash",
  "bully-partition",
  "fencing-diagram",
  "github-2012",
  "k8s-apiserver-cut",
  "raft-split-vote",
  "sre-file-server",
  "stripe-2019",
  "zk-herd-leader",
];

for (const preset of TOURS)
  test(`every step of the ${preset} tour reads whole beside the picture`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.goto(`/sandbox?preset=${preset}`);
    await tab(page, "Guided tours");
    await page
      .getByRole("button", { name: /Start the tour/ })
      .first()
      .click();
    const card = page.locator(".sb-area-tour section.sb-tour");
    await expect(card).toContainText(/step 1 of \d+/i);
    const steps = Number(/step 1 of (\d+)/i.exec((await card.textContent()) ?? "")![1]);
    // 2x, not 10x: a step that ends on an event (a leader elected) is held by the page when it
    // sees that frame, and at 10x a loaded machine let raft-split-vote's short run play out first.
    await page.getByLabel("Speed").selectOption("2");
    for (let i = 1; i <= steps; i++) {
      await expect(card).toContainText(new RegExp(`step ${i} of ${steps}`, "i"));
      // The whole text shows: the card does not scroll, nothing hides behind "More below".
      const fit = await card.evaluate((c) => ({ over: c.scrollHeight - c.clientHeight }));
      expect(fit.over, `step ${i}: text hidden under the card's foot`).toBeLessThanOrEqual(1);
      await expect(card).not.toHaveClass(/sb-tour-more/);
      const move = card.getByText("Your move:");
      if ((await move.count()) > 0) {
        await expect(move).toBeInViewport({ ratio: 1 });
        // The actions it asks for: the node panel's head on the first screen too.
        await expect(page.locator(".sb-area-node :is(h2, h3)").first()).toBeInViewport();
      }
      const doIt = card.getByRole("button", { name: "Do it for me" });
      const status = card.getByRole("status");
      await expect(doIt.or(status.filter({ hasText: /Running|Done|complete/ }))).toBeVisible({
        timeout: 15_000,
      });
      if (await doIt.isVisible()) await doIt.click();
      await expect(status).toContainText(i === steps ? "Tour complete." : "Done.", { timeout: 60_000 });
      if (i < steps) await card.getByRole("button", { name: "Next", exact: true }).click();
    }
  });
