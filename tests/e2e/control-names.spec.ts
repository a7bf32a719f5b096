// One name per run control on every page and at every width (reviews 10a #5 and 10b #3): the
// playback button says Play, then Pause (never "Freeze time" on a desktop and "Freeze" on a phone,
// which read as a third name for the GC pause), the time step says Next event (never "Step" on
// /start), and the rarer controls open from "More ▾". Waits are on what the page shows.
import { test, expect } from "./fixtures";
import type { Locator, Page } from "@playwright/test";
import { embedOf } from "./sandbox-helpers";

test.describe.configure({ timeout: 120_000 });

/** The words a sighted learner reads on the button: not its key chip, not its read-only words. */
const shown = (button: Locator) =>
  button.evaluate((el) => {
    const copy = el.cloneNode(true) as HTMLElement;
    copy.querySelectorAll("kbd, .visually-hidden").forEach((k) => k.remove());
    return (copy.textContent ?? "").replace(/\s+/g, " ").trim();
  });

async function playThenPause(scope: Locator | Page) {
  const play = scope.getByRole("button", { name: /^Play( K)?$/ }).first();
  await expect(play).toBeEnabled({ timeout: 60_000 });
  expect(await shown(play)).toMatch(/^▶? ?Play$/);
  await play.click();
  const hold = scope.getByRole("button", { name: /^Pause( K)?$/ }).first();
  await expect(hold).toBeVisible({ timeout: 30_000 });
  expect(await shown(hold)).toMatch(/^■? ?Pause$/);
  const step = scope.getByRole("button", { name: /^Next event( \.)?$/ }).first();
  await expect(step).toBeVisible();
  expect(await shown(step)).toBe("Next event");
  await expect(scope.getByRole("button", { name: /Freeze|^Step/ })).toHaveCount(0);
}

for (const tag of ["", "@phone "]) {
  test(`${tag}the sandbox's run controls: Play, Pause, Next event, More ▾`, async ({ page }) => {
    await page.goto("/sandbox");
    const bar = page.getByRole("group", { name: "Time controls" });
    await playThenPause(bar);
    const more = bar.getByRole("button", { name: "More time controls" });
    expect(await shown(more)).toBe("More ▾");
  });

  test(`${tag}/start and a lesson's run say the same: Play, Pause, Next event`, async ({ page }) => {
    await page.goto("/start");
    await expect(page.getByRole("group", { name: /^Cluster view/ })).toBeVisible({ timeout: 60_000 });
    await playThenPause(page.getByRole("group", { name: "Run" }));
    const embed = await embedOf(page, "fencing-tokens", "fencing-diagram");
    await playThenPause(embed);
  });
}
