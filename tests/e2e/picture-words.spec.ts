// The picture speaks one vocabulary and stays on the first screen (issue 33, walk 2 items 3, 4,
// 5, 7 and 13, and walk 1's "below 761 px the network tools push the picture down"):
//   - etcd: the leader's number is its token; a waiting node says whom it queues behind (no
//     second number), the store names the holder's token, only the leader has lease rings, and
//     the legend words every ring;
//   - the resource reads "fencing on" at every width; a desktop says "Click a node";
//   - on a phone, "Show me in the sandbox" shows the cue and the whole picture on the first
//     screen, and opening the network tools leaves the picture where it was.
import { test, expect } from "./fixtures";
import type { Page } from "@playwright/test";

const cluster = (page: Page) => page.getByRole("group", { name: /^Cluster view/ });
const simTime = (page: Page) => page.getByRole("status", { name: "Simulated time" });

async function open(page: Page, url: string, shown: RegExp) {
  await page.goto(url);
  await expect(simTime(page)).toHaveText(shown, { timeout: 60_000 });
  await expect(cluster(page).getByRole("button", { name: /^n1, / })).toBeVisible({ timeout: 60_000 });
}

/** The node's label beside it, as drawn. */
const label = (page: Page, id: string) => cluster(page).locator(`text.sb-node-label[data-node="${id}"]`);

test.describe("at 1280x800", () => {
  test("etcd: one token, the others waiting in line, lease rings on the leader only, each ring in the legend", async ({
    page,
  }) => {
    await open(page, "/sandbox?preset=fencing-diagram&at=9000", /^9\.00 s/);
    await expect(label(page, "n2")).toContainText("token 2");
    await expect(label(page, "n1")).toContainText("waiting behind n3");
    await expect(label(page, "n3")).toContainText("waiting behind n2");
    // No second name or number for it anywhere in the picture.
    await expect(cluster(page).locator("text", { hasText: /\brev\b/ })).toHaveCount(0);
    await expect(cluster(page).locator(".sb-store-line")).toHaveText("leader n2 · token 2");
    await expect(
      cluster(page).getByRole("button", { name: /^n1, follower, waiting behind n3/ }),
    ).toBeVisible();
    // Rings: drawn (a path with a shape) on the leader, none on a follower.
    const arcs = (id: string) =>
      cluster(page)
        .locator(`[data-node="${id}"][role="button"]`)
        .evaluate((g) =>
          [...g.querySelectorAll(".sb-arc-holder, .sb-arc-store")].map((p) => p.getAttribute("d") ?? ""),
        );
    expect((await arcs("n2")).every((d) => d.length > 0)).toBe(true);
    expect((await arcs("n1")).every((d) => d === "")).toBe(true);
    expect((await arcs("n3")).every((d) => d === "")).toBe(true);
    const legend = page.getByRole("list", { name: "Legend" });
    // A few words each beside the picture (review 10b #6); the long form behind "More about these marks".
    await expect(legend).toContainText("inner ring: lease left, as the leader counts");
    await expect(legend).toContainText("outer ring: lease left, as etcd counts");
    await expect(legend.locator(".sb-legend-more")).toContainText(
      "on the leader or on a crashed leader until etcd lets go",
    );
    await expect(legend).toContainText("What is a token?");
    await expect(legend).toContainText("the key's revision (etcd's create revision)");
    // The node panel says the same as the picture.
    await cluster(page).getByRole("button", { name: /^n1, / }).click();
    const panel = page.getByRole("region", { name: /^Actions for n1/ });
    await expect(panel).toContainText("waiting behind n3");
    await expect(panel).not.toContainText(/\brev\b|lease:/);
  });

  test("the resource reads 'fencing on' and the hint says Click, with a mouse", async ({ page }) => {
    await open(page, "/sandbox?preset=fencing-diagram&at=9000", /^9\.00 s/);
    await expect(cluster(page).locator(".sb-resource-line")).toHaveText(/^fencing on · max token 2$/);
    await expect(page.getByText("Click a node to act on it.")).toBeVisible();
    await expect(page.getByText("Tap a node to act on it.")).toHaveCount(0);
  });
});

test.describe("@phone at 375x812", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("@phone the resource reads 'fencing on' as on a desktop, and in a lesson embed", async ({ page }) => {
    await open(page, "/sandbox?preset=fencing-diagram&at=9000", /^9\.00 s/);
    await expect(cluster(page).locator(".sb-resource-line")).toHaveText(/^fencing on · max token 2$/);
  });

  test("@phone 'Show me in the sandbox' shows the cue and the whole picture on the first screen", async ({
    page,
  }) => {
    await open(page, "/sandbox?preset=billing-crash&at=15000&quiz=pr-billing-crash", /^15\.00 s/);
    const cue = page.getByRole("complementary", { name: "From your quiz" });
    await expect(cue).toBeVisible();
    // The picture's last node on screen, and the cue not scrolled off the top.
    await expect
      .poll(async () => cluster(page).evaluate((el) => el.getBoundingClientRect().bottom), {
        timeout: 30_000,
      })
      .toBeLessThanOrEqual(812);
    expect(await cue.evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThanOrEqual(0);
  });

  test("@phone opening the network tools leaves the picture where it was", async ({ page }) => {
    await open(page, "/sandbox?preset=zk-recipe&at=20000", /^20\.00 s/);
    const top = () =>
      cluster(page).evaluate((el) => Math.round(el.getBoundingClientRect().top + window.scrollY));
    const before = await top();
    await page.getByRole("button", { name: "Network tools" }).tap();
    await expect(page.getByRole("button", { name: "Cut one way" })).toBeVisible();
    expect(await top()).toBe(before);
    // The tools sit under the picture.
    const pictureBottom = await cluster(page).evaluate(
      (el) => el.getBoundingClientRect().bottom + window.scrollY,
    );
    const toolsTop = await page
      .getByRole("button", { name: "Cut one way" })
      .evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
    expect(toolsTop).toBeGreaterThan(pictureBottom);
  });
});
