// The learner's view of the course's words and figures, as the last fresh walk found them: a
// chosen quiz answer that turned faint after Check, a live-run label drawn as a closed section,
// a first lesson whose first live run came after its flowchart (whose lines crossed its labels),
// the last /start screen's way on buried under the run on a phone, and a phone diagram that
// opened on its left edge, away from the part the lesson is about.
import type { Locator, Page } from "@playwright/test";
import { test, expect } from "./fixtures";

/** The contrast between the darkest pixel of an element's screenshot and its corner pixel (the
 *  background around a round control), by WCAG's relative luminance. Decoded on a blank page, so
 *  the app's content policy has no say. */
async function markContrast(page: Page, el: Locator): Promise<number> {
  const png = (await el.screenshot()).toString("base64");
  const blank = await page.context().newPage();
  try {
    return await blank.evaluate(async (b64) => {
      const img = new Image();
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      const c = document.createElement("canvas");
      c.width = img.width;
      c.height = img.height;
      const g = c.getContext("2d")!;
      g.drawImage(img, 0, 0);
      const px = g.getImageData(0, 0, c.width, c.height).data;
      const lum = (i: number) => {
        const ch = [px[i], px[i + 1], px[i + 2]].map((v) => {
          const s = v / 255;
          return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * ch[0] + 0.7152 * ch[1] + 0.0722 * ch[2];
      };
      const bg = lum(0);
      let darkest = bg;
      for (let i = 0; i < px.length; i += 4) darkest = Math.min(darkest, lum(i));
      return (bg + 0.05) / (darkest + 0.05);
    }, png);
  } finally {
    await blank.close();
  }
}

test("a chosen quiz answer stays clearly marked after it is checked", async ({ page }) => {
  await page.goto("/quiz");
  await page.getByRole("button", { name: /Start learning/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: /^Question 1 of/ })).toBeVisible();
  const first = page.locator(".quiz-option").first();
  await first.click();
  const mark = first.locator("input");
  await expect(mark).toBeChecked();
  expect(await markContrast(page, mark), "chosen, before Check").toBeGreaterThanOrEqual(3);
  await page.getByRole("button", { name: "Submit answer" }).click();
  await expect(page.locator(".quiz-verdict")).toBeVisible({ timeout: 30_000 });
  await expect(mark).toBeDisabled();
  await expect(mark).toBeChecked();
  // WCAG 1.4.11: a control's state needs 3:1 against what is around it, checked or not.
  expect(await markContrast(page, mark), "chosen, after Check").toBeGreaterThanOrEqual(3);
});

test("lesson 1 opens with a live run before its first figure, labelled as a run, not as a closed section", async ({
  page,
}) => {
  await page.goto("/learn/why-a-leader");
  const run = page.locator(".sandbox-embed").first();
  const figure = page.locator("figure.diagram").first();
  await expect(run).toBeVisible();
  // Its label is a plain title: no triangle that reads as a closed section.
  await expect(run.locator(".sandbox-embed-title")).toHaveText(/^[A-Za-z]/);
  await expect(run.locator(".sandbox-embed-title")).not.toContainText(/[▶▸►▼▾]/);
  // The first live run comes in the lesson's first section, before any figure.
  const [runTop, figTop] = await Promise.all(
    [run, figure].map((l) => l.evaluate((el) => el.getBoundingClientRect().top)),
  );
  expect(runTop).toBeLessThan(figTop);
});

test("lesson 1's flowchart: no connecting line runs through a label", async ({ page }) => {
  await page.goto("/learn/why-a-leader");
  const figure = page.locator("figure.diagram").first();
  await figure.scrollIntoViewIfNeeded();
  await expect(figure.locator("svg").first()).toBeVisible({ timeout: 60_000 });
  // No point of any connecting line lies inside a label's box (and there are lines and labels).
  const crossings = await figure.evaluate((fig) => {
    const svg = fig.querySelector("svg")!;
    const boxes = [...svg.querySelectorAll(".edgeLabel, .nodeLabel, .label text, text")]
      .filter((el) => (el.textContent ?? "").trim())
      .map((el) => ({ text: el.textContent!.trim(), r: el.getBoundingClientRect() }))
      .filter((b) => b.r.width > 0 && b.r.height > 0);
    const out: string[] = [];
    const paths = [...svg.querySelectorAll<SVGPathElement>("path.flowchart-link, .edgePaths path")];
    if (paths.length < 6 || boxes.length < 8)
      out.push(`only ${paths.length} lines and ${boxes.length} labels found`);
    for (const path of paths) {
      const m = path.getScreenCTM();
      if (!m) continue;
      const len = path.getTotalLength();
      for (let d = 0; d <= len; d += 2) {
        const p = path.getPointAtLength(d).matrixTransform(m);
        const hit = boxes.find(
          (b) => p.x > b.r.left + 1 && p.x < b.r.right - 1 && p.y > b.r.top + 1 && p.y < b.r.bottom - 1,
        );
        if (hit) {
          out.push(hit.text);
          break;
        }
      }
    }
    return out;
  });
  expect(crossings).toEqual([]);
});

test("@phone the last /start screen offers the first lesson on the first screen, picture and Play still in view", async ({
  page,
}) => {
  await page.goto("/start?screen=9");
  await expect(page.getByRole("heading", { level: 1, name: "Your turn" })).toBeVisible();
  // Measured on the live run once it is drawn: the placeholder (with its own Play, picture and
  // the screen's links) is replaced when the run's chunk arrives, and a box read in between was
  // null (a fresh-clone CI run).
  await expect(page.getByRole("group", { name: /^Cluster view/ })).toBeVisible({ timeout: 30_000 });
  const vh = page.viewportSize()!.height;
  const link = page.getByRole("link", { name: /^Start lesson 1: / });
  await expect(link).toBeInViewport({ ratio: 1 });
  await expect.poll(async () => (await link.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(24);
  // Not at the picture's expense: the picture's top and Play are on the same screen.
  const picture = page.locator(".first-steps-live svg").first();
  await expect.poll(async () => (await picture.boundingBox())?.y ?? vh).toBeLessThan(vh / 2);
  await expect(page.getByRole("button", { name: /Play/ }).first()).toBeInViewport({ ratio: 1 });
  await link.tap();
  await expect(page).toHaveURL(/\/learn\/why-a-leader$/);
});

test("@phone Your turn: what to press and by when sits with the buttons, above what just happened, on the first screen", async ({
  page,
}) => {
  await page.goto("/start?screen=9");
  await expect(page.getByRole("heading", { level: 1, name: "Your turn" })).toBeVisible();
  const vh = page.viewportSize()!.height;
  const hint = page.locator("#gr-fault-why");
  const latest = page.getByRole("region", { name: "What just happened" });
  // The fault button is the one the hint describes; its words follow the run once pressed.
  const fault = page.locator('button[aria-describedby="gr-fault-why"]');
  const inView = async (what: string) => {
    const h = (await hint.boundingBox())!;
    const f = (await fault.boundingBox())!;
    expect(h.y + h.height, `${what}: the hint's bottom`).toBeLessThanOrEqual(vh);
    expect(h.y, `${what}: the hint under its button`).toBeGreaterThan(f.y);
    expect(h.y, `${what}: the hint above what just happened`).toBeLessThan((await latest.boundingBox())!.y);
  };
  await page.getByRole("button", { name: "Play", exact: true }).tap();
  await expect(hint).toContainText(/^GC pause the leader any time before \d+ s\.$/, {
    timeout: 30_000,
  });
  await inView("with a leader");
  await fault.tap();
  await expect(hint).toContainText(/n\d is paused for 4 s/, { timeout: 30_000 });
  await inView("paused");
});

test("@phone the fencing diagram fits a phone whole: worker A's lane and the refused late write both in its frame", async ({
  page,
}) => {
  await page.goto("/learn/fencing-tokens");
  const figure = page.locator("figure.diagram").first();
  await figure.scrollIntoViewIfNeeded();
  await expect(figure.locator("svg").first()).toBeVisible({ timeout: 60_000 });
  const frame = figure.locator(".diagram-svg");
  const inFrame = async (text: string) => {
    const [f, l] = await Promise.all([
      frame.boundingBox(),
      figure.locator("svg text", { hasText: text }).first().boundingBox(),
    ]);
    return f && l ? l.x >= f.x - 1 && l.x + l.width <= f.x + f.width + 1 : false;
  };
  // Drawn for the phone's column (review 10a #8; it once opened mid-sequence, then needed a
  // swipe to reach the refusal): no sideways scroll, every lane and the refusal on screen.
  await expect.poll(() => inFrame("Worker A")).toBe(true);
  await expect.poll(() => inFrame("refused, 41")).toBe(true);
  expect(await frame.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  await expect(frame).not.toHaveAttribute("role", "region");
});

test("pages no reviewer had walked speak in the learner's words and fit their row", async ({ page }) => {
  // Progress: both figures carry their unit.
  await page.goto("/progress");
  await expect(page.locator("main p").first()).toContainText(
    /about \d+ minutes left on the core path \(\d+ minutes with every deep dive\)/,
  );
  // Glossary: the letters in use share one row at 1280 px.
  await page.goto("/glossary");
  const letters = page.getByRole("navigation", { name: "Glossary letters" }).getByRole("link");
  await expect(letters.first()).toBeVisible();
  const tops = await letters.evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
  expect(tops.length).toBeGreaterThan(10);
  expect(new Set(tops).size).toBe(1);
  // A challenge says how it is judged without naming the simulator's insides.
  await page.goto("/practice?challenge=raft-split-votes");
  await expect(page.getByRole("heading", { level: 2, name: "Checklist" })).toBeVisible();
  await expect(page.locator("main")).toContainText("The check plays your run to its end");
  await expect(page.locator("main")).not.toContainText(/engine/i);
  // A rules card names its timers in words, not by their setting's field name.
  await page.goto("/rules/etcd?ttl=10000&renew=3333.3333333333335");
  await expect(page.getByRole("rowheader", { name: "Session TTL", exact: true })).toBeVisible();
  await expect(page.locator("main table code")).toHaveCount(0);
});

test("@phone Compare starts with the first run's picture on the first screen, every comparison one select away", async ({
  page,
}) => {
  await page.goto("/compare");
  // One select on a phone (review 5b #19: the sideways row of pills was clipped with no cue).
  const pick = page.getByRole("combobox", { name: "Comparison" });
  await expect(pick.getByRole("option")).toHaveCount(4);
  // The cluster picture itself, by its role and name (the legend's little icons are svgs too,
  // and one with no box of its own came first in the side's column).
  const picture = page
    .locator(".pr-side")
    .first()
    .getByRole("group", { name: /^Cluster view/ });
  await expect(picture).toBeVisible({ timeout: 30_000 });
  const vh = page.viewportSize()!.height;
  expect((await picture.boundingBox())!.y).toBeLessThan(vh - 150);
  const lastTitle = await pick.getByRole("option").last().textContent();
  await pick.selectOption({ label: lastTitle! });
  await expect(page).toHaveURL(/pair=prevote/);
  await expect(pick).toHaveValue("prevote");
});
