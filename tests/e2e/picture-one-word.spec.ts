// Issue 33, what the engineers who gave etcd and ZooKeeper one word for the token found left:
// Kubernetes' three names for one number, bully's two numbers per leader, the ZooKeeper herd's
// labels that sat away from their nodes, and, on a phone, a guided tour's step pushing the
// picture's foot off the screen and the compare page hiding its "Where they differ" moments.
import { test, expect } from "./fixtures";
import type { Locator, Page } from "@playwright/test";
import { presets, runScenario } from "../../src/engine/index.ts";
import { cluster, simTime, tab } from "./sandbox-helpers";

const nodeLabels = (page: Page) => cluster(page).locator("text.sb-node-label");

test("Kubernetes: nodes, the API server and the resource all say token, never transitions or rev", async ({
  page,
}) => {
  await page.goto("/sandbox?preset=k8s-long-pause&at=20000");
  await expect(simTime(page)).toHaveText(/^20\.00 s/, { timeout: 60_000 });
  const picture = cluster(page);
  await expect(picture.locator(".sb-store-line")).toHaveText(/^leader n\d · token \d+$/);
  await expect(picture.locator(".sb-resource")).toContainText(/token \d+/);
  const words = (await nodeLabels(page).allTextContents()).join(" | ");
  expect(words).toMatch(/token \d+/);
  expect(words).not.toMatch(/transitions|\brev\b/);
  await expect(picture).not.toContainText(/transitions|\brev \d/);
  // The legend names the real field once.
  await expect(page.getByRole("list", { name: "Legend" })).toContainText(
    "the Lease's leaseTransitions (Kubernetes' name)",
  );
});

test("bully: a leader shows one number, its epoch; the legend says how its token follows", async ({
  page,
}) => {
  await page.goto("/sandbox?preset=bully-basic&at=1900");
  await expect(simTime(page)).toHaveText(/^1\.90 s/, { timeout: 60_000 });
  const leader = nodeLabels(page).filter({ hasText: /^leader/ });
  await expect(leader).toHaveCount(1);
  await expect(leader).toContainText(/epoch \d+/);
  await expect(leader).not.toContainText("token");
  await expect(page.getByRole("list", { name: "Legend" })).toContainText(
    "the token is epoch × 100 + the node's number",
  );
});

/** For each shown label of a big cluster: how far its box sits from its node's edge, and whether
 *  a leader line runs from that node's edge to the box. */
async function labelBelonging(picture: Locator) {
  return picture.evaluate((svg) => {
    const nodes = [...svg.querySelectorAll<SVGGElement>('g.sb-node[data-node][role="button"]')];
    const texts = [...svg.querySelectorAll<SVGTextElement>("g.sb-labels text.sb-node-label")];
    const lines = [...svg.querySelectorAll<SVGLineElement>("g.sb-label-leaders line")];
    return texts.flatMap((t) => {
      if (!t.textContent || t.getAttribute("visibility") === "hidden") return [];
      const id = t.getAttribute("data-node");
      const node = nodes.find((g) => g.getAttribute("data-node") === id)!;
      // The hit circle is drawn 12 px (in the picture's units) outside the node's shape.
      const hit = node.querySelector<SVGCircleElement>("circle.sb-node-hit")!;
      const hb = hit.getBoundingClientRect();
      const scale = hb.width / (2 * Number(hit.getAttribute("r")));
      const c = { x: hb.x + hb.width / 2, y: hb.y + hb.height / 2 };
      const r = (Number(hit.getAttribute("r")) - 12) * scale;
      const b = t.getBoundingClientRect();
      const x = Math.max(b.x, Math.min(c.x, b.right));
      const y = Math.max(b.y, Math.min(c.y, b.bottom));
      const gap = Math.hypot(x - c.x, y - c.y) - r;
      const line = lines.find((l) => l.getAttribute("data-node") === id);
      let joins = false;
      if (line) {
        const lb = line.getBoundingClientRect();
        const ends = [
          { x: lb.x, y: lb.y },
          { x: lb.right, y: lb.bottom },
          { x: lb.x, y: lb.bottom },
          { x: lb.right, y: lb.y },
        ];
        const near = (p: { x: number; y: number }, q: { x: number; y: number }, d: number) =>
          Math.hypot(p.x - q.x, p.y - q.y) <= d;
        joins =
          ends.some((p) => Math.hypot(p.x - c.x, p.y - c.y) <= r + 6) &&
          ends.some((p) =>
            near(
              p,
              { x: Math.max(b.x, Math.min(p.x, b.right)), y: Math.max(b.y, Math.min(p.y, b.bottom)) },
              4,
            ),
          );
      }
      return [{ node: id, text: t.textContent, gap, joins }];
    });
  });
}

