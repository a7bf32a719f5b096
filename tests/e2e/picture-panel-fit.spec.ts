// The cluster drawing, the node panel and lesson figures as a newcomer met them (reviews 6a and
// 6b): the resource out of a mesh's crossing links, labels clear of the selection ring, the
// store's words inside its cylinder, one clock in the panel and the picture, a real disclosure
// for the action settings, cut mode that says what a node's click does, a run's title whole
// on a phone, and a phone's diagrams opening on their first lane.
import { test, expect } from "./fixtures";
import type { Locator, Page } from "@playwright/test";
import { embedOf } from "./sandbox-helpers";

test.beforeEach(() => {
  test.setTimeout(120_000);
});

type R = { x: number; y: number; w: number; h: number };
const cluster = (scope: Page | Locator) => scope.getByRole("group", { name: /^Cluster view/ }).first();

async function openSandbox(page: Page, preset: string, at?: number) {
  await page.goto(`/sandbox?preset=${preset}${at !== undefined ? `&at=${at}` : ""}`);
  await expect(cluster(page).getByRole("button", { name: /^n1, / })).toBeVisible({ timeout: 60_000 });
}

test("Raft's five nodes: the resource sits below the ring, and no link between two nodes crosses its box", async ({
  page,
}) => {
  const embed = await embedOf(page, "raft-election", "raft-basic");
  const found = await cluster(embed).evaluate((svg) => {
    const box = (el: Element) => {
      const b = el.getBoundingClientRect();
      return { x: b.x, y: b.y, w: b.width, h: b.height };
    };
    const nodes = [...svg.querySelectorAll('[role="button"][data-node] .sb-node-shape')].map(box);
    return { nodes, res: box(svg.querySelector(".sb-resource-body")!) };
  });
  const { nodes, res } = found as { nodes: R[]; res: R };
  expect(nodes).toHaveLength(5);
  const lowest = Math.max(...nodes.map((n) => n.y + n.h));
  expect(res.y, "the resource's top is below every node").toBeGreaterThan(lowest);
  const c = nodes.map((n) => ({ x: n.x + n.w / 2, y: n.y + n.h / 2 }));
  // A peer link is the straight line between two nodes' centres; sampled along its length.
  for (let i = 0; i < c.length; i++)
    for (let j = i + 1; j < c.length; j++)
      for (let k = 0; k <= 50; k++) {
        const x = c[i].x + ((c[j].x - c[i].x) * k) / 50;
        const y = c[i].y + ((c[j].y - c[i].y) * k) / 50;
        const inside = x > res.x && x < res.x + res.w && y > res.y && y < res.y + res.h;
        expect(inside, `n${i + 1}–n${j + 1} crosses the resource`).toBe(false);
      }
});

test("the node panel's clock reads the run's time, and the picture's label draws no clock line that tells nothing", async ({
  page,
}) => {
  const embed = await embedOf(page, "raft-election", "raft-basic");
  await embed.getByRole("button", { name: "Play" }).click();
  const clock = () => embed.getByRole("status", { name: "Simulated time" });
  await expect(clock()).toHaveText(/^[2-9]\.\d+ s/, { timeout: 60_000 });
  await embed.getByRole("button", { name: "Pause", exact: true }).click();
  await embed.locator('[data-node="n1"][role="button"]').click();
  const label = embed.locator('text.sb-node-label[data-node="n1"]');
  const readout = embed.locator(".sb-readout");
  await expect(readout).toHaveText(/^Local clock /);
  // No clock fault here: every clock reads true time, so the label leaves its clock line out
  // (review 9a #11: "clock 6.8 s" under every node told nothing); the panel still says it.
  await expect(label).toContainText(/term \d/);
  await expect(label).not.toContainText("clock");
  await expect
    .poll(async () => {
      const said = /^Local clock ([\d.]+) s/.exec((await readout.textContent()) ?? "")?.[1];
      const now = /^([\d.]+) s/.exec((await clock().textContent()) ?? "")?.[1];
      return said !== undefined && now !== undefined && Math.abs(Number(said) - Number(now)) < 0.1;
    })
    .toBe(true);
});

