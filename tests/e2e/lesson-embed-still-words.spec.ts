// Review 15a #15: a lesson's embed first showed bare circles (no role, no number) beside a
// "Loading…" Play for about 1.5 s, then the labels popped in and Play changed its word. With the
// simulator's worker held back, the still picture must carry the words of the first live frame
// (each node's role and number, the store's line) and Play must already read "Play", greyed; once
// the run is live the same words stand.
import type { Locator } from "@playwright/test";
import { test, expect } from "./fixtures";

const CASES = [
  { lesson: "why-a-leader", preset: "start-crash" }, // lesson 1's first embed (a newcomer's)
  { lesson: "leases-on-a-store", preset: "billing-crash" }, // a store (etcd) and its line
  { lesson: "zab", preset: "zab-histories" }, // numbers other than 0 at the start
];

/** Each node's label lines and the store's line, as the picture draws them. */
async function words(embed: Locator, still: boolean): Promise<string[]> {
  return embed.evaluate((el, s) => {
    const clean = (t: string | null) => (t ?? "").replace(/\s+/g, " ").trim();
    if (s) {
      const labels = [...el.querySelectorAll(".gr-still text.gr-still-label")].map((t) =>
        [...t.querySelectorAll("tspan")].map((sp) => clean(sp.textContent)).join(" | "),
      );
      const store = [...el.querySelectorAll(".gr-still .gr-still-store ~ text.gr-still-sub")].map((t) =>
        clean(t.textContent),
      );
      return [...labels, ...store];
    }
    const labels = [...el.querySelectorAll("text.sb-node-label")].map((t) =>
      [...t.querySelectorAll("tspan")]
        .map((sp) => clean(sp.textContent))
        .filter(Boolean)
        .join(" | "),
    );
    const store = [...el.querySelectorAll(".sb-store-line")].map((t) => clean(t.textContent));
    return [...labels, ...store];
  }, still);
}

for (const { lesson, preset } of CASES) {
  test(`${lesson}: the embed's still picture already has the first frame's words, and Play reads Play`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route(/\/assets\/sim\.worker-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/learn/${lesson}`);
    const embed = page.locator(`section.sandbox-embed[data-preset="${preset}"]`).first();
    await embed.scrollIntoViewIfNeeded();
    await expect(embed.locator(".gr-still svg")).toBeVisible({ timeout: 30_000 });
    const play = embed.getByRole("button", { name: "Play", exact: true });
    await expect(play).toBeDisabled();
    await expect(embed.getByRole("button", { name: /Loading/ })).toHaveCount(0);
    const before = await words(embed, true);
    expect(before.length, "the still's nodes carry labels").toBeGreaterThan(0);
    release();
    await expect(play).toBeEnabled({ timeout: 30_000 });
    await expect(embed.locator(".gr-still svg")).toHaveCount(0);
    expect(await words(embed, false), "the live picture's first words").toEqual(before);
  });
}
