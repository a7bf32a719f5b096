// The screen audit (issue 33): what a learner sees at a glance, measured by bounding boxes. Over
// one or more presets of every protocol, at three moments of each run (the first leader just
// elected, the middle of the first failover, the end) and at two widths (1280x800, 375x812):
//   - the cluster picture: no two of its texts overlap, and none leaves the picture; the store's
//     and the resource's boxes run into no node's rings (also when two leaders overlap); lease rings
//     only on a node that leads (or that the store still names); no legend swatch squeezed;
//   - the page: the picture's top is on the first screen of /sandbox and /start; on a phone a
//     tapped node's actions are within one screen of the picture; at 1280 every lesson diagram
//     fits its frame with text of at least 12 px.
// The moments come from running each preset's own scenario with the engine (the run the page
// shows is the same deterministic run); the page is moved between them with its own "Go to" or
// time controls, so each preset costs one page load per width.
//
// Tests whose title has "[layout]" measure the page around the picture (its place, the phone's
// action sheet, the lesson column), not the picture itself: they pass only with the page-layout
// work of issue 33 (picture first on /sandbox and /start, the phone's node sheet, lesson figures
// that fit), which is done apart from the picture. At base b59e800 the two /sandbox and /start
// checks passed; the phone sheet (14 of 14 presets) and the lesson diagrams (15 wider than their
// frame, 15 with 11.2 px text) failed.
import { test, expect } from "./fixtures";
import type { Page } from "@playwright/test";
import { presets, runScenario } from "../../src/engine/index.ts";

test.describe.configure({ timeout: 240_000 });

/** At least one preset of every protocol (src/engine/protocols/registry.ts), chosen for what
 *  crowds the picture: votes in flight, a cut to the store, a herd of watches, a stale write. */
const AUDITED = [
  "raft-basic",
  "raft-partition",
  "billing-crash",
  "fencing-diagram",
  "k8s-apiserver-cut",
  "k8s-long-pause",
  "zk-recipe",
  "zk-herd-leader",
  "zab-failover",
  "bully-basic",
  "ring-basic",
  "database-stale-write",
  "heartbeat-pair-partition",
  "github-2012",
];

interface Moment {
  name: string;
  at: number;
}

/** Rounded to the time slider's 100 ms step, so every way of seeking lands on the same moment. */
const step = (ms: number) => Math.max(0, Math.round(ms / 100) * 100);

/** start: the first leader just elected (its last votes still in flight); mid-failover: half way
 *  from the first fault to the next leader (or a third of the rest of the run, if none follows);
 *  end: the run's last moment. */
function moments(name: string): Moment[] {
  const { trace, summary } = runScenario(presets[name].scenario);
  const first = summary.leaders[0]?.from ?? 0;
  const fault = trace.find((e) => e.type === "fault")?.t ?? summary.until / 2;
  const next = summary.leaders.find((l) => l.from > fault)?.from ?? fault + (summary.until - fault) / 3;
  // Two leaders at once: the resource's box says so, which once widened it into the rings of
  // the nodes beside it (review 4b #4). Audited just after the overlap begins, when a run has one.
  const overlap = trace.find((e) => e.type === "violation" && e.property === "overlap")?.t;
  return [
    { name: "start", at: step(first + 20) },
    { name: "mid-failover", at: step((fault + next) / 2) },
    ...(overlap !== undefined ? [{ name: "two-leaders", at: step(overlap + 300) }] : []),
    { name: "end", at: step(summary.until) - 100 },
  ];
}

const cluster = (page: Page) => page.getByRole("group", { name: /^Cluster view/ });
const simTime = (page: Page) => page.getByRole("status", { name: "Simulated time" });
const shown = (ms: number) => new RegExp(`^${(ms / 1000).toFixed(2).replace(".", "\\.")} s`);

async function open(page: Page, preset: string, at: number) {
  await page.goto(`/sandbox?preset=${preset}&at=${at}`);
  await expect(simTime(page)).toHaveText(shown(at), { timeout: 60_000 });
  await expect(
    cluster(page)
      .getByRole("button", { name: /^n\d+, / })
      .first(),
  ).toBeVisible();
}

