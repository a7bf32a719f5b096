// Nothing on the sandbox page leaves the learner below the picture (review 5b #1 #2 #6 #7 #11 #12
// #13 #14): the rules card opens beside the run, the tab row starts on the first screen, tabs and
// lists open without pushing the picture away, and on a phone the tour's move, the network modes
// and the folded node line are all on screen without covering the picture. By role and label.
import { test, expect } from "./fixtures";
import type { Page } from "@playwright/test";
import { cluster, simTime } from "./sandbox-helpers";

const drawing = (page: Page) => page.locator(".sb-stage .sb-cluster-host svg").first();

/** The picture's top edge is on screen (not above it, not below the fold). */
async function pictureTopShown(page: Page): Promise<boolean> {
  const box = await drawing(page).boundingBox();
  const h = page.viewportSize()!.height;
  return !!box && box.y >= 0 && box.y < h;
}

async function pauseAt(page: Page, min: number): Promise<string> {
  await page.getByRole("button", { name: /^Play/ }).first().click();
  await expect
    .poll(async () => parseFloat((await simTime(page).textContent()) ?? "0"), { timeout: 30_000 })
    .toBeGreaterThan(min);
  await page
    .getByRole("button", { name: /^Pause( K)?$/ })
    .first()
    .click();
  await expect(page.getByRole("button", { name: /^Play/ }).first()).toBeVisible();
  // Settled: the clock reads the same twice in a row once the pause has drawn.
  let t = "";
  await expect
    .poll(async () => {
      const before = t;
      t = (await simTime(page).textContent()) ?? "";
      return t === before;
    })
    .toBe(true);
  return t;
}

for (const tag of ["", "@phone "]) {
  test(`${tag}the rules card opens in a new tab, and the run keeps its moment`, async ({ page, context }) => {
    await page.goto("/sandbox");
    await expect(cluster(page)).toBeVisible();
    const t = await pauseAt(page, 1.5);
    const link = page.getByRole("link", { name: /Rules card for this protocol \(opens in a new tab\)/ });
    const [card] = await Promise.all([context.waitForEvent("page"), link.click()]);
    await expect(card.getByRole("heading", { level: 1 })).toBeVisible();
    await card.close();
    // The run on this page is the one the learner left: same moment, not a fresh run at 0 s.
    await expect(page).toHaveURL(/\/sandbox/);
    await expect(simTime(page)).toHaveText(t);
  });
}

test.describe("a wide screen (1280x800)", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("the tab row under the picture starts on the first screen", async ({ page }) => {
    await page.goto("/sandbox");
    await expect(cluster(page)).toBeVisible();
    const tabs = page.getByRole("tablist", { name: "More about this run" });
    await expect.poll(async () => (await tabs.boundingBox())!.y).toBeLessThan(800 - 40);
    // The token's long meaning waits behind its own question.
    await page.getByText("What is a token?").click();
    await expect(page.getByText(/the key's revision \(etcd's create revision\)/)).toBeVisible();
  });

  test("Guided tours and a tour's steps keep the page still and the picture in view", async ({ page }) => {
    await page.goto("/sandbox");
    await expect(cluster(page)).toBeVisible();
    await page.getByRole("button", { name: "Other tours" }).click();
    // Opening the list beside the picture moves nothing: the site's nav stays (review 5b #14).
    await expect(page.getByRole("button", { name: /Fencing tokens: the late write/ })).toBeVisible();
    expect(await page.evaluate(() => window.scrollY), "no scroll: the site nav stays").toBe(0);
    await page.getByRole("button", { name: /Fencing tokens: the late write/ }).click();
    const tour = page.locator("section.sb-tour");
    await expect(tour).toContainText("step 1 of");
    // Starting one moves the page to the run's title, so the card's buttons are on screen.
    await expect(tour.getByRole("button", { name: "Next", exact: true })).toBeInViewport({ ratio: 1 });
    // Every step, walked as a learner would, with the picture's top on screen at each.
    for (let i = 1; ; i++) {
      await expect(tour).toContainText(`step ${i} of`);
      await expect.poll(() => pictureTopShown(page), { message: `step ${i}: picture in view` }).toBe(true);
      const doIt = tour.getByRole("button", { name: "Do it for me" });
      const status = tour.getByRole("status");
      await expect(doIt.or(status.filter({ hasText: /Running|Done|complete/ }))).toBeVisible({
        timeout: 10_000,
      });
      if (await doIt.isVisible()) await doIt.click();
      await expect(status).toContainText(/Done|complete/, { timeout: 40_000 });
      const next = tour.getByRole("button", { name: "Next", exact: true });
      if (!(await next.isVisible())) break;
      await next.click();
    }
    await expect.poll(() => pictureTopShown(page), { message: "last step: picture in view" }).toBe(true);
  });

  test("Try to break it scrolls only as far as its button, and its result comes into view with the focus", async ({
    page,
  }) => {
    test.setTimeout(150_000); // a real search in real workers on a shared machine: a hang guard
    await page.goto("/sandbox?preset=bully-basic");
    await expect(cluster(page)).toBeVisible();
    await page.getByRole("tab", { name: "Try to break it" }).click();
    // Scrolled only as far as its button: the page once jumped 853 px, the tab row to the top.
    await expect(page.getByRole("button", { name: "Start the search", exact: true })).toBeInViewport({
      ratio: 1,
    });
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    // Only as far as the button: its foot near the screen's foot (the panel's form is taller than
    // the room under the tabs, so the tab row rises, but it stays in view under the sticky time
    // bar, not pushed up behind it as when the page jumped to the panel's top).
    const start = (await page.getByRole("button", { name: "Start the search", exact: true }).boundingBox())!;
    expect(800 - (start.y + start.height), "scrolled no further than the button").toBeLessThan(60);
    const bar = (await page.getByRole("group", { name: "Time controls" }).boundingBox())!;
    const tabTop = (await page.getByRole("tablist", { name: "More about this run" }).boundingBox())!.y;
    expect(tabTop, "the tab row in view under the time bar").toBeGreaterThanOrEqual(bar.y + bar.height);
    await page.getByLabel("Property to break").selectOption("overlap");
    for (const box of await page.getByRole("checkbox").all()) {
      const name = (await box.evaluate((el) => el.closest("label")?.textContent ?? "")) ?? "";
      if (name.startsWith("Split into groups") !== (await box.isChecked())) await box.click();
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole("button", { name: "Start the search" }).click();
    const result = page.getByRole("heading", { name: "Search result" });
    await expect(result).toBeFocused({ timeout: 60_000 });
    await expect(page.getByRole("button", { name: "Replay the smallest schedule" })).toBeInViewport();
  });
});

