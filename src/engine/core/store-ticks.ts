// Named timers of the store process (ZooKeeper's session tracker, the election controller's
// requeue, the fence device's pending shots), on the store's own clock. Re-arming a name makes
// the older event stale; a tick never fires while the store is down.
import { heapPush } from "./queue.ts";
import { simAtLocal } from "./clock.ts";
import type { World } from "./world.ts";
import type { QEvent } from "./types.ts";

/** Arm (or re-arm) a named timer of the store process for `due` on the store's clock. */
export function armTick(w: World, name: string, due: number): void {
  const st = w.s.store;
  const ticks = (st.ticks ??= {});
  const gen = (ticks[name] ?? 0) + 1;
  ticks[name] = gen;
  let at = simAtLocal(w.s.storeClock, due);
  if (at < w.s.now) at = w.s.now;
  heapPush(w.s.queue, { at, seq: w.s.seq++, kind: "store-tick", name, gen, due });
}

/** Is this store tick still the armed one? (consumes it) */
export function tickLive(w: World, e: Extract<QEvent, { kind: "store-tick" }>): boolean {
  const ticks = w.s.store.ticks ?? {};
  if (ticks[e.name] !== e.gen) return false;
  delete ticks[e.name];
  return w.s.store.up;
}

