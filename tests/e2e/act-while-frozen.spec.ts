// Acting while time is frozen (review 9b #1, #12): a node's action shows at once, in the picture
// and in Latest, with the clock where it was and no Play; on a phone the node's sheet stays open
// after the action and through Play; it does not repeat Latest, and its top edge cuts no line of
// text in the page under it (review 15b #12: a repeated "New leader" card, the real one cut
// mid-word behind it).
import { test, expect } from "./fixtures";
import type { Page } from "@playwright/test";

test.describe.configure({ timeout: 90_000 });

const cluster = (page: Page) => page.getByRole("group", { name: /^Cluster view/ });
const simTime = (page: Page) => page.getByRole("status", { name: "Simulated time" });

async function frozenLeader(page: Page): Promise<string> {
  await page.goto("/sandbox?preset=billing-crash&at=5000");
  await expect(simTime(page)).toHaveText(/^5\.00 s/, { timeout: 40_000 });
  const leader = cluster(page).getByRole("button", { name: /^n\d+, leader/ });
  await expect(leader).toBeVisible();
  await expect(page.getByRole("button", { name: /^Play/ })).toBeVisible();
  return ((await leader.getAttribute("aria-label")) ?? "").split(",")[0];
}

test("a crash while time is frozen shows in the picture and in Latest at once, the clock unmoved", async ({
  page,
}) => {
  const id = await frozenLeader(page);
  await cluster(page)
    .getByRole("button", { name: new RegExp(`^${id}, `) })
    .click();
  await page
    .getByRole("region", { name: `Actions for ${id}` })
    .getByRole("button", { name: /^Crash/ })
    .click();
  await expect(cluster(page).getByRole("button", { name: new RegExp(`^${id}, crashed`) })).toBeVisible();
  await expect(page.getByTestId("marked-event")).toContainText(`${id} crashed`);
  await expect(simTime(page)).toHaveText(/^5\.00 s/);
  await expect(page.getByRole("button", { name: /^Play/ })).toBeVisible();
});

test("@phone the node's sheet stays open after an action and through Play, the act shown at once", async ({
  page,
}) => {
  const id = await frozenLeader(page);
  await cluster(page)
    .getByRole("button", { name: new RegExp(`^${id}, `) })
    .tap();
  const sheet = page.getByRole("dialog", { name: `Actions for ${id}` });
  await expect(sheet).toBeInViewport();
  await sheet.getByRole("button", { name: /^GC pause/ }).tap();
  // The picture above the sheet and the sheet's state both show the act; time has not moved.
  await expect(cluster(page).getByRole("button", { name: new RegExp(`^${id}, paused`) })).toBeVisible();
  await expect(sheet.locator(".sb-node-state")).toContainText("paused");
  await expect(page.getByTestId("marked-event")).toContainText(`${id} paused`);
  await expect(sheet.locator(".sb-mark")).toHaveCount(0);
  await expect.poll(() => linesCutBy(page), { timeout: 10_000 }).toEqual([]);
  await expect(simTime(page)).toHaveText(/^5\.00 s/);
  await expect(sheet).toBeInViewport();
  // Play, and the sheet is still there, its next action (Crash) one tap away.
  await page.getByRole("button", { name: /^Play/ }).tap();
  await expect(page.getByRole("button", { name: /^Pause( K)?$/ })).toBeVisible();
  await expect(sheet).toBeInViewport();
  await sheet.getByRole("button", { name: /^Crash/ }).tap();
  await expect(cluster(page).getByRole("button", { name: new RegExp(`^${id}, crashed`) })).toBeVisible();
  await expect(sheet.locator(".sb-node-state")).toContainText("crashed");
  await expect.poll(() => linesCutBy(page), { timeout: 10_000 }).toEqual([]);
});

/** The lines of text and controls outside the sheet that its top edge cuts through. */
function linesCutBy(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const sheet = document.querySelector<HTMLElement>(".sb-node-panel.sb-sheet");
    if (!sheet) return ["no sheet"];
    const edge = sheet.getBoundingClientRect().top;
    const cut: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>("p, li, dt, dd, td, th, button, h2, h3")) {
      if (sheet.contains(el) || el.closest(".sb-timebar, .sb-tour-dock")) continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || (r.height > 96 && !el.matches("button"))) continue;
      if (r.top < edge - 0.5 && r.bottom > edge + 0.5) cut.push((el.textContent ?? "").trim().slice(0, 40));
    }
    return cut;
  });
}
