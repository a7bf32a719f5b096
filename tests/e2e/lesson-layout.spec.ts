// How a lesson reads on a phone and a laptop: glossary terms by tap, the title before the course
// menu, diagrams whole and legible (full screen on a phone), tables named by their section,
// contents of a long lesson, and a lesson list that reaches its last lesson on a short laptop screen.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Locator } from "@playwright/test";
import { test, expect } from "./fixtures";

const LESSONS = join(import.meta.dirname, "..", "..", "content", "lessons");
/** Every lesson that draws a diagram, read from the lesson files. */
const WITH_DIAGRAMS = readdirSync(LESSONS)
  .filter((f) => f.endsWith(".mdx") && readFileSync(join(LESSONS, f), "utf8").includes("<Diagram"))
  .map((f) => f.slice(0, -4))
  .sort();

/** Opens a closed deep dive around a figure, as a learner would, before it is measured. */
async function reveal(figure: Locator) {
  if (await figure.evaluate((el) => el.closest("details")?.open === false)) {
    await figure.evaluate((el) => el.closest("details")!.querySelector("summary")!.click());
  }
  await expect(figure.locator("svg").first()).toBeVisible({ timeout: 60_000 });
}

/** The drawing as the learner sees it: its width against its frame's, and its smallest label in
 *  screen px (the label's font size in the SVG's units times the SVG's scale on screen). */
function measure(figure: Locator) {
  return figure.evaluate((fig) => {
    const frame = fig.querySelector(".diagram-svg") as HTMLElement;
    const svg = frame.querySelector("svg")!;
    const box = svg.getBoundingClientRect();
    const scale = box.width / svg.viewBox.baseVal.width;
    const sizes = Array.from(svg.querySelectorAll("text"))
      .filter((t) => (t.textContent ?? "").trim() !== "")
      .map((t) => parseFloat(getComputedStyle(t).fontSize) * scale);
    const frameBox = frame.getBoundingClientRect();
    return {
      scrolls: frame.scrollWidth > frame.clientWidth + 1,
      svgLeft: box.left,
      svgRight: box.right,
      frameLeft: frameBox.left,
      frameRight: frameBox.right,
      pageRight: document.documentElement.clientWidth,
      minText: Math.min(...sizes),
      labels: sizes.length,
    };
  });
}

// The @phone tests tap, so they need the phone project's touch screen; the desktop project skips them.
test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.title.includes("@phone") && testInfo.project.name !== "phone", "needs a touch screen");
  // Lessons load their body and Mermaid lazily; on a shared two-core machine that can take long.
  test.setTimeout(120_000);
});

test("@phone tapping a glossary term shows its definition until a tap elsewhere", async ({ page }) => {
  await page.goto("/learn/role-state-machine");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible({ timeout: 60_000 });
  await expect(page.locator("article button.term").first()).toBeVisible({ timeout: 60_000 });
  // The term that sits furthest right: its note is the one that could push the page sideways.
  const terms = page.locator("article button.term");
  const rights = await terms.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().right));
  const term = terms.nth(rights.indexOf(Math.max(...rights)));
  await term.scrollIntoViewIfNeeded();
  await term.tap();
  const tip = page.getByRole("tooltip").filter({ visible: true });
  await expect(tip).toHaveCount(1);
  await expect(term).toHaveAttribute("aria-expanded", "true");
  // It stays: the same tap's focus and click do not cancel each other. Checked after the page has
  // handled further input (a scroll), not after a wait.
  await page.mouse.wheel(0, 10);
  await expect(term).toHaveAttribute("aria-expanded", "true");
  await expect(tip).toBeVisible();
  // The note fits the phone's screen.
  const fit = await tip.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const width = document.documentElement.clientWidth;
    return { left: r.left, right: r.right, width, page: document.documentElement.scrollWidth };
  });
  expect(fit.left).toBeGreaterThanOrEqual(0);
  expect(fit.right).toBeLessThanOrEqual(fit.width);
  expect(fit.page).toBeLessThanOrEqual(fit.width);
  // A tap on the lesson's title (not a control) closes it.
  await page.getByRole("heading", { level: 1 }).tap();
  await expect(page.getByRole("tooltip").filter({ visible: true })).toHaveCount(0);
  await expect(term).toHaveAttribute("aria-expanded", "false");
});

