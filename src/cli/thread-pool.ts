// The CLI's one pool of worker_threads. Each thread boots once (search-worker.ts prepares a
// search if it was given one) and then runs whatever it is handed: a chunk of search schedules
// or a part of an experiment's trials. The caller's plan decides what runs next and what is the
// answer, so the result never depends on how many threads ran it or which finished first.
import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { buildSync } from "esbuild";
import type { FromWorker, ToWorker } from "./search-worker.ts";

/** The worker's code as one plain script, bundled in memory once per process (no file to
 *  leave behind). A thread that loaded the TypeScript sources itself (registering tsx, then
 *  compiling and linking some two hundred modules) took 1.5 s to start on a 2-core machine, a
 *  third of Figure 16's whole run on two threads; from the bundle two threads are ready in about
 *  0.2 s, after a 0.3 s build. */
let bundled: string | null = null;
function workerCode(): string {
  if (bundled !== null) return bundled;
  // `npm run sim` (scripts/sim.mjs) built it already, beside the CLI's own bundle.
  const prebuilt = process.env.ELECTION_LAB_WORKER_BUNDLE;
  if (prebuilt) return (bundled = readFileSync(prebuilt, "utf8"));
  const out = buildSync({ entryPoints: [fileURLToPath(new URL("./search-worker.ts", import.meta.url))], bundle: true, platform: "node", format: "cjs", target: "node20", write: false, logLevel: "silent" });
  bundled = out.outputFiles[0].text;
  return bundled;
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
    let code: string;
    try {
      code = workerCode();
    } catch (e) {
      return stop(new Error(`the worker threads could not be built: ${e instanceof Error ? e.message : String(e)}`));
    }
    for (let i = 0; i < Math.max(1, threads); i++) {
      const w = new Worker(code, { eval: true, workerData });
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
      w.on("exit", (code) => { if (!settled) stop(new Error(`a worker thread stopped unexpectedly (exit code ${code})`)); });
    }
  });
}
