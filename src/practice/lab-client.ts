// The page's side of the lab worker: run a job, hear its progress, cancel it. The worker itself
// is managed by the app's one worker client (src/worker/client.ts) and its restart policy.
// Cancelling terminates the worker and fails every job still waiting; a crash fails them with
// the reason; the next job runs on a fresh worker. Tests pass createWorker to run jobs in-process.
import { WorkerClient, type WorkerPort } from "../worker/client.ts";
import { handleLabMessage, type FromLab, type JobResult, type LabJob, type ToLab } from "./lab-jobs.ts";

export type LabWorkerLike = WorkerPort<ToLab, FromLab>;

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
  private seq = 0;
  private readonly pending = new Map<number, Pending>();
  private readonly client: WorkerClient<ToLab, FromLab>;

  constructor(createWorker: () => LabWorkerLike = createLabWorker) {
    // No liveness pings: the lab worker runs one long job at a time and cannot answer during it.
    this.client = new WorkerClient<ToLab, FromLab>({
      create: createWorker,
      label: "the experiment worker",
      onMessage: (m) => this.onMessage(m),
      // A job that crashed the worker is not run again; the jobs waiting fail with the reason.
      onCrash: (why) => this.failAll(new Error(why)),
    });
  }

  run<J extends LabJob>(job: J, progress?: (done: number, total: number) => void): LabRun<JobResult<J>> {
    const id = ++this.seq;
    const promise = new Promise<JobResult<J>>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject, progress });
    });
    if (!this.client.running) this.client.start();
    this.client.post({ type: "run", id, job });
    return { promise, cancel: () => this.cancelAll() };
  }

  /** Stop whatever runs: terminate the worker, and fail every waiting job as cancelled. */
  cancelAll(): void {
    this.client.stop();
    this.failAll(new CancelledError());
  }

  dispose(): void {
    this.cancelAll();
  }

  get busy(): boolean {
    return this.pending.size > 0;
  }

  private onMessage(m: FromLab): void {
    const p = this.pending.get(m.id);
    if (!p) return;
    if (m.type === "progress") p.progress?.(m.done, m.total);
    else {
      this.pending.delete(m.id);
      if (m.type === "result") p.resolve(m.result);
      else p.reject(new Error(m.message));
    }
  }

  private failAll(err: Error): void {
    const waiting = [...this.pending.values()];
    this.pending.clear();
    for (const p of waiting) p.reject(err);
  }
}