test("@phone a tour step's move and the network modes are on screen, and the node's sheet leaves the acted-on node's labels in view", async ({
  page,
}) => {
  await page.goto("/sandbox");
  await expect(cluster(page)).toBeVisible();
  const h = page.viewportSize()!.height;
  // Network tools: the modes come on screen.
  await page.getByRole("button", { name: "Network tools" }).tap();
  await expect(page.getByRole("button", { name: /Cut both ways/ })).toBeInViewport({ ratio: 1 });
  await page.getByRole("button", { name: "Hide network tools" }).tap();
  // A crashed node's folded line sits clear of the picture and every one of its labels.
  await pauseAt(page, 2.5);
  await page.evaluate(() => window.scrollTo(0, 0));
  await cluster(page).getByRole("button", { name: /^n1, / }).tap();
  await page
    .locator(".sb-node-panel.sb-sheet")
    .getByRole("button", { name: /^Crash/ })
    .first()
    .tap();
  // Outside a tour the sheet stays open after the act (review 9b #12): the crashed node, with
  // its labels, shows above it.
  const sheet = page.locator(".sb-node-panel.sb-sheet");
  await expect(sheet).toBeVisible();
  await expect(sheet).toHaveClass(/sb-sheet(?!-folded)/);
  await expect(cluster(page).getByRole("button", { name: /^n1, crashed/ })).toBeVisible();
  const clear = async () => {
    const top = (await sheet.boundingBox())!.y;
    const labels = await page
      .locator('.sb-stage svg text.sb-node-label[data-node="n1"]')
      .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().bottom));
    return labels.length > 0 && labels.every((bottom) => bottom <= top);
  };
  await expect.poll(clear, { message: "n1's labels above the open sheet" }).toBe(true);
  // A tour step that waits for a move: its button and its Back are whole on screen.
  await page.goto("/sandbox");
  await expect(cluster(page)).toBeVisible();
  await page.getByRole("button", { name: "Other tours" }).tap();
  await page.getByRole("button", { name: /Fencing tokens: the late write/ }).tap();
  const tour = page.locator("section.sb-tour");
  await expect(tour.getByRole("status")).toContainText("Done", { timeout: 30_000 });
  await tour.getByRole("button", { name: "Next", exact: true }).tap();
  const doIt = tour.getByRole("button", { name: "Do it for me" });
  await expect(doIt).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(async () => {
      const b = (await doIt.boundingBox())!;
      return b.y >= 0 && b.y + b.height <= h;
    })
    .toBe(true);
});
