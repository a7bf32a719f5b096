// Every route a learner can open, scanned with axe (every WCAG 2.0, 2.1 and 2.2 A/AA rule, axe's
// best practices, and label-content-name-mismatch) at a laptop size and a phone size, and checked
// for sideways scroll. Every violation fails, whatever its impact: best-practice rules such as
// landmark-unique, heading-order and page-has-heading-one are "moderate", and a scan that only
// counted serious ones let them through.
// The route list is built from src/routes and the content folders, so a new lesson, prompt,
// challenge or route file is scanned without editing this file; a route file nobody maps fails.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { test, expect, axeScan } from "./fixtures";
import { BUILT_IN_PROTOCOLS } from "../../src/engine/index.ts";
import { COMPARISON_IDS, EXPERIMENT_IDS } from "../../src/practice/route-ids";
import { CHALLENGES } from "../../src/elector/challenges/index";

const ROOT = join(import.meta.dirname, "..", "..");
const ids = (dir: string, ext: string) =>
  readdirSync(join(ROOT, "content", dir))
    .filter((f) => f.endsWith(ext))
    .sort()
    .map((f) => f.slice(0, -ext.length));
const jsonIds = (dir: string) =>
  ids(dir, ".json").map(
    (f) => (JSON.parse(readFileSync(join(ROOT, "content", dir, `${f}.json`), "utf8")) as { id: string }).id,
  );

/** Each route file and the URLs that open every page it can show. */
const BY_ROUTE_FILE: Record<string, string[]> = {
  "index.tsx": ["/"],
  "start.tsx": ["/start"],
  "learn.$lesson.tsx": ids("lessons", ".mdx").map((id) => `/learn/${id}`),
  "quiz.tsx": ["/quiz"],
  "interview.tsx": [
    "/interview",
    "/interview?view=history",
    ...jsonIds("interview").map((id) => `/interview?prompt=${id}`),
  ],
  "practice.tsx": ["/practice", ...jsonIds("challenges").map((id) => `/practice?challenge=${id}`)],
  "practice_.elector.$challenge.tsx": CHALLENGES.map((c) => `/practice/elector/${c.id}`),
  "practice_.elector.api.tsx": ["/practice/elector/api"],
  "rules.index.tsx": ["/rules"],
  "rules.$protocol.tsx": BUILT_IN_PROTOCOLS.map((p) => `/rules/${p}`),
  "compare.tsx": COMPARISON_IDS.map((id) => `/compare?pair=${id}`),
  "experiments.tsx": EXPERIMENT_IDS.map((id) => `/experiments?experiment=${id}`),
  "sandbox.tsx": ["/sandbox"],
  "glossary.tsx": ["/glossary"],
  "progress.tsx": ["/progress"],
  "__root.tsx": ["/no/such/page"],
};

/** Each lesson's first live sandbox: the page is scanned with it running, as a learner reads it. */
const FIRST_EMBED: Record<string, string | undefined> = Object.fromEntries(
  ids("lessons", ".mdx").map((id) => {
    const text = readFileSync(join(ROOT, "content", "lessons", `${id}.mdx`), "utf8");
    return [`/learn/${id}`, /<Sandbox preset="([^"]+)"/.exec(text)?.[1]];
  }),
);

/** Scrolls to the lesson's first sandbox, runs it until its clock moves, and pauses it. */
async function runFirstEmbed(page: Page, preset: string) {
  const embed = page.locator(`section.sandbox-embed[data-preset="${preset}"]`).first();
  await embed.scrollIntoViewIfNeeded();
  // The embed's cluster draws every node as a focusable control named by id, role and term.
  await expect(embed.getByRole("button", { name: /^n1, / })).toBeVisible({ timeout: 30_000 });
  const clock = embed
    .getByRole("status", { name: "Simulated time" })
    .or(embed.locator("output.sb-time"))
    .first();
  const before = await clock.textContent();
  await embed.getByRole("button", { name: /^Play/ }).click();
  await expect.poll(() => clock.textContent(), { timeout: 20_000 }).not.toBe(before);
  // Still for the scan: paused, or ended (a short run, such as the bully lesson's, can end on a
  // loaded machine before the click lands; the click then waited on a Play again for 2 minutes).
  const still = embed.getByRole("button", { name: /^(Pause( K)?|Play again)$/ }).first();
  await expect(still).toBeVisible();
  if ((await still.textContent())!.includes("Pause")) await still.click({ timeout: 10_000 }).catch(() => {});
  await expect(embed.getByRole("button", { name: /^(Play( K)?|Play again)$/ }).first()).toBeVisible();
}

