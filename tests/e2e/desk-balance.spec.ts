// Columns that stay balanced after the learner acts (/sandbox at 1280x800): after a crash of the
// leader, a cut (isolating the next leader) and a heal, the picture and Latest stay whole on the
// first screen and the left column (the node's actions, the network tools) is never the one that
// pushes the tab row down: before, its stack of actions, tools and legend ran the tabs to y 913,
// 1126 and 1506 on the default run, while the picture's column ended at 622.
// The default run at 12 s (tabs at 790 before), bully-basic and ring-basic at 1.2 s (807, 787),
// zab-failover at 5 s (769-790 after the cut) and raft-prevote at 2 s (770 after the cut) were
// the known failures of review 15's build; Latest a step smaller beside the picture and the tab
// row 8 px closer (desk-columns.css) brought them under 761.
// The left column is no hidden scroll box (review 15b #2): every node action whole on the first
// screen with the network tools open or closed, and the legend keeps one place (review 15b #7).
import type { Page } from "@playwright/test";
import { test, expect } from "./fixtures";
import { cluster } from "./sandbox-helpers";

test.describe.configure({ timeout: 120_000 });

const simTime = (page: Page) => page.getByRole("status", { name: "Simulated time" });
const bottom = async (page: Page, selector: string) => {
  const b = await page.locator(selector).first().boundingBox();
  return b ? b.y + b.height : 0;
};

async function check(page: Page, act: string, tabsBelow?: number) {
  const vp = page.viewportSize()!;
  for (const [name, loc] of [
    ["picture", cluster(page)],
    ["Latest", page.getByRole("region", { name: "Latest events" })],
  ] as const) {
    const b = (await loc.boundingBox())!;
    expect(b.y, `${act}: ${name} top on screen`).toBeGreaterThanOrEqual(0);
    expect(b.y + b.height, `${act}: ${name} whole on the first screen`).toBeLessThanOrEqual(vp.height);
  }
  const left = await bottom(page, ".sb-main-full .sb-area-node");
  const others = Math.max(
    await bottom(page, ".sb-main-full > .sb-stage-col"),
    await bottom(page, ".sb-main-full .sb-area-legend"),
    await bottom(page, ".sb-main-full > .sb-now"),
  );
  // Its own height is held to the first screen (tabs at 760 at most, the one-screen rule's limit).
  expect(
    left,
    `${act}: the node's column pushes the tabs no lower than the other columns or y 760`,
  ).toBeLessThanOrEqual(Math.max(others + 1, vp.height - 56));
  if (tabsBelow !== undefined) {
    const tabs = (await page.getByRole("tablist", { name: "More about this run" }).boundingBox())!;
    expect(tabs.y, `${act}: the tabs start on the first screen`).toBeLessThan(tabsBelow);
  }
}

// One run per protocol (those in the header excepted), acted on at a moment with a leader: the tab row at y 760 at most
// (the one-screen rule's limit) at that moment and after each act. On main's build at 1280x800
// the tabs started at 769-935 after a crash in all but the heartbeat pair (measured per preset).
for (const [preset, at, tabsBelow] of [
  ["", 12_000, 761],
  ["zab-failover", 5_000, 761],
  ["raft-prevote", 2_000, 761],
  ["zk-herd-leader", 5_000, 761],
  ["k8s-defaults", 20_000, 761],
  ["database-lease", 12_000, 761],
  ["heartbeat-pair-partition", 12_000, 761],
] as const) {
  test(`after a crash, a cut and a heal the columns stay balanced (${preset || "default run"})`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(preset ? `/sandbox?preset=${preset}&at=${at}` : `/sandbox?at=${at}`);
    await expect(simTime(page)).toHaveText(new RegExp(`^${(at / 1000).toFixed(2).replace(".", "\\.")} s`), {
      timeout: 40_000,
    });
    await check(page, "before acting", tabsBelow);
    await cluster(page)
      .getByRole("button", { name: /^n\d+, leader/ })
      .first()
      .click();
    await page.getByRole("button", { name: /^Crash/ }).click();
    await expect(cluster(page).getByRole("button", { name: /^n\d+, crashed/ })).toHaveCount(1);
    await check(page, "crash", tabsBelow);
    // Run on until a new leader, then cut it off from everyone.
    await page.getByRole("button", { name: /^Play/ }).click();
    const next = cluster(page)
      .getByRole("button", { name: /^n\d+, leader/ })
      .first();
    await expect(next).toBeVisible({ timeout: 60_000 });
    await page.getByRole("button", { name: /^Pause/ }).click();
    await next.click();
    await page.getByRole("button", { name: /^Isolate/ }).click();
    await expect
      .poll(() =>
        cluster(page)
          .getByRole("button", { name: /^Link .*: cut both ways$/ })
          .count(),
      )
      .toBeGreaterThan(0);
    await check(page, "cut", tabsBelow);
    await page.getByRole("button", { name: "Heal all" }).click();
    await expect(cluster(page).getByRole("button", { name: /^Link .*: cut both ways$/ })).toHaveCount(0);
    await check(page, "heal", tabsBelow);
  });
}

