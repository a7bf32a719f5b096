// The page's side of the progress check worker (import-check.worker.ts): a learner's imported
// progress file is decoded and validated off the page, with a time budget after which the worker
// is ended and the learner told why, as share links and scenario files are (check-client.ts).
// Where there are no workers (unit tests) the same check runs in-process.
import type { ImportResult } from "./transfer.ts";

/** Reading the largest file the limit allows (5 MB) takes well under a second on a slow phone. */
export const PROGRESS_CHECK_BUDGET_MS = 5_000;

export interface ProgressCheckPort {
  postMessage(text: string): void;
  terminate(): void;
  onmessage: ((e: MessageEvent<ImportResult>) => void) | null;
  onerror: ((e: ErrorEvent) => void) | null;
}

function createWorker(): ProgressCheckPort | null {
  if (typeof Worker === "undefined") return null;
  return new Worker(new URL("./import-check.worker.ts", import.meta.url), { type: "module", name: "election-lab-progress-check" }) as unknown as ProgressCheckPort;
}

/** Reads a progress file's text off the page. Never rejects. */
export function checkProgressOffPage(
  text: string,
  opts: { budgetMs?: number; create?: () => ProgressCheckPort | null; setTimer?: (f: () => void, ms: number) => unknown; clearTimer?: (t: unknown) => void } = {},
): Promise<ImportResult> {
  const budget = opts.budgetMs ?? PROGRESS_CHECK_BUDGET_MS;
  const worker = (opts.create ?? createWorker)();
  if (!worker) {
    return import("./transfer.ts").then((m) => m.parseProgressFile(text)).catch((err: unknown) => ({ ok: false as const, reason: `it could not be read (${String((err as Error)?.message ?? err).slice(0, 120)})` }));
  }
  const setTimer = opts.setTimer ?? ((f, ms) => setTimeout(f, ms));
  const clearTimer = opts.clearTimer ?? ((t) => clearTimeout(t as ReturnType<typeof setTimeout>));
  return new Promise<ImportResult>((resolve) => {
    let settled = false;
    const finish = (r: ImportResult) => {
      if (settled) return;
      settled = true;
      clearTimer(timer);
      worker.onmessage = null;
      worker.onerror = null;
      worker.terminate();
      resolve(r);
    };
    const timer = setTimer(
      () => finish({ ok: false, reason: `reading the file took longer than ${budget / 1000} s, so it was stopped; a progress file made here is read in well under a second` }),
      budget,
    );
    worker.onmessage = (e) => finish(e.data);
    worker.onerror = (e) => {
      e.preventDefault?.();
      finish({ ok: false, reason: "the file could not be read: the checker stopped with an error" });
    };
    worker.postMessage(text);
  });
}
