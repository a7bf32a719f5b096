// /start tells each moment at its own time, stepped or played (review 17a): on the lease screen,
// Next event said "4 s n1 renews its lease" beside n1 crashed at 4 s (a renewal made at 2 s) and
// "14 s n2 renews … 18.7 s" (4.7 s for a 6 s lease; #1); on the heartbeat screen the newest line
// at the end was the first heartbeat, from 1.1 s, as if only one was ever sent (#8).
import type { Page } from "@playwright/test";
import { test, expect } from "./fixtures";

const latest = (page: Page) => page.getByRole("region", { name: "What just happened" });
const secs = (s: string) => Number(s.replace(/\s*s$/, ""));

test("/start, the lease: stepped with Next event, every renewal line's two times are a renewal the run made", async ({
  page,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/start?screen=8");
  await expect(page.getByRole("group", { name: /^Cluster view/ })).toBeVisible({ timeout: 60_000 });
  const next = page.getByRole("button", { name: "Next event", exact: true });
  const told = new Map<string, string>();
  for (let i = 0; i < 30 && (await next.isEnabled()); i++) {
    const before = (await latest(page).locator("li").allInnerTexts()).join("|");
    await next.click();
    await expect
      .poll(
        async () =>
          (await latest(page).locator("li").allInnerTexts()).join("|") !== before ||
          !(await next.isEnabled()),
        {
          timeout: 30_000,
        },
      )
      .toBe(true);
    for (const li of await latest(page).locator("li").all()) {
      const t = await li.locator(".gr-t").innerText();
      const text = (await li.innerText()).slice(t.length).trim();
      told.set(`${t}|${text}`, t);
    }
  }
  const lines = [...told.keys()].map((k) => {
    const [t, text] = k.split("|");
    return { t: secs(t), text };
  });
  // The run's own events, as its log tells them: n1's crash.
  const crash = lines.find((l) => /^n1 \(the leader\) crashed/.test(l.text));
  expect(crash, lines.map((l) => `${l.t} ${l.text}`).join("\n")).toBeTruthy();
  const renewals = lines
    .map((l) => ({ t: l.t, m: /^(n\d) renews its lease: it now runs out at ([\d.]+) s$/.exec(l.text) }))
    .filter((r) => r.m);
  expect(renewals.map((r) => r.m![1])).toEqual(["n1", "n2"]);
  for (const r of renewals) {
    // The lease is 6 s (the screen's words, and the run's setting): each renewal sets its end 6 s on.
    expect(Math.round((secs(r.m![2]) - r.t) * 10) / 10, `${r.t} s ${r.m![0]}`).toBe(6);
  }
  // n1 renewed while it was up, before its crash, never at it.
  expect(renewals[0].t).toBeLessThan(crash!.t);
  // Stepped as played: the first renewal of each holder, the one Play lists.
  expect(renewals.map((r) => r.t)).toEqual([2, 10.7]);
});

test("/start, heartbeats: at the end the newest line is the latest heartbeat, and says how often they go", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/start?screen=2");
  const play = page.getByRole("button", { name: "Play", exact: true });
  await expect(play).toBeEnabled({ timeout: 30_000 });
  await play.click();
  await expect(page.getByRole("button", { name: "Play again" })).toBeVisible({ timeout: 60_000 });
  const first = latest(page).locator("li").first();
  await expect(first).toContainText(/sends .+ a heartbeat every 0\.1 s/);
  const t = secs(await first.locator(".gr-t").innerText());
  const end = secs((await page.locator(".gr-clock").innerText()).split(" of ")[1]);
  expect(end - t, "the newest heartbeat against the run's end").toBeLessThanOrEqual(0.2);
});