/** To `ms` with the page's own controls: "Go to (s)" where it is shown, else the time slider. */
async function seek(page: Page, ms: number) {
  const go = page.getByLabel("Go to (s)");
  if (await go.isVisible()) {
    await go.fill(String(ms / 1000));
    await go.press("Enter");
  } else {
    await page.getByRole("slider", { name: "Time", exact: true }).fill(String(ms));
  }
  await expect(simTime(page)).toHaveText(shown(ms), { timeout: 60_000 });
  // The picture draws from the store as it changes; two animation frames later it is painted.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

type Rect = { x: number; y: number; w: number; h: number; text: string };

/** Every drawn text of the picture (node ids, labels, message labels, the store's and the
 *  resource's words, badges), in page pixels. Hidden and empty texts are not drawn. */
async function pictureTexts(page: Page): Promise<{ view: Rect; texts: Rect[] }> {
  return cluster(page).evaluate((svg) => {
    const r = (el: Element, text: string) => {
      const b = el.getBoundingClientRect();
      return { x: b.x, y: b.y, w: b.width, h: b.height, text };
    };
    const texts = [...svg.querySelectorAll("text")].filter((t) => {
      if (!(t.textContent ?? "").trim()) return false;
      // A text inside a hidden group (the message tip, shown on hover) is not drawn.
      for (let el: Element | null = t; el && el !== svg; el = el.parentElement) {
        const cs = getComputedStyle(el);
        if (cs.display === "none" || cs.visibility === "hidden" || cs.opacity === "0") return false;
      }
      const b = t.getBoundingClientRect();
      return b.width > 0 && b.height > 0;
    });
    return { view: r(svg, "picture"), texts: texts.map((t) => r(t, t.textContent ?? "")) };
  });
}

const TOL = 1;
const overlaps = (a: Rect, b: Rect) =>
  Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x) > TOL &&
  Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y) > TOL;
const outside = (a: Rect, v: Rect) =>
  a.x < v.x - TOL || a.y < v.y - TOL || a.x + a.w > v.x + v.w + TOL || a.y + a.h > v.y + v.h + TOL;

/** Lease rings drawn on a node that holds no lease to speak of: the inner ring (the node's own
 *  countdown) on a node that neither leads nor believes it leads, or the outer ring (the store's)
 *  on a node that also is not the one the store names. A follower's session ring read as a
 *  second leader's lease (walk 2, item 5). */
async function ringProblems(page: Page, where: string): Promise<string[]> {
  return cluster(page).evaluate((svg, at) => {
    const store = svg.querySelector(".sb-store")?.getAttribute("aria-label") ?? "";
    const out: string[] = [];
    for (const g of svg.querySelectorAll('[role="button"][data-node]')) {
      const id = g.getAttribute("data-node") ?? "";
      const name = g.getAttribute("aria-label") ?? "";
      const leads = new RegExp(`^${id}, leader,|still believes it leads`).test(name);
      const named = new RegExp(`\\b(holder|leader) ${id}\\b`).test(store);
      const drawn = (sel: string) => (g.querySelector(sel)?.getAttribute("d") ?? "") !== "";
      if (drawn(".sb-arc-holder") && !leads)
        out.push(`${at}: ${id} shows its own lease ring but does not lead (${name})`);
      if (drawn(".sb-arc-store") && !leads && !named)
        out.push(`${at}: ${id} shows the store's lease ring, which names someone else (${store})`);
    }
    return out;
  }, where);
}

/** Legend swatches squeezed to a dot beside long words say nothing (seen by eye in issue 33). */
async function legendProblems(page: Page, where: string): Promise<string[]> {
  return page.locator(".sb-legend .sb-key").evaluateAll(
    (keys, at) =>
      keys.flatMap((k) => {
        const r = k.getBoundingClientRect();
        return r.width > 0 && r.width < 8
          ? [
              `${at}: a legend swatch is ${r.width.toFixed(1)} px wide beside "${(k.parentElement?.textContent ?? "").trim().slice(0, 40)}"`,
            ]
          : [];
      }),
    where,
  );
}

/** The store's and the resource's boxes running into a node's shape or its rings (review 4b #4:
 *  the resource box, widened to "resource: two leaders, fencing holds", ran into the rings of n3
 *  and n2). A node's reach is its shape and every ring drawn around it, in page pixels. */
