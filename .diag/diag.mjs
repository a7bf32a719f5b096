import { chromium } from "@playwright/test";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const page = await browser.newPage({ viewport: { width: 375, height: 812 } });
for (const url of process.argv.slice(2)) {
  await page.goto("http://127.0.0.1:4202" + url);
  await page.getByRole("heading", { level: 1 }).first().waitFor();
  await page.waitForFunction(() => !document.querySelector(".diagram-loading"));
  const r = await page.evaluate(() => {
    const W = window.innerWidth;
    const out = [];
    for (const el of document.querySelectorAll("body *")) {
      const b = el.getBoundingClientRect();
      if (b.right > W + 1 && b.width > 0) {
        let p = el.parentElement, clipped = false;
        while (p) { const cs = getComputedStyle(p); if (/(auto|scroll|hidden)/.test(cs.overflowX)) { const pb = p.getBoundingClientRect(); if (pb.right <= W + 1) { clipped = true; break; } } p = p.parentElement; }
        if (!clipped) out.push(`${el.tagName}.${el.className?.baseVal ?? el.className} right=${Math.round(b.right)} ${el.textContent.slice(0, 50)}`);
      }
    }
    return { sw: document.documentElement.scrollWidth, out: out.slice(0, 8) };
  });
  console.log(url, r.sw, r.out.join("\n  "));
}
await browser.close();
