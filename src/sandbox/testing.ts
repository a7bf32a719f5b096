// Test helper: the real SimHost behind the WorkerLike interface, in the same thread, with a
// clock the test moves. Messages are delivered asynchronously, as a real worker would.
import { SimHost } from "../worker/host.ts";
import type { WorkerLike } from "../worker/client.ts";
import type { FromWorker, ToWorker } from "../worker/protocol.ts";

export class InProcessWorker implements WorkerLike {
  onmessage: ((e: MessageEvent<FromWorker>) => void) | null = null;
  onerror: ((e: ErrorEvent) => void) | null = null;
  onmessageerror: ((e: MessageEvent) => void) | null = null;
  terminated = false;
  clock = 0;
  readonly received: ToWorker[] = [];
  readonly host: SimHost;

  constructor() {
    this.host = new SimHost({
      post: (msg) => {
        const copy = structuredClone(msg);
        queueMicrotask(() => {
          if (!this.terminated) this.onmessage?.({ data: copy } as MessageEvent<FromWorker>);
        });
      },
      now: () => this.clock,
    });
  }

  postMessage(msg: ToWorker): void {
    if (this.terminated) return;
    this.received.push(msg);
    const copy = structuredClone(msg);
    queueMicrotask(() => {
      if (!this.terminated) this.host.handle(copy);
    });
  }

  terminate(): void {
    this.terminated = true;
  }

  /** Advance real time and let the host run a display tick. */
  tick(ms: number): void {
    this.clock += ms;
    if (!this.terminated) this.host.tick();
  }

  /** Behave like an uncaught exception inside the worker. */
  fail(message: string): void {
    this.onerror?.({ message, preventDefault() {} } as ErrorEvent);
  }
}

/** Let queued microtasks (messages both ways) run. */
export async function settle(rounds = 6): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise<void>((r) => setTimeout(r, 0));
}
