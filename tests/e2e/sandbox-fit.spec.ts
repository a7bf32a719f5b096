// The sandbox picture's place and room: its top does not move with the length of the run's
// title or description above it, and a 25-node run fits inside it with no two labels
// overlapping. Measured by bounding boxes, found by role.
import { test, expect, expectNoSeriousAxeViolations } from "./fixtures";
import type { Locator, Page } from "@playwright/test";
import { encodeRun } from "../../src/links/share-link";

test.describe.configure({ timeout: 90_000 });

const cluster = (page: Page) => page.getByRole("group", { name: /^Cluster view/ });
const simTime = (page: Page) => page.getByRole("status", { name: "Simulated time" });

async function openPreset(page: Page, preset: string, at: number) {
  await page.goto(`/sandbox?preset=${preset}&at=${at}`);
  await expect(simTime(page)).toHaveText(new RegExp(`^${(at / 1000).toFixed(2).replace(".", "\\.")} s`), {
    timeout: 40_000,
  });
  await expect(
    cluster(page)
      .getByRole("button", { name: /^n\d+, / })
      .first(),
  ).toBeVisible();
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
  for (const [preset, y] of Object.entries(tops))
    expect(
      Math.abs(y - first),
      `${preset}'s picture starts at ${y} px, raft-basic's at ${first} px (all ${JSON.stringify(tops)})`,
    ).toBeLessThanOrEqual(1);
}

test("at 1280x800 the picture's top is the same for short and long run titles and descriptions", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  expectSameTop(await clusterTops(page));
});

test("@phone at 375x812 the picture's top is the same for short and long run titles and descriptions", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  expectSameTop(await clusterTops(page));
});

test("a title or description cut short offers Read more, which shows every word; a short one offers nothing", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openPreset(page, "raft-basic", 1_000);
  await expect(page.getByRole("button", { name: "Read more" })).toHaveCount(0);
  await openPreset(page, "k8s-coordinated", 1_000);
  const more = page.getByRole("button", { name: "Read more" });
  // The line starts with what to watch (the planned faults), then the description.
  const line = page.getByText(/Three control-plane components/);
  const cut = () => line.evaluate((el) => el.scrollHeight > el.clientHeight + 1);
  await expect.poll(cut).toBe(true);
  await more.click();
  await expect(page.getByRole("button", { name: "Show less" })).toHaveAttribute("aria-expanded", "true");
  await expect.poll(cut).toBe(false);
});

/** 25 Raft nodes, mid-failover: the leader crashed at 10 s and two candidates stand for term 2
 *  (their labels are the widest), opened from a share link as a learner would get it. The
 *  paper's rules (continuous timers) give this seed its two candidates at that moment. */
async function open25(page: Page) {
  const code = await encodeRun({
    scenario: {
      protocol: "raft",
      nodes: 25,
      seed: 1,
      until: "30s",
      options: { variant: "paper" },
      faults: [{ at: "10s", do: "crash", node: "leader" }],
    },
    at: 10_118,
  });
  await page.goto(`/sandbox?run=${code}`);
  await expect(simTime(page)).toHaveText(/^10\.12 s/, { timeout: 40_000 });
  await expect(cluster(page).getByRole("button", { name: /^n\d+, / })).toHaveCount(25);
  await expect(cluster(page).getByRole("button", { name: /^n\d+, candidate/ })).toHaveCount(2);
}

type Rect = { x: number; y: number; w: number; h: number; name: string };

/** The picture's box, each node's shape and each drawn label, in page pixels. */
async function boxes(page: Page): Promise<{ view: Rect; nodes: Rect[]; labels: Rect[] }> {
  return cluster(page).evaluate((svg) => {
    const r = (el: Element, name: string) => {
      const b = el.getBoundingClientRect();
      return { x: b.x, y: b.y, w: b.width, h: b.height, name };
    };
    return {
      view: r(svg, "view"),
      nodes: [...svg.querySelectorAll("g.sb-node")].map((g) =>
        r(g.querySelector(".sb-node-shape") as Element, g.getAttribute("data-node") ?? ""),
      ),
      labels: [...svg.querySelectorAll("text.sb-node-label")]
        .filter((t) => (t.textContent ?? "").trim() !== "")
        .map((t) => r(t, `${t.getAttribute("data-node")} "${t.textContent}"`)),
    };
  });
}

