// Issue 33, desktop (1280x800), review 4a and 4b: what a click opens shows within the screen,
// beside the picture, and no click moves the page the learner is reading.
import { test, expect } from "./fixtures";
import type { Locator, Page } from "@playwright/test";

test.describe.configure({ timeout: 90_000 });

const DESK = { width: 1280, height: 800 };
const cluster = (scope: Page | Locator) => scope.getByRole("group", { name: /^Cluster view/ });

/** The element's box lies wholly inside the window. */
async function inWindow(page: Page, el: Locator): Promise<boolean> {
  const box = await el.boundingBox();
  const h = page.viewportSize()!.height;
  return box !== null && box.y >= 0 && box.y + box.height <= h;
}

test("lesson embed: a node clicked with a Why? open shows its actions beside the picture, the page still", async ({
  page,
}) => {
  await page.setViewportSize(DESK);
  await page.goto("/learn/fencing-tokens");
  const embed = page.locator(".sandbox-embed").first();
  await embed.evaluate((e) => e.scrollIntoView({ block: "start" }));
  const status = embed.getByRole("status", { name: "Simulated time" });
  await expect(status).toBeVisible({ timeout: 30_000 });
  // On past the first new leader, then ask why.
  await embed.getByRole("slider").first().fill("3000");
  await expect(status).toHaveText(/^3\.00 s/);
  const why = embed.getByRole("button", { name: /^Why\?/ }).first();
  await expect(why).toBeVisible({ timeout: 20_000 });
  await why.click();
  const whyPanel = page.getByRole("dialog", { name: /^Why\?/ });
  await expect(whyPanel).toBeVisible();
  await embed.evaluate((e) => e.scrollIntoView({ block: "start" }));
  const before = await page.evaluate(() => window.scrollY);

  await cluster(embed).getByRole("button", { name: /^n1, / }).click();
  const actions = embed.getByRole("heading", { name: "Actions for n1" });
  await expect(actions).toBeVisible();
  // The newest replaces the other in the column beside the picture.
  await expect(whyPanel).toBeHidden();
  expect(await page.evaluate(() => window.scrollY), "a node click never scrolls the page").toBe(before);
  expect(await inWindow(page, actions), "the actions' heading is on screen").toBe(true);
  const crash = embed.getByRole("button", { name: /^Crash/ });
  expect(await inWindow(page, crash), "the first action is on screen").toBe(true);

  // And a Why? opened now replaces the node's actions.
  await why.click();
  await expect(whyPanel).toBeVisible();
  await expect(actions).toBeHidden();
});

// Review 10a #13: Why? took the place of the latest events while the clock ran on (3.47 s to
// 5.18 s) out of sight; opening it in an embed freezes the run.
test("lesson embed: a Why? opened while the run plays freezes it", async ({ page }) => {
  await page.setViewportSize(DESK);
  await page.goto("/learn/fencing-tokens");
  const embed = page.locator(".sandbox-embed").first();
  await embed.evaluate((e) => e.scrollIntoView({ block: "start" }));
  const play = embed.getByRole("button", { name: "Play", exact: true });
  await expect(play).toBeEnabled({ timeout: 30_000 });
  await play.click();
  const freeze = embed.getByRole("button", { name: /^Pause( K)?$/ }).first();
  await expect(freeze).toBeVisible();
  const why = embed.getByRole("button", { name: /^Why\?/ }).first();
  await expect(why).toBeVisible({ timeout: 20_000 });
  await why.click();
  await expect(page.getByRole("dialog", { name: /^Why\?/ })).toBeVisible();
  await expect(play).toBeVisible();
  await expect(freeze).toBeHidden();
});

