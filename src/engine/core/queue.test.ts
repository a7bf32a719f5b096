// The queue pops in (at, seq) order whatever was done to it: pushes, pops, entries re-armed in
// place, taken out, swept, or re-ordered after their times moved. The model is a plain array
// kept sorted. Throughout, every queued entry knows its index in the heap; an entry that left knows it
// is out.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  heapify,
  heapPop,
  heapPush,
  heapRemoveAt,
  indexIn,
  newQueue,
  requeueAt,
  sweepHeap,
} from "./queue.ts";
import type { QEvent } from "./types.ts";

type Tick = Extract<QEvent, { type: "store-tick" }>;
type Op =
  | { op: "push"; at: number }
  | { op: "pop" }
  | { op: "requeue"; pick: number; at: number }
  | { op: "remove"; pick: number }
  | { op: "sweep"; mod: number }
  | { op: "shift"; pick: number; by: number };

const at = fc.integer({ min: 0, max: 50 }); // few distinct times: many ties, broken by seq
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ op: fc.constant("push" as const), at }) },
  { weight: 3, arbitrary: fc.constant({ op: "pop" as const }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant("requeue" as const), pick: fc.nat(), at }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("remove" as const), pick: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({ op: fc.constant("sweep" as const), mod: fc.integer({ min: 2, max: 5 }) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant("shift" as const),
      pick: fc.nat(),
      by: fc.integer({ min: -20, max: 20 }),
    }),
  },
);

const key = (e: QEvent) => `${e.at}:${e.seq}`;
const sorted = (xs: QEvent[]) => [...xs].sort((a, b) => a.at - b.at || a.seq - b.seq).map(key);

describe("event queue", () => {
  it("pops in (at, seq) order through pushes, in-place re-arms, removals, sweeps and re-ordering", () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 400 }), (ops) => {
        const h = newQueue();
        const out: QEvent[] = [];
        let seq = 0;
        const popped: string[] = [];
        const expected: string[] = [];
        for (const o of ops) {
          switch (o.op) {
            case "push":
              heapPush(h, { at: o.at, seq: seq++, hi: -1, type: "store-tick", name: "t", gen: 0, due: o.at });
              break;
            case "pop": {
              if (h.ev.length === 0) break;
              expected.push(sorted(h.ev)[0]);
              const e = heapPop(h) as QEvent;
              out.push(e);
              popped.push(key(e));
              break;
            }
            case "requeue":
              if (h.ev.length > 0) requeueAt(h, h.ev[o.pick % h.ev.length] as Tick, o.at, seq++, 1, o.at);
              break;
            case "remove":
              if (h.ev.length > 0) {
                out.push(h.ev[o.pick % h.ev.length]);
                heapRemoveAt(h, o.pick % h.ev.length);
              }
              break;
            case "sweep":
              sweepHeap(h, (e) => e.seq % o.mod === 0 && out.push(e) > 0);
              break;
            case "shift":
              // clock drift moves queued times in place; heapify puts them back in order
              if (h.ev.length > 0) {
                const e = h.ev[o.pick % h.ev.length] as Tick;
                e.at = Math.max(0, e.at + o.by);
                heapify(h);
              }
              break;
          }
          h.ev.forEach((e, i) => {
            expect(indexIn(h, e)).toBe(i);
          });
          for (const e of out) expect(indexIn(h, e)).toBe(-1);
        }
        const rest = sorted(h.ev);
        while (h.ev.length > 0) popped.push(key(heapPop(h) as QEvent));
        expect(popped).toEqual([...expected, ...rest]);
      }),
      { numRuns: 500 },
    );
  });
});