const inside = (a: Rect, v: Rect) =>
  a.x >= v.x - 0.5 && a.y >= v.y - 0.5 && a.x + a.w <= v.x + v.w + 0.5 && a.y + a.h <= v.y + v.h + 0.5;
const overlap = (a: Rect, b: Rect) =>
  Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x) > 0.5 &&
  Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y) > 0.5;

async function expect25Fit(page: Page) {
  const { view, nodes, labels } = await boxes(page);
  expect(nodes).toHaveLength(25);
  // The two candidates and the crashed leader are always labelled (followers' terms only where there is room).
  expect(labels.length).toBeGreaterThanOrEqual(3);
  for (const n of nodes) expect(inside(n, view), `node ${n.name} inside the cluster view`).toBe(true);
  for (const l of labels) expect(inside(l, view), `label ${l.name} inside the cluster view`).toBe(true);
  for (let i = 0; i < labels.length; i++) {
    for (let j = i + 1; j < labels.length; j++)
      expect(overlap(labels[i], labels[j]), `labels ${labels[i].name} and ${labels[j].name} overlap`).toBe(
        false,
      );
    for (const n of nodes)
      expect(overlap(labels[i], n), `label ${labels[i].name} covers node ${n.name}`).toBe(false);
  }
}

async function expectOnScreen(page: Page, parts: Record<string, Locator>) {
  const vp = page.viewportSize()!;
  for (const [name, loc] of Object.entries(parts)) {
    const b = (await loc.boundingBox())!;
    expect(b, `${name} is drawn`).not.toBeNull();
    expect(b.y, `${name} top is on screen`).toBeGreaterThanOrEqual(0);
    expect(b.y + b.height, `${name} bottom is on screen`).toBeLessThanOrEqual(vp.height);
    expect(b.x + b.width, `${name} right is on screen`).toBeLessThanOrEqual(vp.width);
  }
}

test("at 1280x800, 25 nodes and their labels fit inside the picture, no two labels overlap, and the picture, the latest events and the metrics share the screen", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await open25(page);
  await expect25Fit(page);
  await expectOnScreen(page, {
    cluster: cluster(page),
    "latest narration": page.getByRole("region", { name: "Latest events" }),
    "key metrics": page.getByRole("region", { name: "Key metrics" }),
  });
});

test("@phone at 375x812, 25 nodes and their labels fit inside the picture, no two labels overlap, under the time bar", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await open25(page);
  await cluster(page).evaluate((el) => el.closest(".sb-stage")?.scrollIntoView({ block: "start" }));
  await expect25Fit(page);
  const bar = page.getByRole("group", { name: "Time controls", exact: true });
  await expectOnScreen(page, { "time bar": bar, cluster: cluster(page) });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, "no sideways scrolling at 375 px").toBeLessThanOrEqual(0);
});

for (const width of [1280, 375]) {
  test(`${width === 375 ? "@phone " : ""}a ZooKeeper herd with its watches drawn has no serious axe violations at ${width} px`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    await openPreset(page, "zk-herd-leader", 14_000);
    // 19 clients watch the crashed leader's znode until its session expires; its name says so.
    await expect(
      cluster(page).getByRole("button", { name: /^n\d+, crashed.*watched by 19 clients/ }),
    ).toHaveCount(1);
    await expect(cluster(page).locator("path.sb-watch")).toHaveCount(19);
    await expect(page.getByRole("list", { name: "Legend" })).toContainText("watches: dotted arrow");
    await expectNoSeriousAxeViolations(page);
  });
}
