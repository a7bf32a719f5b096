// Interface figures, measured the way a learner feels them, with Playwright on the built app:
// frame times and main-thread long tasks while the sandbox runs, how soon a lesson's text shows,
// and the home page's initial JavaScript. Reports only; nothing is asserted.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium, type Browser, type Page } from "@playwright/test";
import { findChromium } from "../chromium-path.mjs";
import { busyPerFrame, quantile } from "./frame-busy.ts";

const ROOT = join(import.meta.dirname, "..", "..");
const DIST = join("/tmp", `election-lab-bench-${process.pid}`);
// BENCH_UI_PORT: engineers sharing a machine each bench on their own port.
const PORT = Number(process.env.BENCH_UI_PORT ?? 4199);
const BASE = `http://127.0.0.1:${PORT}`;
// The sandbox runs: their length, the untraced window (frames, long tasks) and the traced one.
const RUN_S = 1200;
const WINDOW_MS = 6000;
const TRACE_MS = 3000;

export type SandboxFigure = {
  nodes: number;
  speed: number;
  fps: number;
  /** time between animation frames (rAF): a 60 Hz display paces it at 16.7 ms however little work a frame holds */
  frameMedianMs: number;
  frameP95Ms: number;
  /** the page's main thread, from a browser trace: its busy time in each 16.7 ms frame interval
   *  (every top-level task, scripts, style, layout and paint), and its busy share overall */
  busyPerFrameMedianMs: number;
  busyPerFrameP95Ms: number;
  busyShare: number;
  longTasks: number;
  longestTaskMs: number;
  simulatedSeconds: number;
  /** true when the run reached its end inside the window (then it measured more than playback) */
  endedInWindow: boolean;
};

export type UiFigures = {
  sandbox: SandboxFigure[];
  sandboxUnderLoad: SandboxFigure[];
  lessonTextVisibleMs: { median: number; runs: number[] };
  homeInitialJsGzipKb: number;
  homeScriptFiles: number;
};

async function portInUse(): Promise<boolean> {
  try {
    await fetch(BASE);
    return true;
  } catch {
    return false;
  }
}

async function startPreview(): Promise<ChildProcess> {
  if (await portInUse())
    throw new Error(`port ${PORT} is already in use; stop whatever serves it and run the benchmark again`);
  // Its own process group, so stopping it stops vite too and not only the npx wrapper.
  const child = spawn(
    "npx",
    ["vite", "preview", "--host", "127.0.0.1", "--port", String(PORT), "--strictPort", "--outDir", DIST],
    {
      cwd: ROOT,
      stdio: "ignore",
      detached: true,
    },
  );
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(BASE)).ok) return child;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  stopPreview(child);
  throw new Error(`the preview server did not start on port ${PORT}`);
}

function stopPreview(child: ChildProcess): void {
  try {
    if (child.pid) process.kill(-child.pid, "SIGTERM");
  } catch {
    child.kill();
  }
}

