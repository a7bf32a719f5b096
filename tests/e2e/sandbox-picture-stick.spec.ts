// The pinned picture at a desk (1280x800), read while the page scrolls (review 17b #2: scrolled
// to the Timeline, the legend's ◆ ★ ● painted over the pinned picture, and the picture's top,
// pushed up by its row's end, lay under the sticky time bar), and the page's rows while a run
// plays (review 17b #9: "What is a token?" became "What is a token? Why 2?" and wrapped, moving
// the tab row down). On the build before wt22 the first test failed at every scroll from 200 px
// (legend icons inside the picture, its top under the bar from 300 px) and the second with the
// picture 28 px shorter and the legend's foot lower at 12 s.
import { test, expect } from "./fixtures";
import type { Page } from "@playwright/test";
import { cluster, simTime } from "./sandbox-helpers";

test.use({ viewport: { width: 1280, height: 800 } });
test.describe.configure({ timeout: 120_000 });

async function opened(page: Page, at: number) {
  await page.goto(`/sandbox?at=${at}`);
  await expect(simTime(page)).toHaveText(new RegExp(`^${(at / 1000).toFixed(2).replace(".", "\\.")} s`), {
    timeout: 60_000,
  });
  await expect(
    cluster(page)
      .getByRole("button", { name: /^n\d+, / })
      .first(),
  ).toBeVisible();
}

/** At this scroll: legend marks painted inside the picture's visible box, and the picture's top
 *  under the time bar while its column is pinned away from its row's top. */
async function stackProblems(page: Page, y: number): Promise<string[]> {
  await page.evaluate((y) => window.scrollTo(0, y), y);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  return page.evaluate((y) => {
    const out: string[] = [];
    const bar = document.querySelector(".sb-timebar")?.getBoundingClientRect();
    const stage = document.querySelector(".sb-main-full .sb-stage")?.getBoundingClientRect();
    const col = document.querySelector(".sb-main-full > .sb-stage-col")?.getBoundingClientRect();
    const main = document.querySelector(".sb-main-full")?.getBoundingClientRect();
    if (!bar || !stage || !col || !main) return [`at ${y}: no time bar, picture or row`];
    const top = Math.max(stage.top, bar.bottom, 0);
    const bottom = Math.min(stage.bottom, window.innerHeight);
    if (bottom > top)
      for (const el of document.querySelectorAll(
        ".sb-legend .sb-key, .sb-legend .sb-key-svg, .sb-legend li",
      )) {
        const r = el.getBoundingClientRect();
        const cx = r.left + r.width / 2;
        const cy = r.top + r.height / 2;
        if (r.width === 0 || cx < stage.left || cx > stage.right || cy < top || cy > bottom) continue;
        const hit = document.elementFromPoint(cx, cy);
        if (hit && !hit.closest(".sb-stage"))
          out.push(
            `at ${y}: the legend's "${(el.textContent ?? "").trim().slice(0, 30) || el.className}" paints over the picture at (${Math.round(cx)}, ${Math.round(cy)})`,
          );
      }
    // Pinned (moved from its row's top) yet its top under the bar: neither whole nor scrolled away.
    const pinned = col.top - main.top > 1;
    if (pinned && stage.top < bar.bottom - 1 && stage.bottom > bar.bottom)
      out.push(
        `at ${y}: the pinned picture's top (${Math.round(stage.top)}) is under the time bar (to ${Math.round(bar.bottom)})`,
      );
    return out;
  }, y);
}

test("scrolled down to the Timeline, nothing paints over the pinned picture and its top is never under the time bar", async ({
  page,
}) => {
  await opened(page, 0);
  const problems: string[] = [];
  for (const y of [100, 150, 200, 250, 300, 350, 400, 450, 500])
    problems.push(...(await stackProblems(page, y)));
  // As the tabs invite: the Timeline's heading brought into view.
  await page
    .getByRole("heading", { name: /^Timeline/ })
    .first()
    .scrollIntoViewIfNeeded();
  problems.push(...(await stackProblems(page, await page.evaluate(() => window.scrollY))));
  expect(problems).toEqual([]);
});

// The picture's column (the picture and the legend under it) keeps its height: the tab row under
// it moves only if the column beside it grows (Latest and Last writes fill as the run plays).
test("the picture and the legend's foot keep their place once a leader gives the legend its 'Why 2?'", async ({
  page,
}) => {
  const place = async () => {
    const legend = (await page.locator(".sb-main-full .sb-area-legend").boundingBox())!;
    return {
      legendFoot: Math.round(legend.y + legend.height),
      picture: Math.round((await cluster(page).boundingBox())!.height),
    };
  };
  await opened(page, 0);
  const before = await place();
  await opened(page, 12_000);
  // The picture's legend (the timeline's key has a fold of its own further down the page).
  await expect(
    page.getByRole("list", { name: "Legend", exact: true }).locator(".sb-legend-term summary").last(),
  ).toContainText("Why 2?");
  expect(await place()).toEqual(before);
});