for (const [tag, viewport] of [
  ["", { width: 1280, height: 800 }],
  ["@phone ", { width: 375, height: 812 }],
] as const) {
  test.describe(`${tag}${viewport.width}`, () => {
    test.use({ viewport });
    test(`${tag}zk-herd: a label that sits away from its node is joined to it by a line, at mid-failover and end`, async ({
      page,
    }) => {
      const { trace, summary } = runScenario(presets["zk-herd-leader"].scenario);
      const fault = trace.find((e) => e.type === "fault")!.t;
      const next = summary.leaders.find((l) => l.from > fault)!.from;
      const at = [Math.round((fault + next) / 200) * 100, Math.round(summary.until / 100) * 100 - 100];
      let away = 0;
      for (const t of at) {
        await page.goto(`/sandbox?preset=zk-herd-leader&at=${t}`);
        await expect(simTime(page)).toHaveText(
          new RegExp(`^${(t / 1000).toFixed(2).replace(".", "\\.")} s`),
          { timeout: 60_000 },
        );
        await expect(
          cluster(page)
            .getByRole("button", { name: /^n\d+, / })
            .first(),
        ).toBeVisible();
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
        for (const l of await labelBelonging(cluster(page))) {
          // Right beside its node (the placer's first spot, 14 px from its edge) it needs no line;
          // a label pushed a step further (past another's, or past lease rings) does.
          if (l.gap <= 17) continue;
          away++;
          expect(
            l.joins,
            `${t} ms: "${l.text}" sits ${l.gap.toFixed(0)} px from ${l.node} with no line to it`,
          ).toBe(true);
        }
      }
      // The herd does push some label away (else this test would check nothing).
      expect(away).toBeGreaterThan(0);
    });
  });
}

test.describe("@phone on a phone", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  const wholeOnScreen = async (picture: Locator) => {
    await expect(async () => {
      const b = (await picture.boundingBox())!;
      expect(b.y).toBeGreaterThanOrEqual(0);
      expect(b.y + b.height).toBeLessThanOrEqual(812);
    }).toPass({ timeout: 10_000 });
  };

  test("@phone starting a guided tour leaves the whole picture on screen, its step under it (/sandbox)", async ({
    page,
  }) => {
    await page.goto("/sandbox?preset=fencing-diagram");
    await tab(page, "Guided tours");
    await page.getByRole("button", { name: /Start the tour/ }).click();
    const step = page.getByRole("region", { name: "Three replicas, one lease" });
    await expect(step).toBeVisible();
    await wholeOnScreen(cluster(page));
    expect((await step.boundingBox())!.y).toBeGreaterThan((await cluster(page).boundingBox())!.y);
  });

  test("@phone starting a guided tour in a lesson leaves the whole picture on screen", async ({ page }) => {
    await page.goto("/learn/in-the-wild");
    await page.locator("details > summary").filter({ hasText: "Deep dive: Replay: both shots lost" }).click();
    const embed = page.locator('section.sandbox-embed[data-preset="sre-file-server"]');
    await embed.scrollIntoViewIfNeeded();
    await embed.getByRole("button", { name: /Start the tour/ }).click();
    await expect(embed.locator(".sb-tour")).toBeVisible();
    const picture = embed.getByRole("group", { name: /^Cluster view/ });
    await wholeOnScreen(picture);
    // The step's words come under the picture, so the picture sits right under the time bar.
    expect((await embed.locator(".sb-tour").boundingBox())!.y).toBeGreaterThan(
      (await picture.boundingBox())!.y,
    );
  });

  test("@phone compare: 'Where they differ' is a list of buttons on the first screen, and a tap moves both runs there", async ({
    page,
  }) => {
    await page.goto("/compare");
    const list = page.getByRole("group", { name: "Where they differ:" });
    const first = list.getByRole("button").first();
    await expect(first).toBeEnabled({ timeout: 60_000 });
    // Every moment a button of its own (review 10b #13: a plain select), on the first screen.
    expect(await list.getByRole("button").count()).toBeGreaterThanOrEqual(2);
    const p = (await list.getByRole("button").last().boundingBox())!;
    expect(p.y + p.height).toBeLessThanOrEqual(812);
    expect(p.height).toBeGreaterThanOrEqual(24);
    // The first run's picture still starts on the first screen.
    const picture = page.getByRole("group", { name: /^Cluster view/ }).first();
    expect((await picture.boundingBox())!.y).toBeLessThan(812);
    const seconds = /^(\d+) s:/.exec((await first.textContent()) ?? "")![1];
    await first.tap();
    await expect(
      page
        .getByRole("status", { name: "Shared clock" })
        .or(page.locator("output[aria-label='Shared clock']")),
    ).toHaveText(new RegExp(`^${seconds}\\.00 s`));
  });
});