test("the action settings are a disclosure with a caret that turns when it opens", async ({ page }) => {
  const embed = await embedOf(page, "raft-election", "raft-basic");
  await embed.locator('[data-node="n1"][role="button"]').click();
  const summary = embed.locator(".sb-action-settings > summary");
  await expect(summary).toHaveText(/how long, how much/i);
  const caret = () => summary.evaluate((el) => getComputedStyle(el, "::before"));
  expect((await caret()).content).toBe('"▸"');
  await expect(embed.getByLabel("Pause length (s)")).toBeHidden();
  await summary.click();
  await expect(embed.getByLabel("Pause length (s)")).toBeVisible();
  expect((await caret()).transform).not.toBe("none");
});

test("cut mode, etcd: a node's click says to click a link line, as nodes talk through etcd", async ({
  page,
}) => {
  await openSandbox(page, "billing-crash", 2000);
  await page.getByRole("button", { name: "Network tools" }).click();
  await cluster(page).locator('[data-node="n1"][role="button"]').click();
  await cluster(page).locator('[data-node="n2"][role="button"]').click();
  await expect(page.locator(".sb-explain[role=status]")).toHaveText(
    "In cut mode, click a link line: nodes talk through etcd and the resource here, not to each other.",
  );
});

test("cut mode, Raft: n1 then n2 cuts the link between them", async ({ page }) => {
  await openSandbox(page, "raft-basic", 2000);
  await page.getByRole("button", { name: "Network tools" }).click();
  await cluster(page).locator('[data-node="n1"][role="button"]').click();
  await expect(page.locator(".sb-explain[role=status]")).toHaveText(/^Picked n1: click another node/);
  await cluster(page).locator('[data-node="n2"][role="button"]').click();
  await expect(cluster(page).locator('g.sb-linkbtn[data-link="n1|n2"]')).toHaveAttribute("data-state", "cut");
  await expect(page.locator(".sb-explain[role=status]")).toHaveText(/^Cut n1 – n2: /);
});

/** Each node label's text box against its node's selection ring (4 px clear) and the picture's edge. */
async function labelProblems(page: Page): Promise<string[]> {
  return cluster(page).evaluate((svg) => {
    const out: string[] = [];
    const view = svg.getBoundingClientRect();
    for (const t of svg.querySelectorAll<SVGTextElement>("text.sb-node-label")) {
      if (!(t.textContent ?? "").trim()) continue;
      const id = t.getAttribute("data-node");
      const ring = svg.querySelector(`[role="button"][data-node="${id}"] .sb-node-sel`);
      const b = t.getBoundingClientRect();
      if (
        b.left < view.left - 1 ||
        b.right > view.right + 1 ||
        b.top < view.top - 1 ||
        b.bottom > view.bottom + 1
      )
        out.push(`${id}'s label leaves the picture`);
      if (!ring || getComputedStyle(ring).stroke === "none") continue;
      const rb = ring.getBoundingClientRect();
      const c = { x: rb.left + rb.width / 2, y: rb.top + rb.height / 2 };
      const outer = rb.width / 2 + Number.parseFloat(getComputedStyle(ring).strokeWidth) / 2;
      const x = Math.max(b.left, Math.min(c.x, b.right));
      const y = Math.max(b.top, Math.min(c.y, b.bottom));
      const gap = Math.hypot(x - c.x, y - c.y) - outer;
      if (gap < 4) out.push(`${id}'s label is ${gap.toFixed(1)} px from its selection ring`);
    }
    return out;
  });
}

test("a selected node's label clears its selection ring by 4 px and stays in the picture (fencing, 18.4 s)", async ({
  page,
}) => {
  await openSandbox(page, "fencing-diagram", 18400);
  for (const id of ["n1", "n2", "n3"]) {
    await cluster(page).locator(`[data-node="${id}"][role="button"]`).click();
    await expect(cluster(page).locator(`[data-node="${id}"][role="button"]`)).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    expect(await labelProblems(page), `with ${id} selected`).toEqual([]);
  }
});

