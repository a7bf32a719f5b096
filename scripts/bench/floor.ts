// The floor of any discrete-event simulator: a plain binary heap of (time, seq) entries, one new
// object pushed per event popped, a trivial handler, `size` entries queued throughout (the
// protocol's real mean queue length, so the heap's depth matches). The engine's own heap code and
// its own queue entries are used, so the ratio to it is what the engine adds on top of its queue.
// The entries must be the engine's: the floor shares the heap's functions, and so their type
// feedback, with the engine in one process. With entries of its own shape, the floor's speed
// depended on how many shapes the engine had fed those functions first: it doubled when the
// engine's entries went from eleven shapes to one.
import { heapPop, heapPush } from "../../src/engine/core/queue.ts";
import { storeUpEntry } from "../../src/engine/core/queue-entry.ts";
import type { QEvent } from "../../src/engine/index.ts";

let sink = 0;

export function runFloor(events: number, size: number): void {
  const heap: QEvent[] = [];
  let x = 123456789;
  const next = () => ((x = (Math.imul(x, 1103515245) + 12345) >>> 0) / 4294967296) * 1000;
  let seq = 0;
  let now = 0;
  for (let i = 0; i < Math.max(1, size); i++) heapPush(heap, storeUpEntry(now + next(), seq++, i));
  for (let i = 0; i < events; i++) {
    const e = heapPop(heap) as Extract<QEvent, { kind: "store-up" }>;
    now = e.at;
    sink += e.epoch; // the trivial handler
    heapPush(heap, storeUpEntry(now + next(), seq++, i & 7));
  }
  if (sink === -1) console.log(sink);
}
