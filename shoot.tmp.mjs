// quick screenshots: node shoot.mjs <url-path> <name>
import { chromium } from "@playwright/test";
const [, , port, ...jobs] = process.argv;
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
for (const job of jobs) {
  const [path, name] = job.split("@@");
  for (const [w, h] of [[1280, 800], [375, 812]]) {
    const page = await browser.newPage({ viewport: { width: w, height: h } });
    await page.goto(`http://127.0.0.1:${port}${path}`);
    await page.getByRole("group", { name: /^Cluster view at/ }).first().waitFor({ timeout: 20000 });
    await page.waitForFunction(() => !document.body.textContent.includes("Starting the simulator"));
    const el = page.locator(".sb-cluster-host").first();
    await el.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/cluster-shots/${name}-${w}.png` });
    await page.screenshot({ path: `/tmp/cluster-shots/${name}-${w}-full.png`, fullPage: true });
    await page.close();
  }
}
await browser.close();
