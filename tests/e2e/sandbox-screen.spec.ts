// One screen: mid-failover, the cluster, the marked event with the newest narration, the key
// metrics and the resource's last writes all sit inside the viewport together, at 1280x800 and
// on a 375x812 phone (under its sticky time bar). Measured by bounding boxes, found by role.
import AxeBuilder from "@axe-core/playwright";
import { test, expect } from "./fixtures";
import type { Locator, Page } from "@playwright/test";

test.describe.configure({ timeout: 90_000 });

const cluster = (page: Page) => page.getByRole("group", { name: /^Cluster view/ });
const latest = (page: Page) => page.getByRole("region", { name: "Latest events" });
const metrics = (page: Page) => page.getByRole("region", { name: "Key metrics" });
const lastWrites = (page: Page) => page.getByRole("region", { name: "Last writes at the resource" });
const timeBar = (page: Page) => page.getByRole("group", { name: "Time controls", exact: true });
const simTime = (page: Page) => page.getByRole("status", { name: "Simulated time" });

/** Mid-failover moments: the leader is gone (or frozen) and the next one is on its way or new. */
const MOMENTS = [
  { protocol: "raft", preset: "raft-basic", at: 2_300 },
  { protocol: "etcd", preset: "fencing-diagram", at: 26_000 },
  { protocol: "kubernetes", preset: "k8s-defaults", at: 45_000 },
  { protocol: "zab", preset: "zab-failover", at: 12_000 },
  { protocol: "zookeeper", preset: "zk-herd-leader", at: 14_000 },
];

async function open(page: Page, preset: string, at: number) {
  await page.goto(`/sandbox?preset=${preset}&at=${at}`);
  // The first frame waits on the worker starting and running to `at` (slow on a busy machine).
  await expect(simTime(page)).toHaveText(new RegExp(`^${(at / 1000).toFixed(2).replace(".", "\\.")} s`), {
    timeout: 40_000,
  });
  await expect(
    cluster(page)
      .getByRole("button", { name: /^n\d+, / })
      .first(),
  ).toBeVisible();
}

async function expectInViewport(page: Page, parts: Record<string, Locator>) {
  const vp = page.viewportSize()!;
  for (const [name, loc] of Object.entries(parts)) {
    const box = await loc.boundingBox();
    expect(box, `${name} is drawn`).not.toBeNull();
    const b = box!;
    expect(b.y, `${name} top is on screen`).toBeGreaterThanOrEqual(0);
    expect(b.x, `${name} left is on screen`).toBeGreaterThanOrEqual(0);
    expect(b.y + b.height, `${name} bottom is on screen (viewport ${vp.height})`).toBeLessThanOrEqual(
      vp.height,
    );
    expect(b.x + b.width, `${name} right is on screen`).toBeLessThanOrEqual(vp.width);
  }
}

const onePage = (page: Page) => ({
  cluster: cluster(page),
  "latest narration": latest(page),
  "key metrics": metrics(page),
  "last writes": lastWrites(page),
});

for (const m of MOMENTS) {
  test(`at 1280x800 one screen holds the cluster, the latest events, the metrics and the last writes (${m.protocol}, mid-failover)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await open(page, m.preset, m.at);
    await expect(latest(page).getByRole("listitem").first()).toBeVisible();
    await expectInViewport(page, onePage(page));
  });

  test(`@phone at 375x812 the cluster and what is happening fit under the sticky time bar (${m.protocol}, mid-failover)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await open(page, m.preset, m.at);
    // A learner scrolls to the cluster; the time bar stays at the top while they do.
    await cluster(page).evaluate((el) => el.closest(".sb-stage")?.scrollIntoView({ block: "start" }));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    // On a phone the cause and its effect share the screen: the picture (with its link tools)
    // and the newest narration under the time bar; metrics and writes follow just below.
    await expectInViewport(page, {
      "time bar": timeBar(page),
      cluster: cluster(page),
      "latest narration": latest(page).getByRole("listitem").first(),
    });
    const bar = (await timeBar(page).boundingBox())!;
    const top = (await cluster(page).boundingBox())!;
    expect(top.y, "the time bar does not cover the cluster").toBeGreaterThanOrEqual(bar.y + bar.height - 1);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, "no sideways scrolling at 375 px").toBeLessThanOrEqual(0);
  });
}