test("/start, your turn: pressing GC pause the leader keeps the title and the counter in place", async ({
  page,
}) => {
  await page.setViewportSize(DESK);
  await page.goto("/start?screen=9");
  const title = page.getByRole("heading", { level: 1, name: "Your turn" });
  await expect(title).toBeVisible();
  // The run's own Play, once it can play (pressed while the run still loads, a waiting button
  // was replaced under the click, which Playwright retried scrolled to the middle).
  const play = page.getByRole("button", { name: /^Play/ });
  await expect(play).toBeEnabled({ timeout: 30_000 });
  await expect(page.getByRole("group", { name: /^Cluster view/ })).toBeVisible({ timeout: 30_000 });
  await play.click();
  const pause = page.getByRole("button", { name: /^GC pause the leader \(n\d\)/ });
  await expect(pause).toBeEnabled({ timeout: 30_000 });
  expect(await page.evaluate(() => window.scrollY), "Play scrolls nothing").toBe(0);
  const before = await title.boundingBox();
  // By mouse; then, now that the leader is paused, the same button by keyboard.
  await pause.click();
  await expect(page.getByText(/is paused for 4 s/)).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  expect((await title.boundingBox())?.y).toBe(before?.y);
  await expect(page.locator(".first-steps-count")).toBeInViewport({ ratio: 1 });
  const paused = page.getByRole("button", {
    name: /^n\d (is paused: watch the vote|leads now: watch n\d's late write)$/,
  });
  await expect(paused).toBeFocused();
  await paused.press("Enter");
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await expect(title).toBeInViewport({ ratio: 1 });
});

test("home: a cluster picture on the first screen, beside the headline, before Watch it first", async ({
  page,
}) => {
  await page.setViewportSize(DESK);
  await page.goto("/");
  const pic = page.getByRole("img", { name: /^Three nodes: n1, a star, leads/ });
  await expect(pic).toBeVisible();
  expect(await inWindow(page, pic), "the picture is whole on the first screen").toBe(true);
  const start = page.getByRole("link", { name: /^New here\? Watch it first/ });
  expect(await inWindow(page, start)).toBe(true);
  const h1 = (await page.getByRole("heading", { level: 1 }).boundingBox())!;
  const box = (await pic.boundingBox())!;
  expect(box.y, "under the headline").toBeGreaterThanOrEqual(h1.y + h1.height - 1);
  expect(box.x, "beside the lede and the calls to action").toBeGreaterThan(
    (await start.boundingBox())!.x + 300,
  );
});

test("Compare is in the main nav and both pictures are whole on the first screen", async ({ page }) => {
  await page.setViewportSize(DESK);
  await page.goto("/");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Compare" }).click();
  await expect(page).toHaveURL(/\/compare/);
  await expect(page.getByRole("heading", { level: 1, name: "Compare" })).toBeVisible();
  for (const name of ["Run A: TTL 10 s", "Run B: TTL 2 s"]) {
    const c = cluster(page.getByRole("region", { name }));
    await expect(c).toBeVisible();
    expect(await inWindow(page, c), `${name}: picture whole on screen`).toBe(true);
  }
  expect(await inWindow(page, page.getByRole("button", { name: "Play both" }))).toBe(true);
});

test("a practice challenge: title, goal, then the picture with Play, whole on the first screen", async ({
  page,
}) => {
  await page.setViewportSize(DESK);
  await page.goto("/practice?challenge=bully-two-coordinators");
  await expect(page.getByRole("heading", { level: 1, name: "Two leaders at once" })).toBeVisible();
  const c = cluster(page);
  await expect(c).toBeVisible();
  expect(await inWindow(page, c), "the picture is whole on the first screen").toBe(true);
  expect(await inWindow(page, page.getByRole("button", { name: /^Play/ }))).toBe(true);
  expect(await inWindow(page, page.getByRole("button", { name: "Check my run" }))).toBe(true);
});

test("network tools open in the column beside the picture, above Node actions: the picture stays put, Isolate says why it is off", async ({
  page,
}) => {
  await page.setViewportSize(DESK);
  await page.goto("/sandbox");
  await expect(cluster(page)).toBeVisible();
  const nodeHead = page.getByRole("heading", { name: "Node actions" });
  const before = (await nodeHead.boundingBox())!;
  const pictureBefore = (await cluster(page).boundingBox())!;
  const toggle = page.getByRole("button", { name: "Network tools" });
  await toggle.click();
  const isolate = page.getByRole("button", { name: "Isolate a node" });
  await expect(isolate).toBeDisabled();
  await expect(isolate).toHaveAccessibleDescription("Select a node first: click it in the picture.");
  await expect(page.getByText("Select a node first: click it in the picture.")).toBeVisible();
  // The reason right under the button, on a line of the tools' width (review 15b #2: beside it,
  // in the 216 px column, it squeezed into 66 px, one word a line; review 12b #8: not apart).
  const why = (await page.getByText("Select a node first: click it in the picture.").boundingBox())!;
  const iso = (await isolate.boundingBox())!;
  expect(why.y, "the reason under the button").toBeGreaterThanOrEqual(iso.y + iso.height - 1);
  expect(why.y - (iso.y + iso.height), "the reason right under it").toBeLessThan(12);
  expect(why.height, "the reason on at most two lines").toBeLessThan(40);
  // How to cut a link first, the one-way tip after it (review 12b #8: the tip came first).
  const how = (await page.getByText(/^Click a link line to cut it/).boundingBox())!;
  const tip = (await page.getByText(/^For one direction only/).boundingBox())!;
  expect(how.y, "the how-to above the one-way tip").toBeLessThan(tip.y);
  // Left of the picture (review 9b #9: opened above the picture they pushed it down about
  // 170 px), at the column's top level with their toggle (review 10b #7: under Node actions they
  // opened 170 px below it): the picture does not move at all, Node actions follow the tools.
  const cut = (await page.getByRole("button", { name: "Cut one way" }).boundingBox())!;
  const pic = (await cluster(page).boundingBox())!;
  expect(pic.y, "the picture not pushed down").toBe(pictureBefore.y);
  expect(cut.x + cut.width).toBeLessThan(pic.x);
  const nodeAfter = (await nodeHead.boundingBox())!;
  expect(cut.y).toBeLessThan(nodeAfter.y);
  expect(nodeAfter.y).toBeGreaterThan(before.y);
  expect(await inWindow(page, nodeHead), "Node actions' head still on the first screen").toBe(true);
  expect(await inWindow(page, page.getByRole("button", { name: "Cut one way" }))).toBe(true);
  expect(await inWindow(page, cluster(page)), "the picture still whole on screen").toBe(true);
  // A link's cut spot is a target of at least 24 px.
  const spot = (await page.locator(".sb-link-spot").first().boundingBox())!;
  expect(Math.min(spot.width, spot.height)).toBeGreaterThanOrEqual(24);
  // A cut brings "Heal all" into the row over the picture: the picture still does not move.
  await page.locator(".sb-link-spot").first().click();
  await expect(page.getByRole("button", { name: "Heal all" })).toBeVisible();
  expect((await cluster(page).boundingBox())!.y, "the picture not pushed by Heal all").toBe(pictureBefore.y);
  await cluster(page).getByRole("button", { name: /^n2, / }).click();
  // After a cut, a node's click brings its actions forward (NodeColumn); the column's switch
  // brings the network tools back, where Isolate names the node picked.
  await page.getByRole("button", { name: "Network", exact: true }).click();
  await expect(page.getByRole("button", { name: "Isolate n2" })).toBeEnabled();
});

test("Try to break it, opened at the page's foot, comes into view; the picture is one press away", async ({
  page,
}) => {
  await page.setViewportSize(DESK);
  await page.goto("/sandbox");
  await expect(cluster(page)).toBeVisible();
  await page.getByRole("tab", { name: "Try to break it" }).click();
  const panel = page.getByRole("tabpanel", { name: "Try to break it" });
  const go = panel.getByRole("button", { name: "Start the search", exact: true });
  await expect(go).toBeVisible();
  // The button clear of the fault box's border above it (review 9b #13: it sat on it).
  const box = (await panel.locator("fieldset").first().boundingBox())!;
  expect((await go.boundingBox())!.y - (box.y + box.height)).toBeGreaterThanOrEqual(8);
  // The whole form down to its button on screen, the tab row at the top.
  await expect.poll(() => inWindow(page, go)).toBe(true);
  await expect(page.getByRole("tab", { name: "Try to break it" })).toBeInViewport({ ratio: 1 });
  await panel.getByRole("button", { name: "Back to the picture" }).click();
  await expect.poll(() => inWindow(page, cluster(page))).toBe(true);
});

test("@phone home: the cluster picture and Watch it first share the first screen", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/");
  const pic = page.getByRole("img", { name: /^Three nodes: n1, a star, leads/ });
  await expect(pic).toBeVisible();
  const start = page.getByRole("link", { name: /^New here\? Watch it first/ });
  expect(await inWindow(page, pic)).toBe(true);
  expect(await inWindow(page, start)).toBe(true);
  expect((await pic.boundingBox())!.y, "the picture leads into the call to action").toBeLessThan(
    (await start.boundingBox())!.y,
  );
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
});
