// The event queue: a binary min-heap of entries in a plain array, ordered by (at, seq). seq is a
// global counter, so ties at the same instant run in scheduling order, which makes every run
// deterministic. Each entry knows its index in the heap (`hi`, -1 once it left), so a timer
// re-armed or cancelled is found at once, without a scan of the queue (issue 39: indexOf was 3 %
// of a 101-node run).
//
// The keys stay on the entries. Keeping them in two typed arrays beside the entries (so that a
// sift compares plain doubles) was measured and dropped: in one process, interleaved, the
// engine's heap ran 1.27-1.35 times slower that way (8 to 70 entries queued), since every move
// then wrote three arrays and the entry's index instead of one array slot and the index.
// The whole queue is plain data, so a snapshot (structuredClone) copies it.
import type { EventQueue, QEvent } from "./types.ts";

export function newQueue(): EventQueue {
  return { ev: [] };
}

/** Time of the earliest entry, Infinity when empty. */
export function headAt(q: EventQueue): number {
  return q.ev.length > 0 ? q.ev[0].at : Infinity;
}

export function heapPush(q: EventQueue, e: QEvent): void {
  const i = q.ev.length;
  q.ev.push(e);
  siftUp(q.ev, i, e);
}

export function heapPop(q: EventQueue): QEvent | undefined {
  const ev = q.ev;
  const n = ev.length;
  if (n === 0) return undefined;
  const top = ev[0];
  const last = ev.pop() as QEvent;
  if (n > 1) siftDown(ev, 0, last, n - 1);
  top.hi = -1;
  return top;
}

/** The entry at i got a new (at, seq): move it up or down. */
export function heapUpdate(q: EventQueue, i: number): void {
  const ev = q.ev;
  const e = ev[i];
  if (i > 0 && less(e, ev[(i - 1) >> 1])) siftUp(ev, i, e);
  else siftDown(ev, i, e, ev.length);
}

/** A queued timer-like event re-armed in place: its new time, a fresh seq (the one a new push
 *  would get, so the order is what a push would give), its generation and due time. */
export function requeueAt(
  q: EventQueue,
  e: QEvent & { gen: number; due: number },
  at: number,
  seq: number,
  gen: number,
  due: number,
): void {
  e.at = at;
  e.seq = seq;
  e.gen = gen;
  e.due = due;
  heapUpdate(q, e.hi);
}

/** Where e is in the heap, -1 when it is not queued (popped, removed, or of another queue). */
export function indexIn(q: EventQueue, e: QEvent): number {
  const i = e.hi;
  return i >= 0 && q.ev[i] === e ? i : -1;
}

/** Take the entry at i out of the heap. */
export function heapRemoveAt(q: EventQueue, i: number): void {
  const ev = q.ev;
  ev[i].hi = -1;
  const n = ev.length - 1;
  const last = ev.pop() as QEvent;
  if (i === n) return;
  ev[i] = last;
  heapUpdate(q, i);
}

/** Remove every entry for which `isDead` holds and restore heap order in place (Floyd's
 *  bottom-up build, O(n)). Entries are totally ordered by (at, seq), so any valid heap pops the
 *  live entries in exactly the same order: the sweep cannot change a trace. */
export function sweepHeap(q: EventQueue, isDead: (e: QEvent) => boolean): number {
  const ev = q.ev;
  let j = 0;
  for (let i = 0; i < ev.length; i++) {
    const e = ev[i];
    if (isDead(e)) e.hi = -1;
    else ev[j++] = e;
  }
  const removed = ev.length - j;
  ev.length = j;
  heapify(q);
  return removed;
}

/** Restore heap order after entries' (at, seq) were changed in place. */
export function heapify(q: EventQueue): void {
  const ev = q.ev;
  const n = ev.length;
  for (let i = 0; i < n; i++) ev[i].hi = i;
  for (let i = (n >> 1) - 1; i >= 0; i--) siftDown(ev, i, ev[i], n);
}

function less(a: QEvent, b: QEvent): boolean {
  return a.at < b.at || (a.at === b.at && a.seq < b.seq);
}

/** Put e at i or above it. */
function siftUp(ev: QEvent[], i: number, e: QEvent): void {
  while (i > 0) {
    const p = (i - 1) >> 1;
    const pe = ev[p];
    if (!less(e, pe)) break;
    ev[i] = pe;
    pe.hi = i;
    i = p;
  }
  ev[i] = e;
  e.hi = i;
}

/** Put e at i or below it, in a heap of n entries. */
function siftDown(ev: QEvent[], i: number, e: QEvent, n: number): void {
  for (;;) {
    const l = 2 * i + 1;
    if (l >= n) break;
    const r = l + 1;
    const c = r < n && less(ev[r], ev[l]) ? r : l;
    const ce = ev[c];
    if (!less(ce, e)) break;
    ev[i] = ce;
    ce.hi = i;
    i = c;
  }
  ev[i] = e;
  e.hi = i;
}
