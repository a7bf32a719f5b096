// The CLI's one pool of worker_threads. Each thread boots once (search-boot.mjs registers the
// TypeScript loader, then search-worker.ts prepares a search if it was given one) and then runs
// whatever it is handed: a chunk of search schedules or a part of an experiment's trials. The
// caller's plan decides what runs next and what is the answer, so the result never depends on
// how many threads ran it or which finished first.
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import type { FromWorker, ToWorker } from "./search-worker.ts";

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
      const w = new Worker(new URL("./search-boot.mjs", import.meta.url), { workerData });
      pool.push(w);
      w.on("message", (m: FromWorker) => {
        if (m.type === "error") return stop(new Error(m.message));
        if (m.type !== "ready") {
          plan.reply(m);
          if (plan.finished()) return stop(null);
        }
        feed(w);
      });
      w.on("error", (e) => stop(e));
      w.on("exit", (code) => { if (!settled) stop(new Error(`a worker thread stopped unexpectedly (exit code ${code})`)); });
    }
  });
}
