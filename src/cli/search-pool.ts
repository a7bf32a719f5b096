// Runs a search's schedules on worker_threads. The pool only moves chunks: ChunkPlan decides
// which index is the answer (the lowest failing one, whichever worker finishes first), so the
// result is the same for 1 or W workers. Shrinking then runs on this thread.
import { Worker } from "node:worker_threads";
import { ChunkPlan, type SearchSpec } from "../engine/search/index.ts";
import type { FromWorker, ToWorker } from "./search-worker.ts";

export interface PoolResult { best: number | null; tried: number }

export function runPool(spec: SearchSpec, total: number, workers: number, onProgress?: (ran: number) => void): Promise<PoolResult> {
  const plan = new ChunkPlan(total);
  const pool: Worker[] = [];
  let ran = 0;
  return new Promise<PoolResult>((resolve, reject) => {
    let settled = false;
    const stop = (err: Error | null) => {
      if (settled) return;
      settled = true;
      for (const w of pool) void w.terminate();
      if (err) reject(err);
      else resolve({ best: plan.best, tried: plan.tried() });
    };
    const feed = (w: Worker) => {
      const c = plan.next();
      if (c) w.postMessage({ type: "chunk", chunk: c } satisfies ToWorker);
      else if (plan.finished()) stop(null);
    };
    for (let i = 0; i < workers; i++) {
      const w = new Worker(new URL("./search-boot.mjs", import.meta.url), { workerData: spec });
      pool.push(w);
      w.on("message", (m: FromWorker) => {
        if (m.type === "error") return stop(new Error(m.message));
        if (m.type === "done") {
          ran += (m.fail ?? m.chunk.to - 1) - m.chunk.from + 1;
          plan.report(m.chunk, m.fail);
          onProgress?.(ran);
          if (plan.finished()) return stop(null);
        }
        feed(w);
      });
      w.on("error", (e) => stop(e));
      w.on("exit", (code) => { if (!settled) stop(new Error(`a search worker stopped unexpectedly (exit code ${code})`)); });
    }
  });
}