async function boxProblems(page: Page, where: string): Promise<string[]> {
  return cluster(page).evaluate((svg, at) => {
    const out: string[] = [];
    const shown = (el: Element) => {
      for (let e: Element | null = el; e && e !== svg; e = e.parentElement) {
        const cs = getComputedStyle(e);
        if (cs.display === "none" || cs.visibility === "hidden") return false;
      }
      return true;
    };
    const nodes = [...svg.querySelectorAll('[role="button"][data-node]')].flatMap((g) => {
      const shape = g.querySelector(".sb-node-shape");
      if (!shape) return [];
      const b = shape.getBoundingClientRect();
      const c = { x: b.x + b.width / 2, y: b.y + b.height / 2 };
      let r = Math.max(b.width, b.height) / 2;
      // The rings' tracks are whole circles (drawn while a lease counts down): their box is the
      // ring's outer edge. The arcs lie on them.
      for (const ring of g.querySelectorAll(".sb-arc-track")) {
        if (!shown(ring)) continue;
        const rb = ring.getBoundingClientRect();
        r = Math.max(r, Math.max(rb.width, rb.height) / 2);
      }
      return [{ id: g.getAttribute("data-node") ?? "", c, r }];
    });
    for (const box of svg.querySelectorAll(".sb-resource-body, .sb-store-body")) {
      if (!shown(box)) continue;
      const b = box.getBoundingClientRect();
      const name = box.classList.contains("sb-store-body") ? "the store's box" : "the resource's box";
      for (const n of nodes) {
        const x = Math.max(b.x, Math.min(n.c.x, b.x + b.width));
        const y = Math.max(b.y, Math.min(n.c.y, b.y + b.height));
        const d = Math.hypot(x - n.c.x, y - n.c.y);
        if (d < n.r - 1) out.push(`${at}: ${name} runs into ${n.id}'s rings (${(n.r - d).toFixed(1)} px)`);
      }
    }
    return out;
  }, where);
}

/** What is wrong with the picture now, one line per problem. */
async function pictureProblems(page: Page, where: string): Promise<string[]> {
  const { view, texts } = await pictureTexts(page);
  const out: string[] = [...(await ringProblems(page, where)), ...(await boxProblems(page, where))];
  for (let i = 0; i < texts.length; i++) {
    const a = texts[i];
    if (outside(a, view)) out.push(`${where}: "${a.text}" leaves the picture`);
    for (let j = i + 1; j < texts.length; j++)
      if (overlaps(a, texts[j])) out.push(`${where}: "${a.text}" overlaps "${texts[j].text}"`);
  }
  return out;
}

const SIZES = [
  { tag: "", label: "1280x800", viewport: { width: 1280, height: 800 } },
  { tag: "@phone ", label: "375x812", viewport: { width: 375, height: 812 } },
];

for (const size of SIZES) {
  test.describe(`${size.tag}at ${size.label}`, () => {
    test.use({ viewport: size.viewport });

    for (const preset of AUDITED) {
      test(`${size.tag}picture: ${preset}'s texts never overlap and stay inside the picture, at start, mid-failover and end`, async ({
        page,
      }) => {
        const ms = moments(preset);
        await open(page, preset, ms[0].at);
        const problems: string[] = [];
        for (const [k, m] of ms.entries()) {
          if (k > 0) await seek(page, m.at);
          problems.push(
            ...(await pictureProblems(page, `${preset} ${m.name} ${(m.at / 1000).toFixed(1)} s`)),
          );
        }
        problems.push(...(await legendProblems(page, `${preset} legend`)));
        expect(problems, `${problems.length} overlapping or clipped texts`).toEqual([]);
      });
    }

    test(`${size.tag}[layout] the picture's top is on the first screen of /sandbox for every audited preset, at start, mid-failover and end`, async ({
      page,
    }) => {
      const problems: string[] = [];
      for (const preset of AUDITED) {
        const ms = moments(preset);
        await open(page, preset, ms[0].at);
        for (const [k, m] of ms.entries()) {
          if (k > 0) await seek(page, m.at);
          // Where it sits in the page (not in the scrolled view): a learner opening the page sees it.
          const top = await cluster(page).evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
          if (top >= size.viewport.height)
            problems.push(
              `${preset} ${m.name}: the picture starts at ${Math.round(top)} px, below the first screen (${size.viewport.height} px)`,
            );
        }
      }
      expect(problems).toEqual([]);
    });

    test(`${size.tag}[layout] the picture's top is on the first screen of every /start screen`, async ({
      page,
    }) => {
      await page.goto("/start");
      const problems: string[] = [];
      const next = page.getByRole("button", { name: "Next", exact: true });
      for (let screen = 1; screen <= 12; screen++) {
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible({ timeout: 60_000 });
        if ((await next.count()) === 0 && screen > 1) break;
        const picture = cluster(page);
        if ((await picture.count()) > 0) {
          await expect(picture.getByRole("button", { name: /^n\d+, / }).first()).toBeVisible({
            timeout: 60_000,
          });
          const top = await picture.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
          if (top >= size.viewport.height)
            problems.push(
              `screen ${screen}: the picture starts at ${Math.round(top)} px, below the first screen (${size.viewport.height} px)`,
            );
        }
        if ((await next.count()) === 0) break;
        const heading = await page.getByRole("heading", { level: 1 }).textContent();
        await next.click();
        await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(heading ?? "");
      }
      expect(problems).toEqual([]);
    });
  });
}

