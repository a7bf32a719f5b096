// The page's side of the lab worker: run a job, hear its progress, cancel it. Cancelling (or a
// crash) terminates the worker, fails every job still waiting, and the next job starts a fresh
// worker. Tests pass createWorker to run jobs in-process.
import { handleLabMessage, type FromLab, type JobResult, type LabJob, type ToLab } from "./lab-jobs.ts";

export interface LabWorkerLike {
  postMessage(msg: ToLab): void;
  terminate(): void;
  onmessage: ((e: MessageEvent<FromLab>) => void) | null;
  onerror: ((e: ErrorEvent) => void) | null;
}

export class CancelledError extends Error {
  constructor() {
    super("cancelled");
    this.name = "CancelledError";
  }
}

export function createLabWorker(): LabWorkerLike {
  return new Worker(new URL("./lab.worker.ts", import.meta.url), { type: "module", name: "election-lab-practice" }) as unknown as LabWorkerLike;
}

/** A stand-in worker that runs jobs on this thread, a macrotask later (tests, no Worker). */
export function inlineLabWorker(): LabWorkerLike {
  let dead = false;
  const w: LabWorkerLike = {
    onmessage: null,
    onerror: null,
    postMessage(msg) {
      setTimeout(() => {
        if (dead) return;
        handleLabMessage(msg, (m) => {
          if (!dead) w.onmessage?.({ data: m } as MessageEvent<FromLab>);
        });
      }, 0);
    },
    terminate() {
      dead = true;
    },
  };
  return w;
}

interface Pending {
  resolve(v: unknown): void;
  reject(e: Error): void;
  progress?: (done: number, total: number) => void;
}

export interface LabRun<T> {
  promise: Promise<T>;
  cancel(): void;
}

export class LabClient {
  private worker: LabWorkerLike | null = null;
  private seq = 0;
  private readonly pending = new Map<number, Pending>();
  private readonly make: () => LabWorkerLike;

  constructor(createWorker: () => LabWorkerLike = createLabWorker) {
    this.make = createWorker;
  }

  run<J extends LabJob>(job: J, progress?: (done: number, total: number) => void): LabRun<JobResult<J>> {
    const id = ++this.seq;
    const promise = new Promise<JobResult<J>>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject, progress });
    });
    this.ensure().postMessage({ type: "run", id, job });
    return { promise, cancel: () => this.cancelAll() };
  }

  /** Stop whatever runs: terminate the worker, and fail every waiting job as cancelled. */
  cancelAll(): void {
    this.stopWorker();
    const waiting = [...this.pending.values()];
    this.pending.clear();
    for (const p of waiting) p.reject(new CancelledError());
  }

  dispose(): void {
    this.cancelAll();
  }

  get busy(): boolean {
    return this.pending.size > 0;
  }

  private ensure(): LabWorkerLike {
    if (this.worker) return this.worker;
    const w = this.make();
    w.onmessage = (e) => {
      if (this.worker !== w) return;
      const m = e.data;
      const p = this.pending.get(m.id);
      if (!p) return;
      if (m.type === "progress") p.progress?.(m.done, m.total);
      else {
        this.pending.delete(m.id);
        if (m.type === "result") p.resolve(m.result);
        else p.reject(new Error(m.message));
      }
    };
    w.onerror = (e) => {
      e.preventDefault?.();
      if (this.worker !== w) return;
      this.stopWorker();
      const waiting = [...this.pending.values()];
      this.pending.clear();
      for (const p of waiting) p.reject(new Error(`the experiment worker failed (${e.message || "an uncaught error"})`));
    };
    this.worker = w;
    return w;
  }

  private stopWorker(): void {
    const w = this.worker;
    this.worker = null;
    if (w) {
      w.onmessage = null;
      w.onerror = null;
      w.terminate();
    }
  }
}
