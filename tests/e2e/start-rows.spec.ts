// /start's rows hold still and its words agree with its picture (review 14a #2, #5, #8, #10-12,
// #14): at 1280x800 Back and Next screen sit at one height on every screen with the arrow-key
// hint inside the window; the last screen's fault never starts with the clock's word "Pause";
// the clock and the newest line of what just happened agree; the lease screen lists the renewal
// its words ask the learner to watch and never says "no leader yet" after a leader; the first
// paint already shows the screen's heading.
import type { Page } from "@playwright/test";
import { test, expect } from "./fixtures";

test.use({ viewport: { width: 1280, height: 800 } });

/** The screen's row of Back and Next, and the hint under it, once the screen has slid in. */
async function rowAndHint(page: Page) {
  await expect(page.locator(".gr-screen-nav .first-steps-nav")).toBeVisible({ timeout: 30_000 });
  await page.waitForFunction(
    () =>
      !document
        .querySelector(".first-step")
        ?.getAnimations()
        .some((a) => a.playState === "running"),
  );
  return page.evaluate(() => {
    const nav = document.querySelector(".gr-screen-nav .first-steps-nav")!.getBoundingClientRect();
    const hint = document.querySelector(".first-steps-hint")!.getBoundingClientRect();
    return { row: Math.round(nav.top), hintBottom: hint.bottom, hintTop: hint.top };
  });
}

test("/start at 1280x800: Back and Next screen at one height on every screen, the arrow-key hint in view", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const rows: number[] = [];
  for (let s = 1; s <= 9; s++) {
    await page.goto(`/start?screen=${s}`);
    // Measured with the live run drawn (its words and its fault's line are there), as a learner sees it.
    await expect(page.getByRole("group", { name: /^Cluster view/ })).toBeVisible({ timeout: 60_000 });
    const m = await rowAndHint(page);
    rows.push(m.row);
    expect(m.hintBottom, `screen ${s}: the arrow-key hint's bottom`).toBeLessThanOrEqual(800);
    expect(m.hintTop, `screen ${s}: the hint below the row`).toBeGreaterThan(m.row);
  }
  expect(Math.max(...rows) - Math.min(...rows), `the row's tops: ${rows.join(", ")}`).toBeLessThanOrEqual(1);
  // The last screen's way on to the first lesson, balanced with Back (review 15a #5: a 568 px
  // button, its words left-aligned on two lines with 270 px empty, 55 px tall beside Back's 44):
  // one line, its words centred, as tall as Back.
  const finish = page.getByRole("link", { name: /^Start lesson 1: Why a leader/ });
  const m = await finish.evaluate((a) => {
    const r = document.createRange();
    r.selectNodeContents(a);
    const rects = [...r.getClientRects()];
    const words = r.getBoundingClientRect();
    const box = a.getBoundingClientRect();
    const back = [...document.querySelectorAll(".first-steps-nav button")]
      .find((b) => b.textContent?.includes("Back"))!
      .getBoundingClientRect();
    return {
      lines: new Set(rects.map((x) => Math.round(x.top))).size,
      offCentre: Math.abs(words.left + words.width / 2 - (box.left + box.width / 2)),
      empty: box.width - words.width,
      height: box.height,
      backHeight: back.height,
      backTop: back.top,
      top: box.top,
    };
  });
  expect(m.lines, "one line").toBe(1);
  expect(m.offCentre, "its words centred").toBeLessThanOrEqual(4);
  expect(m.empty, "no wide empty part").toBeLessThan(80);
  expect(Math.abs(m.height - m.backHeight), `heights ${m.height} and ${m.backHeight}`).toBeLessThanOrEqual(1);
  expect(Math.abs(m.top - m.backTop), "one row").toBeLessThanOrEqual(1);
});

test("/start, your turn: the fault's button never starts with Pause, the clock's word", async ({ page }) => {
  await page.goto("/start?screen=9");
  const play = page.getByRole("button", { name: "Play", exact: true });
  await expect(play).toBeEnabled({ timeout: 30_000 });
  await play.click();
  const fault = page.getByRole("button", { name: /^GC pause the leader \(n\d\) for 4 s$/ });
  await expect(fault).toBeVisible({ timeout: 30_000 });
  // While the run plays the clock's button reads Pause: it is the only one that starts so.
  await expect(page.getByRole("button", { name: "Pause", exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Pause/ })).toHaveCount(1);
  // The words that send the learner to the fault call it what the button says.
  await expect(page.locator(".first-steps-watch")).toContainText("press GC pause the leader");
});

test("/start, the lease: the renewal is listed, the expired lease is called so, the clock agrees with the log", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto("/start?screen=8");
  const play = page.getByRole("button", { name: "Play", exact: true });
  await expect(play).toBeEnabled({ timeout: 30_000 });
  await play.click();
  const latest = page.getByRole("region", { name: "What just happened" });
  await expect(latest).toContainText(/n1 renews its lease: it now runs out at 8 s/, { timeout: 30_000 });
  const db = page.locator(".sb-store");
  // After n1's lease ran out at 8 s and before another node takes it: the box says what is true.
  await expect(db).toContainText("lease expired · no holder", { timeout: 30_000 });
  await expect(db).not.toContainText("no leader yet");
  await expect(page.getByRole("button", { name: "Play again" })).toBeVisible({ timeout: 60_000 });
  // Stepped to an event: the clock and the newest line read the same time, by one rule.
  await page.getByRole("button", { name: "Play again" }).click();
  await page.getByRole("button", { name: "Pause", exact: true }).click();
  const next = page.getByRole("button", { name: "Next event", exact: true });
  for (let i = 0; i < 2; i++) {
    await expect(next).toBeEnabled();
    const before = await latest
      .locator("li")
      .first()
      .innerText()
      .catch(() => "");
    await next.click();
    await expect(latest.locator("li").first()).not.toHaveText(before, { timeout: 30_000 });
  }
  const clock = (await page.locator(".gr-clock").innerText()).split(" of ")[0];
  const newest = await latest.locator("li .gr-t").first().innerText();
  expect(newest, "the newest line's time against the clock").toBe(clock);
});

test("/start's first paint already has the screen's heading and its still picture", async ({ page }) => {
  await page.addInitScript(() => {
    // The first frame that paints anything of the page: what it holds.
    const w = window as unknown as { firstSeen: string | null };
    w.firstSeen = null;
    const look = () => {
      if (document.querySelector("header")) {
        w.firstSeen = `${document.querySelector("h1")?.textContent ?? ""}|${document.querySelector(".gr-still, svg.sb-cluster") ? "picture" : ""}`;
        return;
      }
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
  await page.goto("/start");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("One leader");
  const seen = await page.evaluate(() => (window as unknown as { firstSeen: string | null }).firstSeen);
  expect(seen, "the first frame with the page's header").toBe("One leader|picture");
});
