// The engine's own floor: its heap (core/queue.ts) and its own queue entries, one new entry
// pushed per event popped, a trivial handler, `size` entries queued throughout (the protocol's
// real mean queue length, so the heap's depth matches). The ratio to it is what the engine adds
// on top of its queue. plain-floor.ts is the floor that owes nothing to the engine.
// The entries must be the engine's: the floor shares the heap's functions, and so their type
// feedback, with the engine in one process.
import { heapPop, heapPush, newQueue } from "../../src/engine/core/queue.ts";
import { storeUpEntry } from "../../src/engine/core/queue-entry.ts";
import type { QEvent } from "../../src/engine/index.ts";

let sink = 0;

export function runFloor(events: number, size: number): void {
  const heap = newQueue();
  let x = 123456789;
  const next = () => ((x = (Math.imul(x, 1103515245) + 12345) >>> 0) / 4294967296) * 1000;
  let seq = 0;
  let now = 0;
  for (let i = 0; i < Math.max(1, size); i++) heapPush(heap, storeUpEntry(now + next(), seq++, i));
  for (let i = 0; i < events; i++) {
    const e = heapPop(heap) as Extract<QEvent, { type: "store-up" }>;
    now = e.at;
    sink += e.epoch; // the trivial handler
    heapPush(heap, storeUpEntry(now + next(), seq++, i & 7));
  }
  if (sink === -1) console.log(sink);
}
