// One job, one worker, one answer, within a time budget: the page's side of the check workers
// (share links and scenario files, worker/check-client.ts; progress files,
// progress/import-check-client.ts). Whatever the input, the page only waits: a worker that
// overruns its budget or stops with an error is ended and the caller's own refusal is the
// answer; one that answers is ended too. Where there are no workers (unit tests, very old
// browsers) the same job runs in-process, loaded on demand. Never rejects.

export interface OneShotPort<In, Out> {
  postMessage(input: In): void;
  terminate(): void;
  onmessage: ((e: MessageEvent<Out>) => void) | null;
  onerror: ((e: ErrorEvent) => void) | null;
}

/** What a caller may replace (tests drive the timer by hand and hand in a fake worker). */
export interface OneShotOptions<In, Out> {
  budgetMs?: number;
  create?: () => OneShotPort<In, Out> | null;
  setTimer?: (f: () => void, ms: number) => unknown;
  clearTimer?: (t: unknown) => void;
}

export interface OneShotJob<In, Out> {
  input: In;
  budgetMs: number;
  /** a new worker, or null where there are none */
  create: () => OneShotPort<In, Out> | null;
  /** the same job on the page, loaded on demand */
  inProcess: () => Promise<Out>;
  /** the answers the worker could not give: overrun, crashed, or (in-process) threw */
  overBudget: (budgetMs: number) => Out;
  crashed: Out;
  unreadable: (message: string) => Out;
}

export function askOnce<In, Out>(job: OneShotJob<In, Out>, opts: OneShotOptions<In, Out> = {}): Promise<Out> {
  const budget = opts.budgetMs ?? job.budgetMs;
  const worker = (opts.create ?? job.create)();
  if (!worker)
    return job
      .inProcess()
      .catch((err: unknown) => job.unreadable(String((err as Error)?.message ?? err).slice(0, 120)));
  const setTimer = opts.setTimer ?? ((f, ms) => setTimeout(f, ms));
  const clearTimer = opts.clearTimer ?? ((t) => clearTimeout(t as ReturnType<typeof setTimeout>));
  return new Promise<Out>((resolve) => {
    let settled = false;
    const finish = (r: Out) => {
      if (settled) return;
      settled = true;
      clearTimer(timer);
      worker.onmessage = null;
      worker.onerror = null;
      worker.terminate();
      resolve(r);
    };
    const timer = setTimer(() => finish(job.overBudget(budget)), budget);
    worker.onmessage = (e) => finish(e.data);
    worker.onerror = (e) => {
      e.preventDefault?.();
      finish(job.crashed);
    };
    worker.postMessage(job.input);
  });
}
