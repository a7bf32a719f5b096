// The page's side of the lab worker: run a job, hear its progress, cancel it. The worker itself
// is managed by the app's one worker client (src/worker/client.ts) and its restart policy.
// Cancelling terminates the worker and fails every job still waiting; a crash fails them with
// the reason; the next job runs on a fresh worker. Tests pass createWorker to run jobs in-process.
import { WorkerClient, type WorkerPort } from "../worker/client.ts";
import { PendingRequests, type Waiter } from "../worker/pending-requests.ts";
import { handleLabMessage, type FromLab, type JobResult, type LabJob, type ToLab } from "./lab-jobs.ts";
import { aggregateFigure16, type Figure16Trial } from "./experiments/figure16.ts";

/** Figure 16's trials per part handed to one worker (small, so the workers stay evenly busy). */
const PART = 10;

/** As many workers as the machine offers, at least 2 and at most 4 (a phone keeps its page). */
export function labWorkers(): number {
  const n = typeof navigator !== "undefined" ? navigator.hardwareConcurrency || 2 : 2;
  return Math.max(2, Math.min(4, n));
}

export type LabWorkerLike = WorkerPort<ToLab, FromLab>;

export class CancelledError extends Error {
  constructor() {
    super("cancelled");
    this.name = "CancelledError";
  }
}

export function createLabWorker(): LabWorkerLike {
  return new Worker(new URL("./lab.worker.ts", import.meta.url), {
    type: "module",
    name: "election-lab-practice",
  }) as unknown as LabWorkerLike;
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

interface Pending extends Waiter<unknown> {
  progress?: (done: number, total: number) => void;
}

export interface LabRun<T> {
  promise: Promise<T>;
  cancel(): void;
}

export class LabClient {
  private readonly pending = new PendingRequests<unknown, Pending>();
  /** clients[0] runs every job; Figure 16 is split by seed over all of them */
  private readonly clients: Array<WorkerClient<ToLab, FromLab>> = [];
  private readonly createWorker: () => LabWorkerLike;
  private readonly workers: number;

  constructor(createWorker: () => LabWorkerLike = createLabWorker, workers = labWorkers()) {
    this.createWorker = createWorker;
    this.workers = Math.max(1, workers);
    this.clients.push(this.newClient());
  }

  private newClient(): WorkerClient<ToLab, FromLab> {
    // No liveness pings: a lab worker runs one long job at a time and cannot answer during it.
    return new WorkerClient<ToLab, FromLab>({
      create: this.createWorker,
      label: "the experiment worker",
      onMessage: (m) => this.onMessage(m),
      // A job that crashed a worker is not run again; the jobs waiting fail with the reason.
      onCrash: (why) => this.failAll(new Error(why)),
    });
  }

  private send(c: WorkerClient<ToLab, FromLab>, job: LabJob, p: Pending): void {
    const id = this.pending.add(p);
    if (!c.running) c.start();
    c.post({ type: "run", id, job });
  }

  run<J extends LabJob>(job: J, progress?: (done: number, total: number) => void): LabRun<JobResult<J>> {
    const promise =
      job.kind === "figure16" && this.workers > 1
        ? (this.runSplit(job as Extract<LabJob, { kind: "figure16" }>, progress) as Promise<JobResult<J>>)
        : new Promise<JobResult<J>>((resolve, reject) =>
            this.send(this.clients[0], job, { resolve: resolve as (v: unknown) => void, reject, progress }),
          );
    return { promise, cancel: () => this.cancelAll() };
  }

  /** Figure 16 split by seed: parts of consecutive trials go to whichever worker is free; the
   *  result is aggregated by range and trial, so it equals one worker's (lab-client.test.ts). */
  private runSplit(
    job: Extract<LabJob, { kind: "figure16" }>,
    progress?: (done: number, total: number) => void,
  ): Promise<unknown> {
    const o = job.options;
    const parts: Array<{ ri: number; from: number; to: number }> = [];
    o.ranges.forEach((_, ri) => {
      for (let from = 0; from < o.trials; from += PART)
        parts.push({ ri, from, to: Math.min(o.trials, from + PART) });
    });
    const total = o.ranges.length * o.trials;
    while (this.clients.length < Math.min(this.workers, Math.max(1, parts.length)))
      this.clients.push(this.newClient());
    return new Promise((resolve, reject) => {
      const trials: Figure16Trial[] = [];
      let next = 0;
      let finished = 0;
      let done = 0;
      let failed = false;
      const fail = (e: Error) => {
        if (!failed) reject(e);
        failed = true;
      };
      const feed = (c: WorkerClient<ToLab, FromLab>) => {
        if (failed) return;
        if (next >= parts.length) {
          if (finished === parts.length) resolve(aggregateFigure16(o, trials));
          return;
        }
        const part = parts[next++];
        let partDone = 0;
        this.send(
          c,
          { kind: "figure16-part", options: o, ...part },
          {
            resolve: (r) => {
              trials.push(...(r as Figure16Trial[]));
              finished++;
              feed(c);
            },
            reject: fail,
            progress: (d) => {
              done += d - partDone;
              partDone = d;
              progress?.(done, total);
            },
          },
        );
      };
      if (parts.length === 0) return resolve(aggregateFigure16(o, trials));
      for (const c of this.clients) feed(c);
    });
  }

  /** Stop whatever runs: terminate every worker, and fail every waiting job as cancelled. */
  cancelAll(): void {
    for (const c of this.clients) c.stop();
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
    else if (m.type === "result") this.pending.resolve(m.id, m.result);
    else this.pending.reject(m.id, new Error(m.message));
  }

  private failAll(err: Error): void {
    this.pending.failAll(err);
  }
}
