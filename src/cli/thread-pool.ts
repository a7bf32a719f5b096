// The CLI's one pool of worker_threads. Each thread boots once (search-worker.ts prepares a
// search if it was given one) and then runs whatever it is handed: a chunk of search schedules
// or a part of an experiment's trials. The caller's plan decides what runs next and what is the
// answer, so the result never depends on how many threads ran it or which finished first.
import { createRequire } from "node:module";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { FromWorker, ToWorker } from "./search-worker.ts";

/** How a thread starts. From `npm run sim` (scripts/sim.mjs), the worker bundle was built
 *  beside the CLI's and a thread starts from scripts/code-cache.mjs, which runs it from V8's
 *  code cache (compiling the 2 MB bundle was most of a thread's start-up). Otherwise (the
 *  sources under tsx: tests, the bench) the worker's code is bundled in memory once per process
 *  and each thread evaluates it: a thread that loaded the TypeScript sources itself (registering
 *  tsx, then compiling and linking some two hundred modules) took 1.5 s to start on a 2-core
 *  machine, a third of Figure 16's whole run on two threads. */
let bundled: string | null = null;
function startWorker(workerData: unknown): Worker {
  const prebuilt = process.env.ELECTION_LAB_WORKER_BUNDLE;
  const boot = process.env.ELECTION_LAB_WORKER_BOOT;
  if (prebuilt && boot) return new Worker(boot, { workerData });
  if (bundled === null) {
    // esbuild only here: the bundled CLI never loads it (it is external to the bundle).
    const { buildSync } = createRequire(import.meta.url)("esbuild") as typeof import("esbuild");
    const out = buildSync({
      entryPoints: [fileURLToPath(new URL("./search-worker.ts", import.meta.url))],
      bundle: true,
      platform: "node",
      format: "cjs",
      target: "node20",
      write: false,
      logLevel: "silent",
    });
    bundled = out.outputFiles[0].text;
  }
  return new Worker(bundled, { eval: true, workerData });
}

/** Tasks each thread holds at once: while it runs one, the next is already in its queue, so it
 *  never waits for the main thread's reply to a finished task before starting the next. */
const IN_FLIGHT = 2;

export interface PoolPlan {
  /** the next task, or null when none is left to hand out */
  next(): ToWorker | null;
  /** a finished task's reply */
  reply(m: Exclude<FromWorker, { type: "ready" } | { type: "error" }>): void;
  /** true once the answer is known (every task reported, or an early stop) */
  finished(): boolean;
}

/** As many threads as the machine offers, at least 2. */
export function defaultThreads(): number {
  return Math.max(2, availableParallelism());
}

/** Run `plan` on `threads` threads; `workerData` is the search spec each thread prepares (or null). */
export function runThreads(plan: PoolPlan, threads: number, workerData: unknown = null): Promise<void> {
  const pool: Worker[] = [];
  return new Promise<void>((resolve, reject) => {
    let settled = false;
    const stop = (err: Error | null) => {
      if (settled) return;
      settled = true;
      for (const w of pool) void w.terminate();
      if (err) reject(err);
      else resolve();
    };
    const feed = (w: Worker) => {
      const t = plan.next();
      if (t) w.postMessage(t);
      else if (plan.finished()) stop(null);
    };
    if (plan.finished()) return stop(null);
    for (let i = 0; i < Math.max(1, threads); i++) {
      let w: Worker;
      try {
        w = startWorker(workerData);
      } catch (e) {
        return stop(
          new Error(`the worker threads could not be built: ${e instanceof Error ? e.message : String(e)}`),
        );
      }
      pool.push(w);
      w.on("message", (m: FromWorker) => {
        if (m.type === "error") return stop(new Error(m.message));
        if (m.type !== "ready") {
          plan.reply(m);
          if (plan.finished()) return stop(null);
        }
        // A thread that is ready takes IN_FLIGHT tasks; one that finished a task, the next.
        for (let k = m.type === "ready" ? IN_FLIGHT : 1; k > 0; k--) feed(w);
      });
      w.on("error", (e) => stop(e));
      w.on("exit", (code) => {
        if (!settled) stop(new Error(`a worker thread stopped unexpectedly (exit code ${code})`));
      });
    }
  });
}