/** Where a link's mark is drawn (its data-mark point), in page coordinates. */
async function markOf(link: Locator): Promise<{ x: number; y: number }> {
  return link.evaluate((g) => {
    const svg = (g as SVGGElement).ownerSVGElement as SVGSVGElement;
    // The mark's point (a link bent around a box has it on a bend, not at its first corner).
    const [x, y] = (g.getAttribute("data-mark") ?? "").split(",");
    const m = svg.getScreenCTM() as DOMMatrix;
    return { x: m.a * Number(x) + m.c * Number(y) + m.e, y: m.b * Number(x) + m.d * Number(y) + m.f };
  });
}

for (const m of [MOMENTS[0], MOMENTS[1]]) {
  test(`@phone at 375 px a tap on a link's mark cuts that link and no other (${m.protocol})`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await open(page, m.preset, m.at);
    await cluster(page).evaluate((el) => el.closest(".sb-stage")?.scrollIntoView({ block: "center" }));
    const links = cluster(page).getByRole("button", { name: /^Link / });
    const count = await links.count();
    expect(count).toBeGreaterThan(4);
    for (let i = 0; i < count; i++) {
      const link = links.nth(i);
      await expect(link).toHaveAccessibleName(/: working$/);
      const p = await markOf(link);
      await page.touchscreen.tap(p.x, p.y);
      await expect(link).toHaveAccessibleName(/: cut both ways$/);
      // Only this one: every link tapped so far is cut, the rest still work.
      await expect(cluster(page).getByRole("button", { name: /^Link .*: cut both ways$/ })).toHaveCount(
        i + 1,
      );
    }
  });
}

