// Makes sure a Chromium exists for Playwright. As root on Debian it installs the distribution's
// package itself; otherwise it stops and names the command to run.
import { execSync } from "node:child_process";
import { findChromium } from "./chromium-path.mjs";

const found = findChromium();
if (found) {
  console.log(`chromium: using ${found}`);
  process.exit(0);
}
if (process.env.CHROMIUM_PATH || process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH) {
  console.error("chromium: the path in CHROMIUM_PATH does not exist. Fix the variable or unset it.");
  process.exit(1);
}
const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
let hasApt = false;
try {
  execSync("command -v apt-get", { stdio: "ignore" });
  hasApt = true;
} catch {
  hasApt = false;
}
if (!isRoot || !hasApt) {
  console.error(
    "chromium: no Chromium found for the browser tests.\n" +
      "  Install it with:  sudo apt-get install -y chromium\n" +
      "  or point CHROMIUM_PATH at an existing Chromium or Chrome binary.",
  );
  process.exit(1);
}
console.log("chromium: not found; installing Debian's chromium package (this happens once)...");
try {
  execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium", {
    stdio: "inherit",
    shell: "/bin/bash",
  });
} catch {
  console.error("chromium: apt-get could not install chromium. Run: apt-get install -y chromium");
  process.exit(1);
}
const installed = findChromium();
if (!installed) {
  console.error("chromium: apt-get finished but no Chromium binary was found at the usual paths.");
  process.exit(1);
}
console.log(`chromium: installed ${installed}`);