test("@phone a lesson opens with its title, the course menu closed below it", async ({ page }) => {
  await page.goto("/learn/zab");
  const title = page.getByRole("heading", { level: 1 });
  await expect(title).toBeInViewport({ timeout: 60_000 });
  const menu = page.getByText("Course contents", { exact: true });
  const titleBox = (await title.boundingBox())!;
  const menuBox = (await menu.boundingBox())!;
  expect(menuBox.y).toBeGreaterThan(titleBox.y);
  const lessons = page.getByRole("navigation", { name: "Lessons" });
  await expect(lessons).toBeHidden();
  await menu.tap();
  await expect(lessons.getByRole("link", { name: /Zab/ })).toHaveAttribute("aria-current", "page");
});

test("@phone a wide diagram keeps legible text and scrolls sideways, by keyboard too", async ({ page }) => {
  await page.goto("/learn/kubernetes-leases");
  const frames = page.locator("figure.diagram .diagram-svg");
  await expect(frames.first().locator("svg")).toBeVisible({ timeout: 60_000 });
  const count = await frames.count();
  for (let i = 0; i < count; i++) {
    const frame = frames.nth(i);
    // A drawing inside a closed deep dive is read as a learner would: after opening it.
    if (await frame.evaluate((el) => el.closest("details")?.open === false)) {
      const summary = await frame.evaluateHandle((el) => el.closest("details")!.querySelector("summary")!);
      await summary.asElement()!.tap();
      await expect(frame).toBeVisible();
    }
    await frame.scrollIntoViewIfNeeded();
    // Rendered label size: the smallest on-screen text height in the drawing.
    const px = await frame.evaluate((el) => {
      const texts = Array.from(el.querySelectorAll("svg text"));
      const sizes = texts.map((t) => t.getBoundingClientRect().height).filter((h) => h > 0);
      return Math.min(...sizes);
    });
    expect(px, `diagram ${i + 1}: text height in px`).toBeGreaterThanOrEqual(10);
    const scrolls = await frame.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
    if (scrolls) {
      await expect(frame).toHaveAttribute("tabindex", "0");
      await expect(frame).toHaveAttribute("role", "region");
      // Pressed again until it moves: under load a drawing still being laid out (a deep dive's,
      // opened just now) can take the first press before it scrolls, or be redrawn at 0 after it.
      await expect(async () => {
        await frame.focus();
        await page.keyboard.press("ArrowRight");
        expect(await frame.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
      }).toPass({ timeout: 20_000 });
    }
  }
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test("lesson tables sit in regions each named by its own section", async ({ page }) => {
  await page.goto("/learn/role-state-machine");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const regions = page.locator("article .table-scroll");
  await expect(regions.first()).toHaveAttribute("aria-label", /^Table: /);
  const names = await regions.evaluateAll((els) => els.map((e) => e.getAttribute("aria-label")));
  expect(names.length).toBeGreaterThanOrEqual(2);
  expect(new Set(names).size).toBe(names.length);
  expect(names).not.toContain("Table");
});

test("a long lesson lists its sections on the page, in the words of its headings", async ({ page }) => {
  await page.goto("/learn/in-the-wild");
  const contents = page.getByRole("navigation", { name: "On this page" });
  const link = contents.getByRole("link", { name: "Stripe, July 2019" });
  await expect(link).toHaveAttribute("href", "#stripe-july-2019");
  await link.click();
  await expect(page.getByRole("heading", { level: 2, name: /Stripe, July 2019/ })).toBeInViewport();
});

test("the lesson list scrolls on its own to the last lesson on an 800 px screen", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/learn/why-a-leader");
  const list = page.locator(".course-sidebar");
  // Once stuck to the top, the whole frame fits the screen (the list is taller: it scrolls inside).
  const box = (await list.boundingBox())!;
  expect(box.height).toBeLessThanOrEqual(800 - 32);
  expect(await list.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
  const last = page.getByRole("navigation", { name: "Lessons" }).getByRole("link").last();
  await last.scrollIntoViewIfNeeded();
  await expect(last).toBeInViewport();
  expect(await list.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
});

test("at 1280 every lesson diagram is whole, inside the page, with labels of 12 px or more", async ({
  page,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  expect(WITH_DIAGRAMS.length).toBeGreaterThan(5);
  for (const lesson of WITH_DIAGRAMS) {
    await page.goto(`/learn/${lesson}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible({ timeout: 60_000 });
    const figures = page.locator("figure.diagram");
    // Attached, not visible: a lesson's only diagram may sit in a closed deep dive.
    await expect(figures.first()).toBeAttached({ timeout: 60_000 });
    const count = await figures.count();
    for (let i = 0; i < count; i++) {
      const figure = figures.nth(i);
      await reveal(figure);
      const where = `${lesson}, diagram ${i + 1}`;
      // The drawing's width settles after it is drawn; a real overflow never does.
      await expect
        .poll(async () => (await measure(figure)).scrolls, { message: `${where} scrolls` })
        .toBe(false);
      const m = await measure(figure);
      expect(m.labels, `${where} has labels`).toBeGreaterThan(0);
      expect(m.svgLeft, `${where} starts inside its frame`).toBeGreaterThanOrEqual(m.frameLeft - 0.5);
      expect(m.svgRight, `${where} ends inside its frame`).toBeLessThanOrEqual(m.frameRight + 0.5);
      expect(m.frameRight, `${where} ends inside the page`).toBeLessThanOrEqual(m.pageRight);
      expect(m.minText, `${where}: smallest label in px`).toBeGreaterThanOrEqual(12);
    }
  }
});

test("@phone a wide diagram shows it scrolls, and opens full screen: Escape closes it, focus comes back", async ({
  page,
}) => {
  // The bully election's five lanes are wider than a phone even drawn for its column (the
  // fencing diagram this used to open now fits whole: mermaid-compact.ts).
  await page.goto("/learn/bully-and-ring");
  const figure = page
    .locator("figure.diagram")
    .filter({ has: page.getByRole("region", { name: /^Diagram: / }) })
    .first();
  await reveal(figure);
  await figure.scrollIntoViewIfNeeded();
  const frame = figure.getByRole("region", { name: /^Diagram: / });
  await expect(frame).toBeVisible();
  // The cue: the hidden right edge fades, and a line says to scroll.
  const viewport = figure.locator(".diagram-viewport");
  await expect(viewport).toHaveAttribute("data-more-right", "");
  // On a touch screen the line says to swipe.
  await expect(figure.getByText(/Swipe sideways/)).toBeVisible();
  const fade = await viewport.evaluate((el) => getComputedStyle(el, "::after").opacity);
  expect(Number(fade)).toBe(1);
  // Labels stay legible while the frame scrolls (a phone may draw them down to 10 px, so more
  // lanes show at once: review 8a #4).
  expect((await measure(figure)).minText).toBeGreaterThanOrEqual(10);
  // Scrolled to its end, the right fade goes and the left one comes.
  await frame.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  await expect(viewport).toHaveAttribute("data-more-left", "");
  await expect(viewport).not.toHaveAttribute("data-more-right", "");

  const open = figure.getByRole("button", { name: "Full screen" });
  await open.tap();
  const dialog = page.getByRole("dialog", { name: "Diagram, full screen" });
  await expect(dialog).toBeVisible();
  const drawing = dialog.locator("svg").first();
  await expect(drawing).toBeVisible();
  // It fills the screen and opens with labels a phone can read (12 px or more): this drawing is
  // wider than a phone at that size, so it scrolls, starting at its left edge.
  const box = (await dialog.boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(370);
  expect(box.height).toBeGreaterThanOrEqual(700);
  const fitted = async () => {
    const d = (await drawing.boundingBox())!;
    expect(d.x).toBeGreaterThanOrEqual(box.x);
    const scale = d.width / (await drawing.evaluate((el) => (el as SVGSVGElement).viewBox.baseVal.width));
    expect(scale * 16).toBeGreaterThanOrEqual(12 - 0.01);
  };
  await fitted();
  await expect(dialog.getByText("Pinch or use + to zoom")).toBeVisible();
  const fit = dialog.getByRole("button", { name: "Fit" });
  await expect(fit).toBeDisabled();
  // Zoom in enlarges it; Fit brings the opening size back.
  const before = (await drawing.boundingBox())!.width;
  await dialog.getByRole("button", { name: "Zoom in" }).tap();
  await expect.poll(async () => (await drawing.boundingBox())!.width).toBeGreaterThan(before);
  await fit.tap();
  await expect.poll(async () => (await drawing.boundingBox())!.width).toBeCloseTo(before, 0);
  await fitted();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();
});

test("a diagram opens full screen by keyboard alone", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/learn/raft-election");
  const figure = page.locator("figure.diagram").first();
  await reveal(figure);
  const open = figure.getByRole("button", { name: "Full screen" });
  await open.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Diagram, full screen" });
  await expect(dialog.locator("svg").first()).toBeVisible();
  // The drawing's frame has the focus: the arrow keys pan it.
  await expect(dialog.getByRole("region", { name: /^Diagram: / })).toBeFocused();
  // The bar's buttons are a Tab away: back from the drawing, Close.
  await page.keyboard.press("Shift+Tab");
  await expect(dialog.getByRole("button", { name: "Close" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();
});
