// Named timers of the store process (ZooKeeper's session tracker, the election controller's
// requeue, the fence device's pending shots), on the store's own clock. Re-arming a name makes
// the older event stale; a tick never fires while the store is down.
import { heapPush, heapRemoveAt, indexIn, requeueAt } from "./queue.ts";
import { simAtLocal } from "./clock.ts";
import type { World } from "./world.ts";
import type { QEvent } from "./types.ts";
import { storeTickEntry } from "./queue-entry.ts";

/** Arm (or re-arm) a named timer of the store process for `due` on the store's clock. */
export function armTick(w: World, name: string, due: number): void {
  const s = w.s;
  const ticks = (s.store.ticks ??= {});
  // The generation is one above the event's own sequence number: unique for the whole run, and
  // never 0 (which reads as disarmed). A per-name
  // counter would restart at 1 once a fired tick is consumed (tickLive disarms its name), and an
  // older event of that name still queued would then match the new generation and fire as if
  // it were live: a dead requeue of the election controller came back to life, and each one
  // armed another, so the queue kept growing (issue 18).
  const gen = s.seq + 1;
  // The event armed before, when the world still holds it queued, moves to its new time inside
  // the heap (as node timers do, core/timers.ts); otherwise it is dead (engine.ts sweeps it).
  const i = ticks[name] ? liveIndex(w, name, ticks[name]) : -1;
  if (i < 0 && ticks[name]) s.dead = (s.dead ?? 0) + 1;
  ticks[name] = gen;
  let at = simAtLocal(s.storeClock, due);
  if (at < s.now) at = s.now;
  if (i >= 0) {
    requeueAt(s.queue, s.queue.ev[i] as TickEv, at, s.seq++, gen, due);
    return;
  }
  const e: TickEv = storeTickEntry(at, s.seq++, name, gen, due);
  (w.tickEv ??= new Map()).set(name, e);
  heapPush(s.queue, e);
}

type TickEv = Extract<QEvent, { type: "store-tick" }>;

/** Where the queued event of the tick's live arm is in the heap; -1 when the world does not hold
 *  it (fired, or the state was bound since) or it is no longer queued. */
function liveIndex(w: World, name: string, gen: number): number {
  const e = w.tickEv?.get(name);
  if (!e || e.gen !== gen) return -1;
  return indexIn(w.s.queue, e);
}

/** Disarm a named store timer: its queued event, if any, is dead from now on. */
export function cancelTick(w: World, name: string): void {
  const ticks = w.s.store.ticks;
  if (!ticks || !ticks[name]) return;
  const i = liveIndex(w, name, ticks[name]);
  if (i >= 0) heapRemoveAt(w.s.queue, i);
  else w.s.dead = (w.s.dead ?? 0) + 1;
  w.tickEv?.delete(name);
  ticks[name] = 0; // disarmed (see tickLive)
}

/** Is this store tick dead: re-armed or disarmed since it was armed? */
export function isStaleTick(w: World, e: TickEv): boolean {
  const ticks = w.s.store.ticks;
  return !ticks || ticks[e.name] !== e.gen;
}

/** Is this store tick still the armed one? (consumes it) */
export function tickLive(w: World, e: TickEv): boolean {
  const ticks = w.s.store.ticks ?? {};
  if (ticks[e.name] !== e.gen) return false;
  // Consumed: 0 reads as disarmed (no generation is 0). Not `delete`: it turns the object into a
  // hash table, and every later look-up of a tick (once per store event) got slower.
  ticks[e.name] = 0;
  if (w.tickEv?.get(e.name) === e) w.tickEv.delete(e.name);
  return w.s.store.up;
}