async function storeFits(page: Page): Promise<string[]> {
  return cluster(page).evaluate((svg) => {
    const body = svg.querySelector(".sb-store-body")!.getBoundingClientRect();
    return [...svg.querySelectorAll(".sb-store-title, .sb-store-line")].flatMap((t) => {
      const b = t.getBoundingClientRect();
      const left = b.left - body.left;
      const right = body.right - b.right;
      return left < 6 || right < 6
        ? [`"${t.textContent}" is ${Math.min(left, right).toFixed(1)} px from the cylinder's side`]
        : [];
    });
  });
}

test("@phone the database's words sit inside its cylinder, 6 px from each side", async ({ page }) => {
  await openSandbox(page, "database-lease", 1000);
  expect(await storeFits(page)).toEqual([]);
});

test("the store's words sit inside its cylinder at 1280 (fencing)", async ({ page }) => {
  await openSandbox(page, "fencing-diagram", 18400);
  expect(await storeFits(page)).toEqual([]);
});

/** How far the store's title's letters stand under the top face's front rim (px, ink to the
 *  rim's stroke): the words sit inside the cylinder, not on its rim (review 10a #9). */
async function titleUnderRim(scope: Locator): Promise<number> {
  return scope.evaluate((svg) => {
    const g = svg.querySelector("g.sb-store")!;
    const rim = (g.querySelector(".sb-store-rim") as SVGGraphicsElement).getBBox();
    const t = g.querySelector("text.sb-store-title") as SVGTextElement;
    const cs = getComputedStyle(t);
    const ctx = document.createElement("canvas").getContext("2d")!;
    ctx.font = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
    const ink = Number(t.getAttribute("y")) - ctx.measureText(t.textContent ?? "").actualBoundingBoxAscent;
    return (
      ink -
      (rim.y +
        rim.height +
        Number.parseFloat(getComputedStyle(g.querySelector(".sb-store-rim")!).strokeWidth) / 2)
    );
  });
}

test("the store's title stands 4 px or more under the cylinder's rim (/start's database, fencing's etcd)", async ({
  page,
}) => {
  await page.goto("/start?screen=8");
  await expect(page.locator("svg.sb-cluster g.sb-store text.sb-store-title")).toHaveText("database", {
    timeout: 60_000,
  });
  expect(await titleUnderRim(cluster(page))).toBeGreaterThanOrEqual(4);
  await openSandbox(page, "fencing-diagram", 18400);
  expect(await titleUnderRim(cluster(page))).toBeGreaterThanOrEqual(4);
});

/** Each line the resource's box draws, whole (never squeezed to fit) and 6 px or more inside
 *  its sides: the box grows to its longest line, or the line wraps (review 10a #9: "✗ n2 token
 *  2 accepted, stale" was squeezed to the box's edges). */
async function resourceFits(page: Page): Promise<string[]> {
  return cluster(page).evaluate((svg) => {
    const g = svg.querySelector("g.sb-resource")!;
    const body = g.querySelector(".sb-resource-body")!.getBoundingClientRect();
    const ctx = document.createElement("canvas").getContext("2d")!;
    const rows = [...g.querySelectorAll("text:not(.sb-side-badge)")].flatMap((t): Element[] =>
      t.querySelector("tspan") ? [...t.querySelectorAll("tspan:not([display=none])")] : [t],
    );
    return rows.flatMap((el) => {
      const text = (el.textContent ?? "").trim();
      if (!text) return [];
      const cs = getComputedStyle(el);
      ctx.font = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
      const natural = ctx.measureText(text).width;
      const b = el.getBoundingClientRect();
      const mid = (b.left + b.right) / 2;
      const side = Math.min(mid - natural / 2 - body.left, body.right - (mid + natural / 2));
      const out: string[] = [];
      if (el.closest("text")!.hasAttribute("textLength")) out.push(`"${text}" is squeezed`);
      if (side < 6) out.push(`"${text}" is ${side.toFixed(1)} px from the box's side`);
      if (b.top < body.top || b.bottom > body.bottom) out.push(`"${text}" runs past the box's top or bottom`);
      return out;
    });
  });
}

