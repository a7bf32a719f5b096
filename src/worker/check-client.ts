// The page's side of the check worker: one worker per share link or imported file, a time
// budget, and a plain answer. Whatever the input, the page only waits: the decoding and the
// validation run in the worker, and a worker that overruns CHECK_BUDGET_MS is ended and the
// learner told why. Where there are no workers (unit tests, very old browsers) the same job runs
// in-process, loaded on demand.
import type { CheckJob, CheckResult } from "./check-job.ts";

/** Validating the largest scenario the limits allow takes well under a second on a slow phone;
 *  five seconds means something is wrong with the input, not the device. */
export const CHECK_BUDGET_MS = 5_000;

export interface CheckPort {
  postMessage(job: CheckJob): void;
  terminate(): void;
  onmessage: ((e: MessageEvent<CheckResult>) => void) | null;
  onerror: ((e: ErrorEvent) => void) | null;
}

function createCheckWorker(): CheckPort | null {
  if (typeof Worker === "undefined") return null;
  return new Worker(new URL("./check.worker.ts", import.meta.url), { type: "module", name: "election-lab-check" }) as unknown as CheckPort;
}

const what = (job: CheckJob) => (job.kind === "link" ? "this link" : `${job.name}`);

/** Decodes and validates a share link or a scenario file off the page. Never rejects. */
export function checkOffPage(
  job: CheckJob,
  opts: { budgetMs?: number; create?: () => CheckPort | null; setTimer?: (f: () => void, ms: number) => unknown; clearTimer?: (t: unknown) => void } = {},
): Promise<CheckResult> {
  const budget = opts.budgetMs ?? CHECK_BUDGET_MS;
  const worker = (opts.create ?? createCheckWorker)();
  if (!worker) {
    return import("./check-job.ts").then((m) => m.runCheckJob(job)).catch((err: unknown) => ({ ok: false as const, stage: "scenario" as const, message: `it could not be read (${String((err as Error)?.message ?? err).slice(0, 120)})` }));
  }
  const setTimer = opts.setTimer ?? ((f, ms) => setTimeout(f, ms));
  const clearTimer = opts.clearTimer ?? ((t) => clearTimeout(t as ReturnType<typeof setTimeout>));
  return new Promise<CheckResult>((resolve) => {
    let settled = false;
    const finish = (r: CheckResult) => {
      if (settled) return;
      settled = true;
      clearTimer(timer);
      worker.onmessage = null;
      worker.onerror = null;
      worker.terminate();
      resolve(r);
    };
    const timer = setTimer(() => finish({
      ok: false,
      stage: "budget",
      message: `checking ${what(job)} took longer than ${budget / 1000} s, so it was stopped. A run made here is checked in well under a second; this one is far larger or more tangled than that.`,
    }), budget);
    worker.onmessage = (e) => finish(e.data);
    worker.onerror = (e) => {
      e.preventDefault?.();
      finish({ ok: false, stage: "scenario", message: `${what(job)} could not be checked: the checker stopped with an error.` });
    };
    worker.postMessage(job);
  });
}
