// The event queue: a binary min-heap stored in a plain array, ordered by (at, seq).
// seq is a global counter, so ties at the same instant run in scheduling order, which makes
// every run deterministic. Entries are plain data; see types.ts QEvent.
import type { QEvent } from "./types.ts";

function less(a: QEvent, b: QEvent): boolean {
  return a.at < b.at || (a.at === b.at && a.seq < b.seq);
}

export function heapPush(h: QEvent[], e: QEvent): void {
  h.push(e);
  siftUp(h, h.length - 1);
}

export function heapPop(h: QEvent[]): QEvent | undefined {
  const n = h.length;
  if (n === 0) return undefined;
  const top = h[0];
  const last = h.pop() as QEvent;
  if (n > 1) {
    h[0] = last;
    siftDown(h, 0);
  }
  return top;
}

/** Restore heap order after the entry at i got a new (at, seq): it moves up or down. */
export function heapUpdate(h: QEvent[], i: number): void {
  if (i > 0 && less(h[i], h[(i - 1) >> 1])) siftUp(h, i);
  else siftDown(h, i);
}

/** A queued timer-like event re-armed in place: its new time, a fresh seq (the one a new push
 *  would get, so the order is what a push would give), its generation and due time. */
export function requeueAt(h: QEvent[], i: number, at: number, seq: number, gen: number, due: number): void {
  const e = h[i] as QEvent & { gen: number; due: number };
  e.at = at;
  e.seq = seq;
  e.gen = gen;
  e.due = due;
  heapUpdate(h, i);
}

/** Take the entry at i out of the heap. */
export function heapRemoveAt(h: QEvent[], i: number): void {
  const last = h.pop() as QEvent;
  if (i === h.length) return;
  h[i] = last;
  heapUpdate(h, i);
}

/** Remove every queued timer event for which `isDead` holds and restore heap order in place
 *  (Floyd's bottom-up build, O(n)). Entries are totally ordered by (at, seq), so any valid heap
 *  pops the live entries in exactly the same order: the sweep cannot change a trace. */
export function sweepHeap(h: QEvent[], isDead: (e: QEvent) => boolean): number {
  let j = 0;
  for (let i = 0; i < h.length; i++) {
    const e = h[i];
    if (!isDead(e)) h[j++] = e;
  }
  const removed = h.length - j;
  h.length = j;
  for (let i = (j >> 1) - 1; i >= 0; i--) siftDown(h, i);
  return removed;
}

function siftUp(h: QEvent[], i: number): void {
  const e = h[i];
  while (i > 0) {
    const p = (i - 1) >> 1;
    const pe = h[p];
    if (!less(e, pe)) break;
    h[i] = pe;
    i = p;
  }
  h[i] = e;
}

function siftDown(h: QEvent[], i: number): void {
  const n = h.length;
  const e = h[i];
  for (;;) {
    const l = 2 * i + 1;
    if (l >= n) break;
    const r = l + 1;
    const c = r < n && less(h[r], h[l]) ? r : l;
    if (!less(h[c], e)) break;
    h[i] = h[c];
    i = c;
  }
  h[i] = e;
}

/** Restore heap order after entries' times were changed in place (clock drift changes). */
export function heapify(h: QEvent[]): void {
  const items = h.splice(0, h.length);
  items.sort((a, b) => (a.at - b.at) || (a.seq - b.seq));
  for (const e of items) h.push(e); // a sorted array is a valid heap
}
