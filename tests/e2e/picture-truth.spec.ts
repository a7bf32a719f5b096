// A quiet, truthful picture (issue 33, reviews 4a and 4b): two leaders that are over are told as
// over; a link can be cut by a click near its line, with a highlight and a hint; a store
// protocol's legend says the nodes talk only through the store. Through roles and labels.
import { test, expect } from "./fixtures";
import type { Locator, Page } from "@playwright/test";

test.describe.configure({ timeout: 90_000 });

const cluster = (page: Page) => page.getByRole("group", { name: /^Cluster view/ });
const simTime = (page: Page) => page.getByRole("status", { name: "Simulated time" });
const shown = (ms: number) => new RegExp(`^${(ms / 1000).toFixed(2).replace(".", "\\.")} s`);

async function open(page: Page, preset: string, at: number) {
  await page.goto(`/sandbox?preset=${preset}&at=${at}`);
  await expect(simTime(page)).toHaveText(shown(at), { timeout: 40_000 });
  await expect(
    cluster(page)
      .getByRole("button", { name: /^n\d+, / })
      .first(),
  ).toBeVisible();
}

test("two leaders: amber while they overlap, then told in the past tense with when it ended", async ({
  page,
}) => {
  // fencing-diagram: the paused leader and its successor both believe they lead from about 17.5 s
  // until the old one wakes near 25 s; the token refuses its late write.
  await open(page, "fencing-diagram", 20_000);
  const safety = page.getByRole("region", { name: "Key metrics" }).getByTestId("safety");
  await expect(safety).toHaveClass(/tone-hazard/);
  await expect(safety).toHaveText(/Two leaders now: for [\d.]+ s so far/);
  await page.getByRole("slider", { name: "Time", exact: true }).fill("26000");
  await expect(simTime(page)).toHaveText(shown(26_000), { timeout: 40_000 });
  await expect(safety).toHaveText(
    /Two leaders, stale writes? refused: for [\d.]+ s, ended at [\d.]+ s; fencing on: \d+ refused, none applied/,
  );
  await expect(safety).toHaveClass(/tone-past/);
  await expect(safety).not.toHaveText(/risk|yet/i);
});

/** A point `off` px beside a link's line (away from its mark and its tap spot) where the link is
 *  the topmost thing drawn, or null. */
async function besideLink(l: Locator, off: number) {
  return l.evaluate((g, off) => {
    const line = g.querySelector("path.sb-link") as SVGPathElement;
    const len = line.getTotalLength();
    const m = (line.ownerSVGElement as SVGSVGElement).getScreenCTM() as DOMMatrix;
    const [mx, my] = (g.getAttribute("data-mark") ?? "0,0").split(",").map(Number);
    const toPage = (p: { x: number; y: number }) => ({
      x: p.x * m.a + p.y * m.c + m.e,
      y: p.x * m.b + p.y * m.d + m.f,
    });
    for (let i = 2; i <= 18; i++) {
      const p = line.getPointAtLength((len * i) / 20);
      const q = line.getPointAtLength(Math.min(len, (len * i) / 20 + 1));
      const d = Math.hypot(q.x - p.x, q.y - p.y) || 1;
      for (const side of [1, -1]) {
        const at = { x: p.x - (side * off * (q.y - p.y)) / d, y: p.y + (side * off * (q.x - p.x)) / d };
        if (Math.hypot(at.x - mx, at.y - my) < 30) continue; // the tap spot's own ground
        const pt = toPage(at);
        const el = document.elementFromPoint(pt.x, pt.y);
        if (el?.classList.contains("sb-link-hit") && el.closest("g.sb-linkbtn") === g) return pt;
      }
    }
    return null;
  }, off);
}

test("a click 11 px beside a link's line cuts it; pointing at it highlights it; the tools say what a click does", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await open(page, "billing-crash", 5_000);
  const link = cluster(page).getByRole("button", { name: /^Link n1 – etcd/ });
  await expect(link).toHaveAccessibleName(/working$/);
  // With the network tools open, the picture's bar says what a click on a link does.
  await page.getByRole("button", { name: "Network tools", exact: true }).click();
  await expect(
    page.getByText(
      "Click a link line to cut it; links run from each node to etcd and to the resource. Click it again to heal it.",
    ),
  ).toBeVisible();
  const pt = await besideLink(link, 11);
  expect(pt, "the link's hit area reaches 11 px beside its line").not.toBeNull();
  const { x, y } = pt as { x: number; y: number };
  await page.mouse.move(x, y);
  // The highlight: the link's line thickens under the pointer.
  await expect
    .poll(() =>
      link.evaluate((g) => getComputedStyle(g.querySelector("path.sb-link") as Element).strokeWidth),
    )
    .toBe("3px");
  await page.mouse.click(x, y);
  await expect(link).toHaveAccessibleName(/cut both ways$/);
  // The keyboard path stays: Enter on the focused link heals it.
  await link.focus();
  await page.keyboard.press("Enter");
  await expect(link).toHaveAccessibleName(/working$/);
});

test("an etcd run's legend says once that the nodes talk only through etcd, and no link bends", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await open(page, "billing-crash", 5_000);
  const legend = page.getByRole("list", { name: "Legend" });
  await expect(legend.getByText(/nodes talk to etcd, and write to the resource$/)).toHaveCount(1);
  // Three nodes on etcd: every link a straight line from its node to its end (M, one mark, end).
  const bends = await cluster(page)
    .locator("g.sb-linkbtn path.sb-link")
    .evaluateAll(
      (paths) =>
        paths.filter((p) => {
          const pts = (p.getAttribute("d") ?? "")
            .slice(1)
            .split("L")
            .map((s) => s.split(",").map(Number));
          // Straight: every point on the line from the first to the last.
          const [a, b] = [pts[0], pts[pts.length - 1]];
          return pts.some(
            ([x, y]) =>
              Math.abs((b[0] - a[0]) * (a[1] - y) - (a[0] - x) * (b[1] - a[1])) /
                Math.hypot(b[0] - a[0], b[1] - a[1]) >
              1,
          );
        }).length,
    );
  expect(bends).toBe(0);
});
