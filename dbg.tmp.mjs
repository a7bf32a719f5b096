import { chromium } from "@playwright/test";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
page.on("console", (m) => console.log("console", m.type(), m.text()));
page.on("pageerror", (e) => console.log("pageerror", e.message, e.stack));
await page.goto(`http://127.0.0.1:4207${process.argv[2]}`);
await page.waitForTimeout(4000);
console.log(await page.locator(".sb-cluster").count(), await page.locator(".sb-cluster").first().getAttribute("aria-label").catch(() => "none"));
await browser.close();
