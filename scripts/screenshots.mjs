// Takes screenshots of the built app for review and for the README:
//   npx vite preview --port 4173 &  node scripts/screenshots.mjs [outdir] [path ...]
import { chromium } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { findChromium } from "./chromium-path.mjs";

const [outDir = "/tmp/shots", ...paths] = process.argv.slice(2);
const targets = paths.length ? paths : ["/", "/learn/why-a-leader", "/learn/role-state-machine"];
mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: findChromium() ?? undefined,
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
  ],
});
for (const [name, viewport, scheme] of [
  ["desktop", { width: 1280, height: 900 }, "light"],
  ["phone", { width: 375, height: 812 }, "light"],
  ["dark", { width: 1280, height: 900 }, "dark"],
]) {
  const page = await browser.newPage({ viewport, colorScheme: scheme });
  for (const path of targets) {
    await page.goto(`http://127.0.0.1:4173${path}`);
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(400);
    const file = `${outDir}/${name}${path.replace(/[^a-z0-9]+/gi, "_")}.png`;
    await page.screenshot({ path: file, fullPage: process.env.FULL === "1" });
    console.log(file);
  }
  await page.close();
}
await browser.close();