// Runs whose planned crash has happened by then (bully-basic and ring-basic at 1.2 s, each 2 s
// long): the tab row on the first screen before acting, with the new leader selected and with the
// network tools open (807 and 787 before acting on review 15's build).
for (const preset of ["bully-basic", "ring-basic"]) {
  test(`before acting, a node selected and the tools open, the tabs on the first screen (${preset})`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/sandbox?preset=${preset}&at=1200`);
    await expect(simTime(page)).toHaveText(/^1\.20 s/, { timeout: 40_000 });
    await check(page, "before acting", 761);
    await cluster(page)
      .getByRole("button", { name: /^n\d+, leader/ })
      .first()
      .click();
    await check(page, "leader selected", 761);
    await page.getByRole("button", { name: "Network tools", exact: true }).click();
    await expect(page.locator(".sb-tools-side .sb-cluster-aside")).toBeVisible();
    await check(page, "tools open", 761);
  });
}

/** Every node action's button whole on the first screen, and the node's column scrolls nothing. */
async function actionsWhole(page: Page, act: string) {
  const buttons = page.locator(".sb-area-node .sb-action-grid button");
  expect(await buttons.count(), `${act}: the node's actions`).toBeGreaterThanOrEqual(8);
  for (const b of await buttons.all()) {
    await expect(b, `${act}: ${await b.textContent()} shown`).toBeVisible();
    const box = (await b.boundingBox())!;
    expect(box.y + box.height, `${act}: ${await b.textContent()} above the fold`).toBeLessThanOrEqual(800);
  }
  const col = await page.locator(".sb-main-full .sb-area-node").evaluate((el) => ({
    scroll: el.scrollHeight,
    client: el.clientHeight,
    overflow: getComputedStyle(el).overflowY,
  }));
  expect(col.scroll, `${act}: the node's column hides nothing in a scroll box`).toBeLessThanOrEqual(
    col.client + 1,
  );
  expect(col.overflow, `${act}: the node's column is no scroll box`).toBe("visible");
}

const legendBox = async (page: Page) => {
  const b = (await page.locator(".sb-main-full .sb-area-legend").boundingBox())!;
  return { x: Math.round(b.x), y: Math.round(b.y) };
};

// Review 15b #2 and #7: on main's build the column was a 528 px box (scrollHeight 903 with the
// tools open) whose node actions were cut at the fold, and the legend moved from (40, 340) to
// (272, 630) when a node was selected or the tools opened.
test("a node's actions whole with the network tools open or closed, the legend in one place", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/sandbox?at=12000");
  await expect(simTime(page)).toHaveText(/^12\.00 s/, { timeout: 40_000 });
  const legend = await legendBox(page);
  await cluster(page)
    .getByRole("button", { name: /^n\d+, leader/ })
    .first()
    .click();
  await actionsWhole(page, "selected");
  expect(await legendBox(page), "the legend where it was, after a node is selected").toEqual(legend);
  await page.getByRole("button", { name: "Network tools", exact: true }).click();
  await expect(page.locator(".sb-tools-side .sb-cluster-aside")).toBeVisible();
  expect(await legendBox(page), "the legend where it was, with the tools open").toEqual(legend);
  // The tools came forward; the switch brings the node's actions back, whole.
  await page.getByRole("button", { name: /^Actions for n\d+$/ }).click();
  await actionsWhole(page, "tools open");
  // A node selected while the tools are open shows its actions at once.
  await cluster(page)
    .getByRole("button", { name: /^n\d+, follower/ })
    .first()
    .click();
  await actionsWhole(page, "another node, tools open");
  expect(await legendBox(page), "the legend where it was, at the end").toEqual(legend);
});