async function sandboxRun(browser: Browser, nodes: number, speed: number): Promise<SandboxFigure> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  // A string, not a function: tsx would wrap named inner functions in a helper the page lacks.
  await page.addInitScript({
    content: `window.__lt = []; window.__fr = [];
      new PerformanceObserver((list) => list.getEntries().forEach((e) => window.__lt.push(e.duration))).observe({ type: "longtask", buffered: true });
      (function tick(t) { if (t !== undefined) window.__fr.push(t); requestAnimationFrame(tick); })();`,
  });
  await page.goto(`${BASE}/sandbox`);
  await page.getByRole("tab", { name: "Run settings", exact: true }).click(); // the settings are a tab of the sandbox's panels
  await page.getByLabel("Protocol").selectOption("raft");
  await page.getByLabel(/^Nodes/).fill(String(nodes));
  // The windows take about 10.5 s of wall time, 1050 simulated seconds at 100x, so the run plays
  // on through them: its end (the controls change, the picture is laid out again) is not playback.
  // At 25 nodes the defaults (a 50 ms heartbeat) would exceed the run-size limit over that long,
  // so the big cluster beats slower.
  await page.getByLabel("Run length (s)").fill(String(RUN_S));
  if (nodes > 5) {
    await page.getByLabel("Heartbeat every (ms)").fill("200");
    await page.getByLabel("Election timeout, longest (ms)").fill("1000");
    await page.getByLabel("Election timeout, shortest (ms)").fill("500");
  }
  await page.getByLabel("Speed").selectOption(String(speed));
  await page.getByRole("button", { name: "Start new run" }).click();
  await page.getByRole("button", { name: "Pause K", exact: true }).waitFor();
  await page.waitForTimeout(1000); // the run is built and streaming; measure the steady state
  await page.evaluate(() => {
    const w = window as unknown as { __lt: number[]; __fr: number[] };
    w.__lt = [];
    w.__fr = [];
  });
  // Frames and long tasks first, untraced: a browser trace costs the page time of its own (it
  // made tasks of 50-70 ms that an untraced page never had). Then a shorter traced window for
  // the work per frame.
  await page.waitForTimeout(WINDOW_MS);
  const { lt, fr } = await page.evaluate(() => {
    const w = window as unknown as { __lt: number[]; __fr: number[] };
    return { lt: [...w.__lt], fr: [...w.__fr] };
  });
  await browser.startTracing(page, { categories: ["toplevel"] });
  await page.waitForTimeout(TRACE_MS);
  const busy = busyPerFrame(JSON.parse((await browser.stopTracing()).toString()));
  const simText = (await page.locator("output.sb-time").first().textContent()) ?? "0";
  await context.close();
  const deltas = fr.slice(1).map((t, i) => t - fr[i]);
  if (fr.length < 2) throw new Error("no animation frames were recorded");
  return {
    nodes,
    speed,
    fps: deltas.length / ((fr[fr.length - 1] - fr[0]) / 1000 || 1),
    frameMedianMs: quantile(deltas, 0.5),
    frameP95Ms: quantile(deltas, 0.95),
    busyPerFrameMedianMs: busy.median,
    busyPerFrameP95Ms: busy.p95,
    busyShare: busy.share,
    longTasks: lt.filter((d) => d > 50).length,
    longestTaskMs: lt.length ? Math.max(...lt) : 0,
    simulatedSeconds: Number.parseFloat(simText),
    endedInWindow: Number.parseFloat(simText) >= RUN_S,
  };
}

