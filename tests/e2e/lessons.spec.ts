import { readFileSync, statSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { join } from "node:path";
import { test, expect } from "./fixtures";

test("a lesson renders its Mermaid diagram as an accessible image", async ({ page }) => {
  await page.goto("/learn/role-state-machine");
  const diagram = page.locator("figure.diagram").first();
  const img = diagram.getByRole("img");
  await expect(img).toBeVisible();
  await expect(img.locator("svg")).toBeVisible();
  const label = await img.getAttribute("aria-label");
  expect(label && label.length).toBeGreaterThan(10);
  await expect(diagram.locator("figcaption")).toHaveText(label!);
  // The state diagram names all three roles.
  for (const role of ["Follower", "Candidate", "Leader"])
    await expect(img.locator("svg")).toContainText(role);
});

test("the first lesson's diagrams render too", async ({ page }) => {
  await page.goto("/learn/why-a-leader");
  const diagrams = page.locator("figure.diagram");
  await expect(diagrams.first()).toBeVisible();
  await expect(diagrams.first().getByRole("img").locator("svg")).toBeVisible();
  await expect(page.locator(".diagram-error")).toHaveCount(0);
});

test("prev/next and the sidebar move through the course in order", async ({ page }) => {
  await page.goto("/learn/why-a-leader");
  // The lesson itself first: on a busy machine a click during the first navigation was lost.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/why a leader/i);
  const pager = page.getByRole("navigation", { name: "Previous and next lesson" });
  await pager.getByRole("link", { name: /Next.*role state machine/i }).click();
  await expect(page).toHaveURL(/\/learn\/role-state-machine$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/role state machine/i);
  await pager.getByRole("link", { name: /Previous.*Why a leader/ }).click();
  await expect(page).toHaveURL(/\/learn\/why-a-leader$/);
  const sidebar = page.getByRole("navigation", { name: "Lessons" });
  await expect(sidebar.getByRole("link", { name: /Why a leader/ })).toHaveAttribute("aria-current", "page");
  await sidebar.getByRole("link", { name: /role state machine/i }).click();
  await expect(page).toHaveURL(/\/learn\/role-state-machine$/);
});

test("headings get stable anchors that scroll into place", async ({ page }) => {
  await page.goto("/learn/why-a-leader");
  const h2 = page.locator("article h2.anchored").first();
  const id = await h2.getAttribute("id");
  expect(id).toMatch(/^[a-z0-9-]+$/);
  await page.goto(`/learn/why-a-leader#${id}`);
  await expect(page.locator(`#${id}`)).toBeInViewport();
});

test("a glossary term shows its definition on keyboard focus", async ({ page }) => {
  await page.goto("/learn/role-state-machine");
  const term = page.locator("article button.term").first();
  await term.focus();
  const tip = page.getByRole("tooltip").filter({ visible: true });
  await expect(tip).toHaveCount(1);
  await expect(tip).toContainText(":");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("tooltip").filter({ visible: true })).toHaveCount(0);
});

test("progress is set by the learner, not by opening a page, and survives a reload", async ({ page }) => {
  await page.goto("/learn/why-a-leader");
  const status = page.getByRole("region", { name: "Your progress" });
  await expect(status).toContainText("Not started");
  await page.reload();
  await expect(status).toContainText("Not started");
  await page.getByRole("button", { name: "Mark lesson as done" }).click();
  await expect(status).toContainText("Done");
  await page.reload();
  await expect(page.getByRole("region", { name: "Your progress" })).toContainText("Done");
  await page.goto("/");
  const card = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: /Why a leader/ }) });
  await expect(card).toContainText("Done");
  await expect(page.getByText(/1 done/)).toBeVisible();
  await page.goto("/progress");
  await expect(page.getByText(/1 of \d+ lessons done/)).toBeVisible();
});

test("a corrupt saved blob shows a notice, keeps the blob, and the page still works", async ({ page }) => {
  await page.addInitScript(() => {
    if (!sessionStorage.getItem("seeded")) {
      localStorage.setItem("election-lab:progress", "{not json at all");
      sessionStorage.setItem("seeded", "1");
    }
  });
  await page.goto("/");
  const notice = page.getByRole("status").filter({ hasText: "could not be read" });
  await expect(notice).toContainText("not valid JSON");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const kept = await page.evaluate(() =>
    Object.keys(localStorage)
      .filter((k) => k.startsWith("election-lab:progress:set-aside:"))
      .map((k) => localStorage.getItem(k)),
  );
  expect(kept).toEqual(["{not json at all"]);
  await notice.getByRole("button", { name: "Dismiss" }).click();
  await expect(notice).toHaveCount(0);
});

test("a blob from a future version is set aside with a notice", async ({ page }) => {
  await page.addInitScript(() => {
    if (!sessionStorage.getItem("seeded")) {
      localStorage.setItem("election-lab:progress", JSON.stringify({ version: 7, lessons: {} }));
      sessionStorage.setItem("seeded", "1");
    }
  });
  await page.goto("/learn/why-a-leader");
  await expect(page.getByRole("status").filter({ hasText: "newer version of Election Lab" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

// Issue 18's goal is 100 KB. React and React DOM (61 KB) and the router (28 KB) leave about 10 KB
// for the app's own code on this page, which needs about 15: the progress store (4), the lesson
// cards and course parts it lists (3.6), every route's definition (2.5), the header, the home
// page's components and the lazy-chunk preloader. The limit sits just above today's 105.5 KB so
// that any growth fails here.
const HOME_JS_BUDGET_KB = 107;

test(`the home page's initial JavaScript stays under ${HOME_JS_BUDGET_KB} KB gzipped`, async ({ page }) => {
  const scripts = new Set<string>();
  page.on("request", (req) => {
    if (req.resourceType() === "script") scripts.add(new URL(req.url()).pathname);
  });
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.waitForLoadState("networkidle");
  let total = 0;
  for (const path of scripts) {
    const file = join(process.env.E2E_DIST ?? "dist", path);
    statSync(file);
    total += gzipSync(readFileSync(file)).length;
  }
  console.log(`home initial JS: ${scripts.size} files, ${(total / 1024).toFixed(1)} KB gzipped`);
  // Heavy parts load only where they are used: no Mermaid, no simulator, no sandbox, no schema
  // library and no lesson details (objectives, sources, headings) on the home page.
  expect([...scripts].filter((p) => /mermaid|engine|Sandbox|sandbox|schemas|zod|details/.test(p))).toEqual(
    [],
  );
  expect(total).toBeLessThan(HOME_JS_BUDGET_KB * 1024);
});

test("@phone the lesson reads well at 375 px with no sideways scrolling", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/learn/role-state-machine");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});