test("two leaders and a crashed lane differ on the timeline by pattern, colour and a word", async ({
  page,
}) => {
  const timeline = page.getByRole("slider", { name: /^Timeline/ });
  const legend = page.getByRole("list", { name: "Timeline key" });
  // etcd's paused leader comes back believing it leads while the next one does: split brain.
  await open(page, "fencing-diagram", 26_000);
  // One hatched span on each lane of a node that believed it led: the two leaders.
  await expect(timeline.locator(".sb-tl-span.overlap")).toHaveCount(2);
  await expect(timeline.getByText("two leaders", { exact: true })).toBeVisible();
  // One name for the hazard (review 6b #5); the legend names the lessons' word once.
  await expect(legend).toContainText("“two leaders”");
  await expect(legend).toContainText("the lessons call it split brain");
  await expect(legend).toContainText("crashed");
  const split = await timeline.evaluate((svg) => ({
    fill: (svg.querySelector(".sb-tl-span.overlap") as SVGElement).style.fill,
    colour: getComputedStyle(svg.querySelector(".sb-tl-split-stripe") as Element).fill,
  }));
  // ZooKeeper's leader crashes at 10 s: its lane is crossed and says so.
  await open(page, "zk-herd-leader", 14_000);
  await expect(timeline.locator(".sb-tl-seg.role-crashed")).toHaveCount(1);
  await expect(timeline.getByText("crashed", { exact: true })).toBeVisible();
  const crashed = await timeline.evaluate((svg) => ({
    fill: (svg.querySelector(".sb-tl-seg.role-crashed") as SVGElement).style.fill,
    colour: getComputedStyle(svg.querySelector(".sb-tl-crashed-bg") as Element).fill,
  }));
  expect(split.fill).toMatch(/^url\(.*-split"?\)$/);
  expect(crashed.fill).toMatch(/^url\(.*-crashed"?\)$/);
  expect(split.colour).not.toBe(crashed.colour);
});

test("a refused write stays marked after later accepted writes, until the next event that matters", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await open(page, "fencing-diagram", 26_000);
  const mark = latest(page).getByTestId("marked-event");
  await expect(mark).toContainText("Write refused");
  await expect(mark).toContainText(/refused n\d's write/);
  // Two more seconds: the new leader writes (accepted) twice; the refusal is still the mark.
  await page.getByRole("button", { name: "More time controls" }).click();
  await page.getByRole("button", { name: /^Forward 1 s/ }).click();
  await page.getByRole("button", { name: /^Forward 1 s/ }).click();
  await expect(simTime(page)).toHaveText(/^28\.00 s/);
  await expect(lastWrites(page).getByRole("row").nth(1)).toContainText("accepted");
  await expect(mark).toContainText("Write refused");
  // Last writes keeps the refused write listed under the newer accepted ones.
  await expect(
    lastWrites(page)
      .getByRole("row")
      .filter({ hasText: /refused: \d+ < \d+/ })
      .first(),
  ).toBeVisible();
  await expect(
    cluster(page).getByRole("img", { name: /^Resource.*; latest marked: n\d.*refused/ }),
  ).toBeVisible();
});

test("Next event goes to the next event that matters; Smallest step stays available by name and key", async ({
  page,
}) => {
  // raft-basic at 1 s: a leader heartbeats every 20 ms and writes once a second; the run's
  // planned crash strikes at 2 s.
  await open(page, "raft-basic", 1_000);
  await page.getByRole("button", { name: "More time controls" }).click();
  await expect(
    page.getByText(/Next event runs to the next thing worth seeing; Smallest step runs exactly one event/),
  ).toBeVisible();
  await page.getByRole("button", { name: /^Smallest step/ }).click();
  await expect(simTime(page)).toHaveText(/^1\.02 s/); // one heartbeat arriving
  await page.locator("body").press(".");
  // Past the heartbeats and the leader's routine write at 1.18 s (the same leader, the same token:
  // nothing on screen changes), to the planned crash (review 17a #4).
  await expect(simTime(page)).toHaveText(/^2\.00 s/);
  await page.getByRole("button", { name: /^Next event \./ }).click();
  await expect(simTime(page)).not.toHaveText(/^2\.00 s/);
  // In a split vote the later terms are narrated too, not only the first timeouts.
  await open(page, "raft-split-vote", 2_900);
  await page.getByRole("tab", { name: "What happened" }).click();
  await expect(page.getByRole("region", { name: "What happened" })).toContainText(
    /timed out again, as nobody won term \d+, and started elections for term \d+/,
  );
});

test("the timeline is a slider the keyboard can move", async ({ page }) => {
  await open(page, "raft-basic", 2_000);
  const tl = page.getByRole("slider", { name: /^Timeline/ });
  await tl.focus();
  await page.keyboard.press("ArrowRight");
  await expect(simTime(page)).toHaveText(/^2\.10 s/);
  await page.keyboard.press("PageDown");
  await expect(simTime(page)).toHaveText(/^1\.10 s/);
  await page.keyboard.press("Home");
  await expect(simTime(page)).toHaveText(/^0\.00 s/);
});

test("a guided tours list is on the sandbox page and starts a tour, with the tour and the picture in view", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/sandbox");
  await page.getByRole("button", { name: "Other tours" }).click();
  const list = page.getByRole("region", { name: "Guided tours" });
  await expect(list).toBeInViewport();
  await expect(list.getByRole("listitem")).toHaveCount(9);
  await list.getByRole("button", { name: /^Start tour: The billing job/ }).click();
  await expect(page.getByText(/Guided tour · step 1 of/)).toBeVisible();
  // The list sits under the picture; starting a tour brings the tour panel and the picture back.
  await expect(page.getByText(/Guided tour · step 1 of/)).toBeInViewport();
  await expect(cluster(page)).toBeInViewport();
});

for (const width of [1280, 375]) {
  test(`${width === 375 ? "@phone " : ""}axe with every WCAG 2.0, 2.1 and 2.2 A and AA rule finds nothing on /sandbox at ${width} px`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    await open(page, "fencing-diagram", 26_000);
    const results = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
      .analyze();
    expect(
      results.violations.map(
        (v) =>
          `${v.id} (${v.impact}): ${v.nodes
            .slice(0, 3)
            .map((n) => n.target.join(" "))
            .join(", ")}`,
      ),
    ).toEqual([]);
  });
}