for (const tag of ["", " @phone"])
  test(`a stale write accepted: the resource's lines are whole, 6 px inside its box (fencing off, 25.5 s)${tag}`, async ({
    page,
  }) => {
    await openSandbox(page, "fencing-off", 25500);
    await expect(cluster(page).locator("text.sb-resource-last")).toHaveText(/applied after a newer one/);
    expect(await resourceFits(page)).toEqual([]);
  });

for (const [lesson, preset] of [
  ["raft-election", "raft-basic"],
  ["kubernetes-leases", "k8s-coordinated"],
] as const)
  test(`@phone a lesson run's title is whole, on two lines at most, with no ellipsis (${preset})`, async ({
    page,
  }) => {
    const embed = await embedOf(page, lesson, preset);
    const title = embed.locator(".sb-compact-title");
    const m = await title.evaluate((el) => {
      const cs = getComputedStyle(el);
      return {
        overflow: cs.textOverflow,
        cut: el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1,
        lines: Math.round(el.getBoundingClientRect().height / Number.parseFloat(cs.lineHeight)),
      };
    });
    expect(m.overflow).not.toBe("ellipsis");
    expect(m.cut).toBe(false);
    expect(m.lines).toBeLessThanOrEqual(2);
    // The name's second half, what to watch, shows in the title itself (review 8a #11: "No
    // fencing" alone, its "the late write lands" moved out of sight).
    // A name too long for two lines has its second half in the caption instead.
    const tail = title.locator(".sb-compact-tail");
    if (await tail.count()) {
      const rest = ((await tail.textContent()) ?? "").replace(/^: /, "");
      if (await tail.isVisible()) expect((await tail.boundingBox())?.height ?? 0).toBeGreaterThan(0);
      else await expect(embed.locator(".sb-compact-caption")).toContainText(rest.slice(1));
    }
    if (preset === "raft-basic") await expect(title.locator(".sb-compact-tail")).toBeVisible();
  });

for (const lesson of ["raft-election", "fencing-tokens"])
  test(`@phone ${lesson}'s first diagram fits a phone's column whole, every lane and label in its frame (review 10a #8)`, async ({
    page,
  }) => {
    await page.goto(`/learn/${lesson}`);
    const figure = page.locator("figure.diagram").first();
    await figure.scrollIntoViewIfNeeded();
    const frame = figure.locator(".diagram-svg");
    await expect(frame.locator("svg")).toBeVisible({ timeout: 30_000 });
    const m = await frame.evaluate((el) => {
      const fb = el.getBoundingClientRect();
      const actors = [...el.querySelectorAll("rect.actor, g.actor rect, rect[class*='actor']")].map((a) =>
        a.getBoundingClientRect(),
      );
      const first = actors.length ? actors.reduce((a, b) => (b.left < a.left ? b : a)) : null;
      const texts = [...el.querySelectorAll("text.messageText, text")].map((t) => t.getBoundingClientRect());
      return {
        scrollLeft: el.scrollLeft,
        scrolls: el.scrollWidth > el.clientWidth + 1,
        first: first ? { left: first.left - fb.left, right: first.right - fb.left } : null,
        width: fb.width,
        cut: texts.filter((b) => b.width > 0 && (b.left < fb.left - 1 || b.right > fb.right + 1)).length,
      };
    });
    expect(m.scrollLeft).toBe(0);
    expect(m.first, "a participant's box was found").not.toBeNull();
    expect(m.first!.left).toBeGreaterThanOrEqual(0);
    expect(m.first!.right).toBeLessThanOrEqual(m.width);
    if (m.cut > 0) {
      // Cut labels only in a frame that scrolls and says so.
      expect(m.scrolls).toBe(true);
      await expect(frame).toHaveAttribute("role", "region");
      await expect(figure.locator(".diagram-viewport")).toHaveAttribute("data-more-right", "");
      await expect(figure.getByText(/Swipe sideways/)).toBeVisible();
    }
  });
