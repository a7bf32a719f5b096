// Every route a learner can open, scanned with axe (every WCAG 2.0, 2.1 and 2.2 A/AA rule, and
// label-content-name-mismatch) at a laptop size and a phone size, and checked for sideways scroll.
// The route list is built from src/routes and the content folders, so a new lesson, prompt,
// challenge or route file is scanned without editing this file; a route file nobody maps fails.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test, expect, axeScan } from "./fixtures";
import { RULES_PROTOCOL_IDS } from "../../src/course/rules/protocol-ids";
import { COMPARISON_IDS, EXPERIMENT_IDS } from "../../src/practice/route-ids";

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
  "rules.index.tsx": ["/rules"],
  "rules.$protocol.tsx": RULES_PROTOCOL_IDS.map((p) => `/rules/${p}`),
  "compare.tsx": COMPARISON_IDS.map((id) => `/compare?pair=${id}`),
  "experiments.tsx": EXPERIMENT_IDS.map((id) => `/experiments?experiment=${id}`),
  "sandbox.tsx": ["/sandbox"],
  "glossary.tsx": ["/glossary"],
  "progress.tsx": ["/progress"],
  "__root.tsx": ["/no/such/page"],
};

test("every route file has its pages in the scan", () => {
  const files = readdirSync(join(ROOT, "src", "routes")).filter((f) => f.endsWith(".tsx"));
  expect(files.filter((f) => !(f in BY_ROUTE_FILE))).toEqual([]);
});

const SIZES = [
  { name: "1280x800", width: 1280, height: 800 },
  { name: "375x812", width: 375, height: 812 },
];

// Every page gets the full scan at the laptop size and the sideways-scroll check at the phone
// size; the phone-size scan runs on the first page of each route file (one template, one set of
// components), which keeps the suite's time in bounds without leaving a route unscanned.
for (const urls of Object.values(BY_ROUTE_FILE)) {
  urls.forEach((url, i) => {
    for (const size of SIZES) {
      const scan = size.width >= 1280 || i === 0;
      test(`${url} at ${size.name}: ${scan ? "no serious axe violations, " : ""}no sideways scroll`, async ({
        page,
      }) => {
        // A full WCAG scan of a long lesson takes many seconds on a shared two-core machine.
        test.setTimeout(120_000);
        await page.setViewportSize({ width: size.width, height: size.height });
        await page.goto(url);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        // Lazy parts (lesson bodies, prompts, diagrams) have drawn before the scan.
        await expect(page.getByText(/^Loading/)).toHaveCount(0, { timeout: 60_000 });
        await expect(page.locator(".diagram-loading")).toHaveCount(0, { timeout: 60_000 });
        if (scan) {
          const results = await axeScan(page).analyze();
          const bad = results.violations
            .filter((v) => v.impact === "serious" || v.impact === "critical")
            .map(
              (v) =>
                `${v.id} (${v.impact}): ${v.help} — ${v.nodes
                  .slice(0, 3)
                  .map((n) => n.target.join(" "))
                  .join(", ")}`,
            );
          expect(bad, "serious or critical axe violations").toEqual([]);
        }
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, "page width beyond the viewport, in px").toBeLessThanOrEqual(0);
      });
    }
  });
}
