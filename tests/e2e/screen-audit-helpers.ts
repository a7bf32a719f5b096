// The screen audit's helpers: the audited presets, their moments, seeking the page, and the bounding-box checks of the picture.
import { expect } from "./fixtures";
import type { Page } from "@playwright/test";
import { presets, runScenario } from "../../src/engine/index.ts";
import { clearProblems } from "./picture-clear-helpers";
import { labelLinkProblems } from "./picture-steady-helpers";

/** At least one preset of every protocol (src/engine/protocols/registry.ts), chosen for what
 *  crowds the picture: votes in flight, a cut to the store, a herd of watches, a stale write. */
export const AUDITED = [
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
export function moments(name: string): Moment[] {
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

export const cluster = (page: Page) => page.getByRole("group", { name: /^Cluster view/ });
const simTime = (page: Page) => page.getByRole("status", { name: "Simulated time" });
const shown = (ms: number) => new RegExp(`^${(ms / 1000).toFixed(2).replace(".", "\\.")} s`);

export async function open(page: Page, preset: string, at: number) {
  await page.goto(`/sandbox?preset=${preset}&at=${at}`);
  await expect(simTime(page)).toHaveText(shown(at), { timeout: 60_000 });
  await expect(
    cluster(page)
      .getByRole("button", { name: /^n\d+, / })
      .first(),
  ).toBeVisible();
}

/** To `ms` with the page's own controls: "Go to (s)" where it is shown, else the time slider. */
export async function seek(page: Page, ms: number) {
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
export async function legendProblems(page: Page, where: string): Promise<string[]> {
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
 *  the resource box, widened to "resource: two leaders, fencing held", ran into the rings of n3
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

/** A link drawn through a node that is not one of its ends (review 14 #1: in bully's five-node
 *  ring n2's link to the resource ran through n3, so it read as n3's). Each link's path (its
 *  straight legs, in page pixels) against every other node's circle: the node's radius is its
 *  plainest shape's (a follower's circle; a leader's star reaches further). */
async function linkProblems(page: Page, where: string): Promise<string[]> {
  return cluster(page).evaluate((svg, at) => {
    const nodes = [...svg.querySelectorAll('[role="button"][data-node]')].flatMap((g) => {
      const shape = g.querySelector(".sb-node-shape");
      if (!shape) return [];
      const b = shape.getBoundingClientRect();
      return [
        {
          id: g.getAttribute("data-node") ?? "",
          c: { x: b.x + b.width / 2, y: b.y + b.height / 2 },
          r: Math.min(b.width, b.height) / 2,
        },
      ];
    });
    if (!nodes.length) return [];
    const r = Math.min(...nodes.map((n) => n.r));
    const out: string[] = [];
    for (const link of svg.querySelectorAll<SVGPathElement>("g.sb-linkbtn .sb-link")) {
      const key = link.parentElement?.getAttribute("data-link") ?? "";
      const ends = key.split("|");
      const m = link.getScreenCTM();
      const d = link.getAttribute("d") ?? "";
      if (!m || !d) continue;
      const pts = [...d.matchAll(/(-?[\d.]+),(-?[\d.]+)/g)].map(([, x, y]) => {
        const p = new DOMPoint(Number(x), Number(y)).matrixTransform(m);
        return { x: p.x, y: p.y };
      });
      for (const n of nodes) {
        if (ends.includes(n.id)) continue;
        for (let i = 1; i < pts.length; i++) {
          const a = pts[i - 1];
          const b = pts[i];
          const len2 = (b.x - a.x) ** 2 + (b.y - a.y) ** 2;
          const t = len2
            ? Math.max(0, Math.min(1, ((n.c.x - a.x) * (b.x - a.x) + (n.c.y - a.y) * (b.y - a.y)) / len2))
            : 0;
          const dist = Math.hypot(a.x + t * (b.x - a.x) - n.c.x, a.y + t * (b.y - a.y) - n.c.y);
          if (dist < r - 1) {
            out.push(
              `${at}: the link ${ends.join("–")} runs through ${n.id} (${(r - dist).toFixed(1)} px into it)`,
            );
            break;
          }
        }
      }
    }
    return out;
  }, where);
}

/** What is wrong with the picture now, one line per problem. */
export async function pictureProblems(page: Page, where: string): Promise<string[]> {
  return [
    ...(await ringProblems(page, where)),
    ...(await boxProblems(page, where)),
    ...(await linkProblems(page, where)),
    ...(await textProblems(page, where)),
    ...(await clearProblems(page, where)),
    ...(await labelLinkProblems(page, where)),
  ];
}

/** Two of the picture's texts overlapping, or one leaving the picture (the side badges too). */
export async function textProblems(page: Page, where: string): Promise<string[]> {
  const { view, texts } = await pictureTexts(page);
  const out: string[] = [];
  for (let i = 0; i < texts.length; i++) {
    const a = texts[i];
    if (outside(a, view)) out.push(`${where}: "${a.text}" leaves the picture`);
    for (let j = i + 1; j < texts.length; j++)
      if (overlaps(a, texts[j])) out.push(`${where}: "${a.text}" overlaps "${texts[j].text}"`);
  }
  return out;
}

/** The two widths every screen audit runs at; the phone one carries the @phone tag. */
export const AUDIT_SIZES = [
  { tag: "", label: "1280x800", viewport: { width: 1280, height: 800 } },
  { tag: "@phone ", label: "375x812", viewport: { width: 375, height: 812 } },
];
