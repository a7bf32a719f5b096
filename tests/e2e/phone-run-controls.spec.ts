// A phone's run controls and sheets (review 9): a lesson embed's scrubber has a row of its own;
// opening a node's sheet in an embed leaves the page where it was, Play and Next event on
// screen; the Why? sheet reads in the sandbox's type scale; the run's name keeps
// its first clause, Read more beside it.
import { test, expect } from "./fixtures";
import { embedOf } from "./sandbox-helpers";

test.describe.configure({ timeout: 90_000 });

test("@phone a lesson embed: the scrubber is at least 200 px; a node's sheet opens without moving the page or hiding Play", async ({
  page,
}) => {
  const embed = await embedOf(page, "raft-election", "raft-basic");
  const slider = embed.getByRole("slider", { name: "Time", exact: true });
  expect((await slider.boundingBox())!.width, "the Time slider's width").toBeGreaterThanOrEqual(200);
  // The embed's controls at the top of the screen, its first node (at the ring's top) in view.
  const play = embed.getByRole("button", { name: "Play" });
  await play.evaluate((el) => {
    el.closest(".sb-compact-controls")!.scrollIntoView({ block: "start" });
    window.scrollBy(0, -8);
  });
  const node = embed.locator('[data-node="n1"][role="button"]');
  await expect(node).toBeInViewport();
  const before = await page.evaluate(() => window.scrollY);
  await node.tap();
  const sheet = page.getByRole("dialog", { name: "Actions for n1" });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByRole("heading", { name: "Actions for n1" })).toBeFocused();
  expect(await page.evaluate(() => window.scrollY), "the page did not move").toBe(before);
  await expect(play).toBeInViewport({ ratio: 1 });
  await expect(embed.getByRole("button", { name: /^Next event/ })).toBeInViewport({ ratio: 1 });
  await expect(node).toBeInViewport();
});

// Review 10a #1: in the fencing lesson the sheet rose over the picture's lower half and hid the
// tapped n2 and n3, the page held still for Play's sake. Each tapped node, with its labels, is
// now between the screen's top and the sheet (shorter, with its own scroll), Play still on screen.
test("@phone a lesson embed: each tapped node and its labels stay above the sheet, Play on screen", async ({
  page,
}) => {
  const embed = await embedOf(page, "fencing-tokens", "fencing-off");
  const play = embed.getByRole("button", { name: "Play" });
  await play.evaluate((el) => {
    el.closest(".sb-compact-controls")!.scrollIntoView({ block: "start" });
    window.scrollBy(0, -8);
  });
  for (const id of ["n2", "n3"]) {
    const node = embed.locator(`[data-node="${id}"][role="button"]`);
    await node.tap();
    const sheet = page.getByRole("dialog", { name: `Actions for ${id}` });
    await expect(sheet).toBeVisible();
    await expect
      .poll(
        () =>
          page.evaluate((n) => {
            const sheetTop = document.querySelector(".sb-sheet")!.getBoundingClientRect().top;
            const parts = [
              document.querySelector(`[data-node="${n}"][role="button"]`),
              ...document.querySelectorAll(`text.sb-node-label[data-node="${n}"]`),
            ].map((e) => e!.getBoundingClientRect());
            return parts.every((r) => r.top >= 0 && r.bottom <= sheetTop);
          }, id),
        { message: `${id}'s circle and labels between the screen's top and the sheet` },
      )
      .toBe(true);
    await expect(play).toBeInViewport({ ratio: 1 });
    await expect(sheet.getByRole("button", { name: "Close" })).toBeInViewport({ ratio: 1 });
    await sheet.getByRole("button", { name: "Close" }).tap();
    await expect(sheet).toBeHidden();
  }
});

// Review 10a #12: the picture's "waiting behind n3" captions had no entry in the embed's key.
test("@phone a lesson embed's key names the waiting-behind caption the picture shows", async ({ page }) => {
  const embed = await embedOf(page, "fencing-tokens", "fencing-off");
  // Once a leader is chosen the others wait in line behind it.
  await embed.getByRole("button", { name: "Play" }).tap();
  const captions = embed.locator("text.sb-node-label", { hasText: /waiting behind n\d/ });
  await expect(captions.first()).toBeVisible({ timeout: 20_000 });
  // Held still, so the key and the picture are read at one moment (a failover in between changed
  // who waits behind whom in a loaded CI run).
  await embed.getByRole("button", { name: "Pause" }).tap();
  await embed.getByText("Key to the picture").tap();
  // The key gives one example, named after a node the picture shows others waiting behind.
  const entry = embed
    .getByRole("list", { name: "Legend" })
    .getByRole("listitem")
    .filter({ hasText: /waiting behind n\d: its key is next after n\d's/ });
  await expect(entry).toBeVisible();
  const ahead = (await entry.textContent())!.match(/waiting behind (n\d)/)![1];
  expect((await captions.allTextContents()).some((t) => t.includes(`waiting behind ${ahead}`))).toBe(true);
});

test("@phone the Why? sheet's text is no larger than the sandbox's own", async ({ page }) => {
  await page.goto("/sandbox?preset=billing-crash&at=5000");
  const latest = page.getByRole("region", { name: "Latest events" });
  const why = latest.getByRole("button", { name: /^Why\?/ }).first();
  await expect(why).toBeVisible({ timeout: 40_000 });
  const latestSize = await latest
    .locator(".sb-mark-text")
    .evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
  await why.tap();
  const sheet = page.locator(".sb-why.sb-why-sheet");
  await expect(sheet).toBeVisible();
  const sizes = await sheet
    .locator("p, li, dd")
    .evaluateAll((els) => els.map((e) => parseFloat(getComputedStyle(e).fontSize)));
  expect(sizes.length).toBeGreaterThan(0);
  expect(Math.max(...sizes), "the sheet's largest body text").toBeLessThanOrEqual(latestSize + 0.5);
});

test("@phone a tour's long run name keeps its first clause whole, Read more beside it", async ({ page }) => {
  await page.goto("/sandbox");
  // "Take a tour" starts the default run's tour, the billing job's (review 16b #6).
  await page.getByRole("button", { name: "Take a tour" }).tap();
  await expect(page.locator(".sb-run-name strong")).toHaveText("The billing job, end to end");
  const name = page.locator(".sb-run-name");
  await expect(page.getByRole("button", { name: /^Read more/ })).toBeVisible();
  // Where it is too long for two lines the hint keeps its first clause, never a phrase cut
  // mid-way ("(guided tour; you will crash the", review 9b #6) nor a lone word ("(example…)");
  // where the name leaves room, the whole hint shows.
  const hint = name.locator(".sb-hint");
  await expect(hint).toHaveText(/^\(guided tour(; you will [^…]+)?\)$/);
  expect((await name.boundingBox())!.height, "two lines at most").toBeLessThanOrEqual(48);
  // Read more shows all of it.
  await page.getByRole("button", { name: /^Read more/ }).tap();
  await expect(hint).toHaveText(/^\(guided tour; you will [^…]+\)$/);
});