test("every route file has its pages in the scan", () => {
  const files = readdirSync(join(ROOT, "src", "routes")).filter((f) => f.endsWith(".tsx"));
  expect(files.filter((f) => !(f in BY_ROUTE_FILE))).toEqual([]);
});

const LAPTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 812 };

async function violations(page: Page): Promise<string[]> {
  const results = await axeScan(page).analyze();
  return results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(" "))
        .join(", ")}`,
  );
}

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

// Every page: the full scan at 1280x800 and no sideways scroll at 1280x800 or 375x812 (the same
// page narrowed, as a rotated tablet or a narrowed window). The first page of each route file is
// also scanned at 375x812, loaded at that size: the phone layout of each template. One page load
// per page keeps the suite's time in bounds without leaving a route unscanned.
for (const urls of Object.values(BY_ROUTE_FILE)) {
  urls.forEach((url, i) => {
    const lesson = url.startsWith("/learn/");
    const live = lesson ? ", with its first live sandbox running" : "";
    test(`${url}: no axe violations, no sideways scroll at 1280x800 and 375x812${live}`, async ({ page }) => {
      // A full WCAG scan of a long lesson takes many seconds on a shared two-core machine.
      test.setTimeout(120_000);
      const open = async (size: { width: number; height: number }) => {
        await page.setViewportSize(size);
        await page.goto(url);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        // Lazy parts (lesson bodies, prompts, diagrams) have drawn before the scan.
        await expect(page.getByText(/^Loading/)).toHaveCount(0, { timeout: 60_000 });
        await expect(page.locator(".diagram-loading")).toHaveCount(0, { timeout: 60_000 });
      };
      await open(LAPTOP);
      if (lesson) {
        const preset = FIRST_EMBED[url];
        expect(preset, "every lesson shows its behaviour in a live sandbox").toBeTruthy();
        await runFirstEmbed(page, preset!);
      }
      expect(await violations(page), "axe violations at 1280x800").toEqual([]);
      expect(await overflow(page), "page width beyond 1280 px").toBeLessThanOrEqual(0);
      if (i === 0) {
        await open(PHONE);
        expect(await violations(page), "axe violations at 375x812").toEqual([]);
      } else {
        await page.setViewportSize(PHONE);
      }
      // The layout settles after a resize; a real overflow never does.
      await expect.poll(() => overflow(page), { message: "page width beyond 375 px" }).toBeLessThanOrEqual(0);
    });
  });
}

// A quiz session's question is a page of its own (/quiz?session=ID), reached only by starting one.
test("a quiz question in a session: no axe violations at 1280x800 and 375x812", async ({ page }) => {
  test.setTimeout(120_000);
  for (const size of [LAPTOP, PHONE]) {
    await page.setViewportSize(size);
    await page.goto("/quiz");
    await page.getByRole("button", { name: /Start learning/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Question 1 of 10" })).toBeVisible();
    expect(await violations(page), `axe violations at ${size.width}x${size.height}`).toEqual([]);
    // Answered, before the rating: the feedback and the switched-off Next question with its reason.
    await page.keyboard.press("1");
    await page.getByRole("button", { name: "Submit answer" }).click();
    await expect(page.getByText("Rate how sure you were to go on.")).toBeVisible();
    expect(await violations(page), `axe violations, rating, at ${size.width}x${size.height}`).toEqual([]);
    await page.getByRole("button", { name: "End session" }).click();
  }
});
