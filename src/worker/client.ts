// The page's side of the worker: typed messages, crash detection (an uncaught error in the
// worker, or a worker that stops answering pings), and a clean restart. What to replay after a
// restart is the caller's business: it holds the scenario and the time.
import type { FromWorker, ToWorker } from "./protocol.ts";

export interface WorkerLike {
  postMessage(msg: ToWorker): void;
  terminate(): void;
  onmessage: ((e: MessageEvent<FromWorker>) => void) | null;
  onerror: ((e: ErrorEvent) => void) | null;
  onmessageerror: ((e: MessageEvent) => void) | null;
}

export interface SimClientOptions {
  onMessage(msg: FromWorker): void;
  /** the worker died or hung; it has been terminated */
  onCrash(reason: string): void;
  createWorker?: () => WorkerLike;
  /** ms between liveness pings, and how long a ping may go unanswered */
  pingEvery?: number;
  pingTimeout?: number;
}

export function createSimWorker(): WorkerLike {
  return new Worker(new URL("./sim.worker.ts", import.meta.url), { type: "module", name: "election-lab-sim" }) as unknown as WorkerLike;
}

export class SimClient {
  private worker: WorkerLike | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private pingId = 0;
  private pingSentAt = 0;
  private awaitingPong = false;
  private readonly opts: Required<SimClientOptions>;

  constructor(opts: SimClientOptions) {
    this.opts = {
      ...opts,
      createWorker: opts.createWorker ?? createSimWorker,
      pingEvery: opts.pingEvery ?? 1500,
      pingTimeout: opts.pingTimeout ?? 6000,
    };
  }

  get running(): boolean {
    return this.worker !== null;
  }

  start(): void {
    this.stop();
    const w = this.opts.createWorker();
    this.worker = w;
    w.onmessage = (e) => {
      if (this.worker !== w) return;
      const msg = e.data;
      if (msg.type === "pong") {
        if (msg.id === this.pingId) this.awaitingPong = false;
        return;
      }
      this.opts.onMessage(msg);
    };
    w.onerror = (e) => {
      e.preventDefault?.();
      if (this.worker === w) this.crash(`the simulation worker crashed (${e.message || "an uncaught error"})`);
    };
    w.onmessageerror = () => {
      if (this.worker === w) this.crash("a message from the simulation worker could not be read");
    };
    this.awaitingPong = false;
    this.pingTimer = setInterval(() => this.checkAlive(), this.opts.pingEvery);
  }

  post(msg: ToWorker): void {
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

  private checkAlive(): void {
    if (!this.worker) return;
    const now = Date.now();
    if (this.awaitingPong) {
      if (now - this.pingSentAt > this.opts.pingTimeout) this.crash("the simulation worker stopped responding");
      return;
    }
    this.awaitingPong = true;
    this.pingSentAt = now;
    this.worker.postMessage({ type: "ping", id: ++this.pingId });
  }

  private crash(reason: string): void {
    this.stop();
    this.opts.onCrash(reason);
  }
}