test.describe("@phone at 375x812", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("@phone [layout] a tapped node's actions are within one screen of the picture, for every audited preset", async ({
    page,
  }) => {
    const problems: string[] = [];
    for (const preset of AUDITED) {
      const [, mid] = moments(preset);
      await open(page, preset, mid.at);
      const node = cluster(page).getByRole("button", { name: /^n1, / });
      await node.tap();
      await expect(node).toHaveAttribute("aria-pressed", "true");
      // On a phone the actions open as a sheet (a dialog) over the picture; elsewhere as a region.
      const actions = page
        .getByRole("dialog", { name: /^Actions for n1/ })
        .or(page.getByRole("region", { name: /^Actions for n1/ }));
      await expect(actions).toBeVisible();
      // The first action button: with the picture's top at the top of the screen, it must be on
      // that same screen (cause and effect at one glance, no scrolling between tap and act).
      const button = actions.getByRole("button", { name: /^(Crash|Restart|Pause)/ }).first();
      const gap = await page.evaluate(
        ([p, b]) =>
          (b as Element).getBoundingClientRect().bottom - (p as Element).getBoundingClientRect().top,
        [await cluster(page).elementHandle(), await button.elementHandle()],
      );
      if (gap > 812)
        problems.push(
          `${preset}: n1's first action ends ${Math.round(gap)} px below the picture's top (one screen is 812 px)`,
        );
    }
    expect(problems).toEqual([]);
  });
});

/** The lessons that draw Mermaid diagrams (content/lessons/*.mdx with <Diagram>). */
const DIAGRAM_LESSONS = [
  "why-a-leader",
  "role-state-machine",
  "bully-and-ring",
  "raft-election",
  "zab",
  "leases-on-a-store",
  "fencing-tokens",
  "kubernetes-leases",
  "timing-and-self-demotion",
  "down-the-stack",
  "database-and-chubby",
  "tuning",
];

test.describe("at 1280x800", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("[layout] every lesson diagram fits its frame at 1280 px, with text of at least 12 px", async ({
    page,
  }) => {
    const problems: string[] = [];
    for (const lesson of DIAGRAM_LESSONS) {
      await page.goto(`/learn/${lesson}`);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible({ timeout: 60_000 });
      // Diagrams in a deep dive are laid out only once it opens.
      await page
        .locator("article details:not([open]) > summary")
        .evaluateAll((els) => els.forEach((s) => ((s.parentElement as HTMLDetailsElement).open = true)));
      const figures = page.getByRole("figure").filter({ has: page.getByRole("img") });
      await expect(figures.first()).toBeVisible({ timeout: 60_000 });
      await expect(page.getByText("Drawing the diagram…")).toHaveCount(0, { timeout: 60_000 });
      const found = await figures.evaluateAll((figs) =>
        figs.flatMap((fig, k) => {
          const svg = fig.querySelector("svg");
          if (!svg) return [];
          const out: string[] = [];
          const box = svg.getBoundingClientRect();
          // Every box between the drawing and its figure is a frame it must fit, unscrolled.
          for (let el: Element | null = svg.parentElement; el; el = el.parentElement) {
            const f = el.getBoundingClientRect();
            if (box.left < f.left - 1 || box.right > f.right + 1 || el.scrollWidth > el.clientWidth + 1) {
              out.push(
                `diagram ${k + 1} is ${Math.round(box.width)} px wide, its frame ${Math.round(Math.min(f.width, el.clientWidth))} px`,
              );
              break;
            }
            if (el === fig) break;
          }
          const vb = svg.viewBox.baseVal;
          const scale = vb && vb.width > 0 ? box.width / vb.width : 1;
          let smallest = Infinity;
          for (const t of svg.querySelectorAll("text")) {
            if (!(t.textContent ?? "").trim()) continue;
            smallest = Math.min(smallest, parseFloat(getComputedStyle(t).fontSize) * scale);
          }
          if (smallest < 12) out.push(`diagram ${k + 1}'s smallest text is ${smallest.toFixed(1)} px`);
          return out;
        }),
      );
      problems.push(...found.map((p) => `${lesson}: ${p}`));
    }
    expect(problems).toEqual([]);
  });
});
