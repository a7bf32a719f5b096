// The plain floor: the event loop any discrete-event simulator starts from, owing nothing to
// the engine. A binary min-heap of two-field { at, seq } entries ordered by (at, seq), one new
// entry allocated per event popped, a trivial handler, `size` entries queued throughout (the
// protocol's mean queue length). Its code is its own, so its speed does not depend on what the
// engine fed the engine's heap functions (floor.ts measures the engine's own heap beside it).
// Its field names are its own too: V8 shares the hidden classes of object literals that begin
// with the same property names, so { at, seq } entries here would share theirs with the engine's
// queue entries, and one's field representations would change the other's.
interface Ev {
  time: number;
  order: number;
}

const less = (a: Ev, b: Ev) => a.time < b.time || (a.time === b.time && a.order < b.order);

function push(h: Ev[], e: Ev): void {
  let i = h.length;
  h.push(e);
  while (i > 0) {
    const p = (i - 1) >> 1;
    if (!less(e, h[p])) break;
    h[i] = h[p];
    i = p;
  }
  h[i] = e;
}

function pop(h: Ev[]): Ev {
  const top = h[0];
  const last = h.pop() as Ev;
  const n = h.length;
  if (n > 0) {
    let i = 0;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= n) break;
      if (c + 1 < n && less(h[c + 1], h[c])) c++;
      if (!less(h[c], last)) break;
      h[i] = h[c];
      i = c;
    }
    h[i] = last;
  }
  return top;
}

let sink = 0;

export function runPlainFloor(events: number, size: number): void {
  const heap: Ev[] = [];
  let x = 123456789;
  const next = () => ((x = (Math.imul(x, 1103515245) + 12345) >>> 0) / 4294967296) * 1000;
  let seq = 0;
  let now = 0;
  for (let i = 0; i < Math.max(1, size); i++) push(heap, { time: now + next(), order: seq++ });
  for (let i = 0; i < events; i++) {
    const e = pop(heap);
    now = e.time;
    sink += e.order & 1; // the trivial handler
    push(heap, { time: now + next(), order: seq++ });
  }
  if (sink === -1) console.log(sink);
}
