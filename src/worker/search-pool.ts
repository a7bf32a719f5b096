// The page's side of a search: a pool of Web Workers fed chunks of schedule indices by the
// engine's ChunkPlan (the answer is the lowest failing index, so it is the same for any number
// of workers), then one worker shrinks the failure. Progress is reported per chunk; cancel
// terminates every worker at once, so a long search never holds the page.
import { ChunkPlan, type SearchOutcome, type SearchSpec } from "../engine/search/index.ts";
import type { FromSearchWorker, ToSearchWorker } from "./search-host.ts";

export interface SearchWorkerLike {
  postMessage(m: ToSearchWorker): void;
  terminate(): void;
  onmessage: ((e: MessageEvent<FromSearchWorker>) => void) | null;
  onerror: ((e: ErrorEvent) => void) | null;
}

export function createSearchWorker(): SearchWorkerLike {
  return new Worker(new URL("./search.worker.ts", import.meta.url), {
    type: "module",
    name: "election-lab-search",
  }) as unknown as SearchWorkerLike;
}

export interface SearchProgress {
  phase: "searching" | "shrinking";
  ran: number;
  total: number;
}
export type SearchEnd =
  | { kind: "done"; outcome: SearchOutcome }
  | { kind: "cancelled"; ran: number }
  | { kind: "failed"; message: string };

export interface SearchRun {
  done: Promise<SearchEnd>;
  cancel(): void;
}

export function defaultWorkers(): number {
  const n = typeof navigator !== "undefined" ? navigator.hardwareConcurrency || 2 : 2;
  return Math.max(1, Math.min(4, n));
}

export function startSearch(
  spec: SearchSpec,
  total: number,
  opts: {
    workers?: number;
    createWorker?: () => SearchWorkerLike;
    onProgress?: (p: SearchProgress) => void;
  } = {},
): SearchRun {
  const plan = new ChunkPlan(total);
  const make = opts.createWorker ?? createSearchWorker;
  const n = Math.max(1, Math.min(opts.workers ?? defaultWorkers(), Math.ceil(total / plan.size)));
  const pool: SearchWorkerLike[] = [];
  let ran = 0;
  let end: (e: SearchEnd) => void = () => {};
  let over = false;
  let finishing = false;
  const done = new Promise<SearchEnd>((resolve) => {
    end = resolve;
  });
  const stop = (e: SearchEnd) => {
    if (over) return;
    over = true;
    for (const w of pool) w.terminate();
    end(e);
  };
  const feed = (w: SearchWorkerLike) => {
    const c = plan.next();
    if (c) return w.postMessage({ type: "chunk", chunk: c });
    if (!plan.finished() || finishing) return; // others still run chunks below any failure found
    finishing = true;
    // The answer is known: this worker shrinks it, the rest are no longer needed.
    for (const o of pool) if (o !== w) o.terminate();
    pool.splice(0, pool.length, w);
    opts.onProgress?.({ phase: "shrinking", ran, total });
    w.postMessage({ type: "finish", best: plan.best, tried: plan.tried() });
  };
  for (let i = 0; i < n; i++) {
    const w = make();
    pool.push(w);
    w.onmessage = (e) => {
      if (over || !pool.includes(w)) return;
      const m = e.data;
      if (m.type === "error") return stop({ kind: "failed", message: m.message });
      if (m.type === "result") return stop({ kind: "done", outcome: m.outcome });
      if (m.type === "done") {
        ran += (m.fail ?? m.chunk.to - 1) - m.chunk.from + 1;
        plan.report(m.chunk, m.fail);
        opts.onProgress?.({ phase: "searching", ran, total });
      }
      feed(w);
    };
    w.onerror = (e) => {
      e.preventDefault?.();
      stop({ kind: "failed", message: e.message || "a search worker stopped" });
    };
    w.postMessage({ type: "start", spec });
  }
  return { done, cancel: () => stop({ kind: "cancelled", ran }) };
}
