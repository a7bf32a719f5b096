// The event queue: a binary min-heap ordered by (at, seq). seq is a global counter, so ties at
// the same instant run in scheduling order, which makes every run deterministic.
//
// The keys live in two typed arrays beside the entries (`at`, `seq`, parallel to `ev`): a sift
// compares and moves plain doubles and one reference, and never reads an entry's fields. With
// the keys on the entries themselves, every compare loaded two 14-field objects, and the engine's
// heap ran 1.2 to 1.6 times slower than a plain (time, seq) heap of the same length (issue 39).
// Each entry knows its index in the heap (`hi`, -1 once it left), so a timer re-armed or
// cancelled is found at once, without a scan of the queue.
//
// Entries keep their own (at, seq) too, as plain data: code that rewrites times in place (a
// clock's drift change, a connection's retransmission) sets them and calls heapify, which
// rebuilds the keys from the entries. The whole queue is plain data (structuredClone keeps
// typed arrays), so a snapshot copies it.
import type { EventQueue, QEvent } from "./types.ts";

export type { EventQueue };

export function newQueue(capacity = 64): EventQueue {
  return { ev: [], at: new Float64Array(capacity), seq: new Float64Array(capacity) };
}

/** A queue over entries that are in no particular order (a state saved as an array of events). */
export function queueOf(entries: QEvent[]): EventQueue {
  const q = newQueue(Math.max(64, entries.length));
  for (const e of entries) q.ev.push(e);
  heapify(q);
  return q;
}

/** Time of the earliest entry, Infinity when empty. */
export function headAt(q: EventQueue): number {
  return q.ev.length > 0 ? q.at[0] : Infinity;
}

function grow(q: EventQueue): void {
  const at = new Float64Array(q.at.length * 2);
  const seq = new Float64Array(q.at.length * 2);
  at.set(q.at);
  seq.set(q.seq);
  q.at = at;
  q.seq = seq;
}

export function heapPush(q: EventQueue, e: QEvent): void {
  const i = q.ev.length;
  if (i >= q.at.length) grow(q);
  q.ev.push(e);
  siftUp(q, i, e, e.at, e.seq);
}

export function heapPop(q: EventQueue): QEvent | undefined {
  const ev = q.ev;
  const n = ev.length;
  if (n === 0) return undefined;
  const top = ev[0];
  const last = ev.pop() as QEvent;
  if (n > 1) siftDown(q, 0, last, q.at[n - 1], q.seq[n - 1], n - 1);
  top.hi = -1;
  return top;
}

/** The entry at i got a new (at, seq) (already on the entry): move it up or down. */
export function heapUpdate(q: EventQueue, i: number): void {
  const e = q.ev[i];
  const a = e.at;
  const s = e.seq;
  if (i > 0) {
    const p = (i - 1) >> 1;
    if (a < q.at[p] || (a === q.at[p] && s < q.seq[p])) return siftUp(q, i, e, a, s);
  }
  siftDown(q, i, e, a, s, q.ev.length);
}

/** A queued timer-like event re-armed in place: its new time, a fresh seq (the one a new push
 *  would get, so the order is what a push would give), its generation and due time. */
export function requeueAt(q: EventQueue, e: QEvent & { gen: number; due: number }, at: number, seq: number, gen: number, due: number): void {
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

/** Restore heap order after entries' (at, seq) were changed in place, or entries were added
 *  or taken out of `ev` directly: the keys are read again from the entries. */
export function heapify(q: EventQueue): void {
  const ev = q.ev;
  const n = ev.length;
  while (q.at.length < n) grow(q);
  for (let i = 0; i < n; i++) {
    q.at[i] = ev[i].at;
    q.seq[i] = ev[i].seq;
    ev[i].hi = i;
  }
  for (let i = (n >> 1) - 1; i >= 0; i--) siftDown(q, i, ev[i], q.at[i], q.seq[i], n);
}

/** Put e, keyed (a, s), at i or above it. */
function siftUp(q: EventQueue, i: number, e: QEvent, a: number, s: number): void {
  const at = q.at, seq = q.seq, ev = q.ev;
  while (i > 0) {
    const p = (i - 1) >> 1;
    const pa = at[p];
    if (a > pa || (a === pa && s >= seq[p])) break;
    at[i] = pa;
    seq[i] = seq[p];
    const pe = ev[p];
    ev[i] = pe;
    pe.hi = i;
    i = p;
  }
  at[i] = a;
  seq[i] = s;
  ev[i] = e;
  e.hi = i;
}

/** Put e, keyed (a, s), at i or below it, in a heap of n entries. */
function siftDown(q: EventQueue, i: number, e: QEvent, a: number, s: number, n: number): void {
  const at = q.at, seq = q.seq, ev = q.ev;
  for (;;) {
    let c = 2 * i + 1;
    if (c >= n) break;
    let ca = at[c];
    let cs = seq[c];
    const r = c + 1;
    if (r < n) {
      const ra = at[r];
      if (ra < ca || (ra === ca && seq[r] < cs)) { c = r; ca = ra; cs = seq[r]; }
    }
    if (ca > a || (ca === a && cs >= s)) break;
    at[i] = ca;
    seq[i] = cs;
    const ce = ev[c];
    ev[i] = ce;
    ce.hi = i;
    i = c;
  }
  at[i] = a;
  seq[i] = s;
  ev[i] = e;
  e.hi = i;
}
