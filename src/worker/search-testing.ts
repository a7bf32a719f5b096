// Test helper: the real search host behind the SearchWorkerLike interface, in this thread.
// Messages cross by structured clone in later macrotasks, as they would between threads, so
// workers interleave and finish chunks in an order the test does not pick.
import { createSearchHost, type FromSearchWorker, type ToSearchWorker } from "./search-host.ts";
import type { SearchWorkerLike } from "./search-pool.ts";

export class InProcessSearchWorker implements SearchWorkerLike {
  onmessage: ((e: MessageEvent<FromSearchWorker>) => void) | null = null;
  onerror: ((e: ErrorEvent) => void) | null = null;
  terminated = false;
  readonly received: ToSearchWorker[] = [];
  private readonly handle = createSearchHost((m) => {
    const copy = structuredClone(m);
    setTimeout(() => {
      if (!this.terminated) this.onmessage?.({ data: copy } as MessageEvent<FromSearchWorker>);
    }, 0);
  });

  postMessage(m: ToSearchWorker): void {
    if (this.terminated) return;
    this.received.push(m);
    const copy = structuredClone(m);
    setTimeout(() => {
      if (!this.terminated) this.handle(copy);
    }, 0);
  }

  terminate(): void {
    this.terminated = true;
  }
}
