import { defineConfig, devices } from "@playwright/test";
import { findChromium } from "./scripts/chromium-path.mjs";

const executablePath = findChromium() ?? undefined;
const PORT = Number(process.env.E2E_PORT ?? 4173);
// Another build folder can be served (E2E_DIST), so parallel work never serves a half-built app.
const DIST = process.env.E2E_DIST ?? "dist";

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [["list"]],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: "off",
    // The offline service worker precaches the whole app; only the offline test wants it.
    serviceWorkers: "block",
    launchOptions: {
      executablePath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  projects: [
    // @phone tests belong to the phone project (touch, 375 px); running them on desktop too only doubled the time.
    { name: "desktop", use: { ...devices["Desktop Chrome"], channel: undefined }, grepInvert: /@phone/ },
    { name: "phone", use: { ...devices["Pixel 7"], viewport: { width: 375, height: 800 } }, grep: /@phone/ },
  ],
  webServer: {
    // The tests run against the built app, as a learner would get it.
    command: `npx vite preview --host 127.0.0.1 --port ${PORT} --strictPort --outDir ${DIST}`,
    url: `http://127.0.0.1:${PORT}`,
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
