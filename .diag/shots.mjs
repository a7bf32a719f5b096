import { chromium } from "@playwright/test";
import { mkdirSync } from "node:fs";
const out = process.argv[2] ?? "/tmp/course-shots";
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
const base = "http://127.0.0.1:4202";
for (const [name, viewport, mobile] of [["desktop", { width: 1280, height: 800 }, false], ["phone", { width: 375, height: 812 }, true]]) {
  const ctx = await browser.newContext({ viewport, hasTouch: mobile, isMobile: mobile, deviceScaleFactor: 1 });
  const page = await ctx.newPage();
  const shot = async (n) => { await page.screenshot({ path: `${out}/${name}-${n}.png` }); console.log(`${out}/${name}-${n}.png`); };
  // a lesson: top, then a diagram, then a term opened
  await page.goto(base + "/learn/kubernetes-leases");
  await page.getByRole("heading", { level: 1 }).waitFor();
  await page.waitForFunction(() => !document.querySelector(".diagram-loading"));
  await shot("lesson-top");
  await page.locator("figure.diagram").first().scrollIntoViewIfNeeded();
  await shot("lesson-diagram");
  const term = page.locator("article button.term").first();
  await term.scrollIntoViewIfNeeded();
  if (mobile) await term.tap(); else await term.click();
  await shot("lesson-term");
  // the quiz: home, then a question answered in learn mode
  await page.goto(base + "/quiz");
  await page.getByRole("heading", { level: 1 }).waitFor();
  await page.getByLabel("Lesson").selectOption("why-a-leader");
  await shot("quiz-home");
  await page.getByRole("button", { name: /Start learning/ }).click();
  await page.locator("article.quiz-question h2").waitFor();
  const opt = page.locator(".quiz-option input").first();
  if (await opt.count()) { await opt.check(); await page.getByRole("button", { name: "Submit answer" }).click(); await page.locator(".quiz-verdict").waitFor(); }
  await shot("quiz-feedback");
  const knew = page.getByRole("button", { name: "Knew it" });
  if (await knew.count()) { await knew.click(); await page.locator(".quiz-scheduled").scrollIntoViewIfNeeded(); await shot("quiz-rated"); }
  // an interview prompt
  await page.goto(base + "/interview?prompt=fencing-after-a-pause");
  await page.getByRole("heading", { level: 1 }).waitFor();
  await shot("interview");
  await ctx.close();
}
await browser.close();
