// The page's side of a worker, for every worker the app runs (the simulation, the practice
// lab): typed messages, crash detection (an uncaught error, an unreadable message, or, when
// the worker answers pings, a ping left unanswered) and one restart policy. After a crash the
// worker is terminated and a fresh one started at once, up to MAX_CRASHES within
// CRASH_WINDOW_MS; past that the client stays stopped until retry() (a learner's explicit
// "try again"), so a run that crashes every time cannot loop. What to replay after a restart
// is the caller's business: it holds the scenario and the time, or the jobs it was waiting for.
import type { FromWorker, ToWorker } from "./protocol.ts";

export const CRASH_WINDOW_MS = 20_000;
export const MAX_CRASHES = 3;

export interface WorkerPort<In, Out> {
  postMessage(msg: In): void;
  terminate(): void;
  onmessage: ((e: MessageEvent<Out>) => void) | null;
  onerror: ((e: ErrorEvent) => void) | null;
  onmessageerror?: ((e: MessageEvent) => void) | null;
}

/** The simulation worker's port. */
export type WorkerLike = WorkerPort<ToWorker, FromWorker>;

/** How to ask a worker whether it is alive, for workers that answer between messages. */
export interface Liveness<In, Out> {
  ping(id: number): In;
  /** the ping id a message answers, or null when it is not an answer */
  pongId(msg: Out): number | null;
  /** ms between pings, and how long one may go unanswered */
  every?: number;
  timeout?: number;
}

export interface WorkerClientOptions<In, Out> {
  create(): WorkerPort<In, Out>;
  /** the worker in words, for the crash reason ("the simulation worker") */
  label: string;
  onMessage(msg: Out): void;
  /** The worker died or hung and has been terminated. `restarted`: a fresh one is running
   *  (replay what it needs); false: it failed too often and waits for retry(). */
  onCrash(reason: string, restarted: boolean): void;
  liveness?: Liveness<In, Out>;
  /** wall-clock ms, for the crash window and ping timeouts */
  now?: () => number;
}

export class WorkerClient<In, Out> {
  private worker: WorkerPort<In, Out> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private pingId = 0;
  private pingSentAt = 0;
  private awaitingPong = false;
  private crashes: number[] = [];
  private readonly opts: WorkerClientOptions<In, Out>;
  private readonly now: () => number;

  constructor(opts: WorkerClientOptions<In, Out>) {
    this.opts = opts;
    this.now = opts.now ?? (() => Date.now());
  }

  get running(): boolean {
    return this.worker !== null;
  }

  /** Start a fresh worker (terminating any current one). */
  start(): void {
    this.stop();
    const w = this.opts.create();
    this.worker = w;
    const live = this.opts.liveness;
    w.onmessage = (e) => {
      if (this.worker !== w) return;
      const msg = e.data;
      if (live) {
        const id = live.pongId(msg);
        if (id !== null) {
          if (id === this.pingId) this.awaitingPong = false;
          return;
        }
      }
      this.opts.onMessage(msg);
    };
    w.onerror = (e) => {
      e.preventDefault?.();
      if (this.worker === w) this.crash(`${this.opts.label} crashed (${e.message || "an uncaught error"})`);
    };
    w.onmessageerror = () => {
      if (this.worker === w) this.crash(`a message from ${this.opts.label} could not be read`);
    };
    this.awaitingPong = false;
    if (live) this.pingTimer = setInterval(() => this.checkAlive(live), live.every ?? 1500);
  }

  /** Forget past crashes and start again (after the client gave up). */
  retry(): void {
    this.crashes = [];
    this.start();
  }

  post(msg: In): void {
    this.worker?.postMessage(msg);
  }

  stop(): void {
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pingTimer = null;
    const w = this.worker;
    this.worker = null;
    if (w) {
      w.onmessage = null;
      w.onerror = null;
      w.onmessageerror = null;
      w.terminate();
    }
  }

  private checkAlive(live: Liveness<In, Out>): void {
    if (!this.worker) return;
    const now = this.now();
    if (this.awaitingPong) {
      if (now - this.pingSentAt > (live.timeout ?? 6000)) this.crash(`${this.opts.label} stopped responding`);
      return;
    }
    this.awaitingPong = true;
    this.pingSentAt = now;
    this.worker.postMessage(live.ping(++this.pingId));
  }

  private crash(reason: string): void {
    this.stop();
    const now = this.now();
    this.crashes = this.crashes.filter((t) => now - t < CRASH_WINDOW_MS).concat(now);
    const restart = this.crashes.length < MAX_CRASHES;
    if (restart) this.start();
    this.opts.onCrash(reason, restart);
  }
}

export function createSimWorker(): WorkerLike {
  return new Worker(new URL("./sim.worker.ts", import.meta.url), {
    type: "module",
    name: "election-lab-sim",
  }) as unknown as WorkerLike;
}

/** The simulation worker's client: pings it, since it answers between display ticks. */
export function createSimClient(opts: {
  onMessage(msg: FromWorker): void;
  onCrash(reason: string, restarted: boolean): void;
  createWorker?: () => WorkerLike;
  pingEvery?: number;
  pingTimeout?: number;
}): WorkerClient<ToWorker, FromWorker> {
  return new WorkerClient<ToWorker, FromWorker>({
    create: opts.createWorker ?? createSimWorker,
    label: "the simulation worker",
    onMessage: opts.onMessage,
    onCrash: opts.onCrash,
    liveness: {
      ping: (id) => ({ type: "ping", id }),
      pongId: (m) => (m.type === "pong" ? m.id : null),
      every: opts.pingEvery,
      timeout: opts.pingTimeout,
    },
  });
}
