// The cluster picture quiet and explained (fresh walks 9a and 9b): a tapped node draws only its
// ring (no link lights up under the finger), the green outline of a node that still believes it
// leads has its words in the legend, and the home page's hero keeps its terms on a phone.
import { test, expect } from "./fixtures";
import type { Page } from "@playwright/test";

test.beforeEach(() => {
  test.setTimeout(120_000);
});

const cluster = (page: Page) => page.getByRole("group", { name: /^Cluster view/ }).first();

test("@phone tapping the leader draws only its selection ring: no link under it thickens or shows a band", async ({
  page,
}) => {
  await page.goto("/sandbox?preset=raft-basic&at=6000");
  const leader = cluster(page).getByRole("button", { name: /^n\d, leader/ });
  await expect(leader).toBeVisible({ timeout: 60_000 });
  await leader.click();
  await expect(leader).toHaveAttribute("aria-pressed", "true");
  // The ring is drawn...
  await expect
    .poll(() => leader.locator(".sb-node-sel").evaluate((c) => getComputedStyle(c).stroke))
    .not.toBe("none");
  // ...and nothing else: every link keeps its thin line and a clear hit band (review 9a #1: a
  // thick grey bar ran from the star down to the resource on a phone).
  const links = await cluster(page)
    .locator("g.sb-linkbtn:not(.state-cut)")
    .evaluateAll((gs) =>
      gs.map((g) => {
        const hit = getComputedStyle(g.querySelector(".sb-link-hit") as Element);
        const line = getComputedStyle(g.querySelector(".sb-link") as Element);
        return {
          key: g.getAttribute("data-link"),
          band:
            hit.stroke === "transparent" || hit.stroke === "rgba(0, 0, 0, 0)" || hit.strokeOpacity === "0",
          width: parseFloat(line.strokeWidth),
        };
      }),
    );
  expect(links.length).toBeGreaterThan(0);
  for (const l of links) {
    expect(l.band, `${l.key}: no band`).toBe(true);
    expect(l.width, `${l.key}: thin line`).toBeLessThanOrEqual(1.5);
  }
});

test("a paused node that still believes it leads: its green outline is named in the legend, in words", async ({
  page,
}) => {
  await page.goto("/sandbox?preset=fencing-diagram&at=5000");
  const legend = page.getByRole("list", { name: "Legend" });
  await expect(legend).toContainText("follower", { timeout: 60_000 });
  await expect(legend).not.toContainText("still believes it leads");
  await page.goto("/sandbox?preset=fencing-diagram&at=15000");
  const paused = cluster(page).getByRole("button", { name: /^n2, paused/ });
  await expect(paused).toHaveAttribute("aria-label", /still believes it leads/, { timeout: 60_000 });
  await expect(paused).toHaveClass(/believer/);
  await expect(page.getByRole("list", { name: "Legend" })).toContainText(
    "green outline: not leading, but it still believes it leads",
  );
});

test("@phone the home page's picture shows each node's term at a readable size, as its caption speaks of a higher term", async ({
  page,
}) => {
  await page.goto("/");
  const pic = page.locator("figure.home-pic");
  await expect(pic).toContainText("in a higher term");
  const subs = pic.locator("text.home-pic-sub");
  await expect(subs).toHaveCount(3);
  for (const sub of await subs.all()) {
    await expect(sub).toBeVisible();
    await expect(sub).toHaveText("term 2");
    // Drawn at 11 px or more on the screen (the drawing is scaled down on a phone).
    const h = await sub.evaluate((t) => t.getBoundingClientRect().height);
    expect(h).toBeGreaterThanOrEqual(11);
  }
});
