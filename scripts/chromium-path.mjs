// Where the browser for end-to-end tests lives. Playwright cannot download its own browser on
// this network, so we drive Debian's Chromium; an environment variable overrides the path.
import { existsSync } from "node:fs";

export const CANDIDATES = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/lib/chromium/chromium"];

export function findChromium() {
  const fromEnv = process.env.CHROMIUM_PATH || process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH;
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : null;
  return CANDIDATES.find((p) => existsSync(p)) ?? null;
}