async function lessonTextVisible(browser: Browser): Promise<number> {
  const page: Page = await browser.newPage();
  await page.addInitScript(() => {
    const w = window as unknown as { __textAt?: number };
    new MutationObserver((_, obs) => {
      if (document.querySelector(".prose p")) {
        w.__textAt = performance.now();
        obs.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(`${BASE}/learn/fencing-tokens`);
  await page.locator(".prose p").first().waitFor();
  const at = await page.evaluate(() => (window as unknown as { __textAt: number }).__textAt);
  await page.close();
  return at;
}

async function homeInitialJs(browser: Browser): Promise<{ kb: number; files: number }> {
  const page = await browser.newPage();
  const scripts = new Set<string>();
  page.on("request", (r) => {
    if (r.resourceType() === "script") scripts.add(new URL(r.url()).pathname);
  });
  await page.goto(`${BASE}/`);
  await page.waitForLoadState("networkidle");
  await page.close();
  let total = 0;
  for (const p of scripts) total += gzipSync(readFileSync(join(DIST, p))).length;
  return { kb: total / 1024, files: scripts.size };
}

export async function benchUi(log: (...a: unknown[]) => void): Promise<UiFigures | { skipped: string }> {
  const chromiumCheck = spawnSync("node", ["scripts/ensure-chromium.mjs"], {
    cwd: ROOT,
    stdio: ["ignore", 2, 2],
  }); // its messages go to stderr: stdout is the JSON
  const executablePath = findChromium();
  if (chromiumCheck.status !== 0 || !executablePath) return { skipped: "no Chromium; see the message above" };
  log("\nBuilding the app for the interface figures...");
  const build = spawnSync("npx", ["vite", "build", "--outDir", DIST, "--emptyOutDir"], {
    cwd: ROOT,
    stdio: "ignore",
  });
  if (build.status !== 0) throw new Error("vite build failed; run `npm run build` to see why");
  const server = await startPreview();
  const browser = await chromium.launch({
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
  });
  try {
    const sandbox: SandboxFigure[] = [];
    log(
      `\nSandbox, raft, a steady ${WINDOW_MS / 1000} s of wall time after the run starts (then ${TRACE_MS / 1000} s traced for the work per frame)`,
    );
    log(
      `  ${"nodes".padStart(5)} ${"speed".padStart(6)} ${"fps".padStart(5)} ${"frame p50".padStart(10)} ${"frame p95".padStart(10)} ${"busy/frame p50".padStart(15)} ${"p95".padStart(8)} ${"busy".padStart(5)} ${"tasks>50ms".padStart(11)} ${"longest".padStart(8)} ${"sim time".padStart(9)}`,
    );
    for (const [nodes, speed] of [
      [5, 10],
      [5, 100],
      [25, 10],
      [25, 100],
    ]) {
      const f = await sandboxRun(browser, nodes, speed);
      sandbox.push(f);
      log(
        `  ${String(nodes).padStart(5)} ${`${speed}x`.padStart(6)} ${f.fps.toFixed(0).padStart(5)} ${`${f.frameMedianMs.toFixed(1)} ms`.padStart(10)} ${`${f.frameP95Ms.toFixed(1)} ms`.padStart(10)} ${`${f.busyPerFrameMedianMs.toFixed(1)} ms`.padStart(15)} ${`${f.busyPerFrameP95Ms.toFixed(1)} ms`.padStart(8)} ${`${Math.round(f.busyShare * 100)}%`.padStart(5)} ${String(f.longTasks).padStart(11)} ${`${f.longestTaskMs.toFixed(0)} ms`.padStart(8)} ${`${f.simulatedSeconds.toFixed(0)} s`.padStart(9)}${f.endedInWindow ? " (the run ended inside the window)" : ""}`,
      );
    }
    // The same page while two processes keep both cores busy (npm run test:load's set-up): the
    // page must not stall there either (issue 39). BENCH_UI_LOAD=0 leaves these rows out.
    const sandboxUnderLoad: SandboxFigure[] = [];
    const burners = Number(process.env.BENCH_UI_LOAD ?? 2);
    if (burners > 0) {
      log(`\nThe same, while ${burners} busy loops keep the cores busy (npm run test:load's set-up)`);
      const loops = Array.from({ length: burners }, () =>
        spawn(process.execPath, ["-e", "for (;;) Math.sqrt(Math.random());"], { stdio: "ignore" }),
      );
      try {
        for (const [nodes, speed] of [
          [5, 100],
          [25, 100],
        ]) {
          const f = await sandboxRun(browser, nodes, speed);
          sandboxUnderLoad.push(f);
          log(
            `  ${String(nodes).padStart(5)} ${`${speed}x`.padStart(6)} ${f.fps.toFixed(0).padStart(5)} ${`${f.frameMedianMs.toFixed(1)} ms`.padStart(10)} ${`${f.frameP95Ms.toFixed(1)} ms`.padStart(10)} ${`${f.busyPerFrameMedianMs.toFixed(1)} ms`.padStart(15)} ${`${f.busyPerFrameP95Ms.toFixed(1)} ms`.padStart(8)} ${`${Math.round(f.busyShare * 100)}%`.padStart(5)} ${String(f.longTasks).padStart(11)} ${`${f.longestTaskMs.toFixed(0)} ms`.padStart(8)} ${`${f.simulatedSeconds.toFixed(0)} s`.padStart(9)}`,
          );
        }
      } finally {
        for (const l of loops) l.kill("SIGKILL");
      }
    }
    const runs: number[] = [];
    for (let i = 0; i < 5; i++) runs.push(await lessonTextVisible(browser));
    const median = quantile(runs, 0.5);
    log(
      `\nLesson text visible after navigation start: median ${median.toFixed(0)} ms (runs: ${runs.map((r) => r.toFixed(0)).join(", ")})`,
    );
    const js = await homeInitialJs(browser);
    log(
      `Home page initial JavaScript: ${js.kb.toFixed(1)} KB gzipped in ${js.files} files, as the browser fetched it (goal <= 100 KB)`,
    );
    return {
      sandbox,
      sandboxUnderLoad,
      lessonTextVisibleMs: { median, runs },
      homeInitialJsGzipKb: js.kb,
      homeScriptFiles: js.files,
    };
  } finally {
    await browser.close();
    stopPreview(server);
    rmSync(DIST, { recursive: true, force: true });
  }
}
