// A node's named timers on its own monotonic clock: one timer per name, re-arming makes the
// older event stale (its generation no longer matches), a slow node's timers stretch, and
// timerNoise adds the OS's scheduling lateness.
//
// Each timer name gets a small integer slot, interned once per state (s.timerNames, in
// first-arm order), so a node's timer state is three plain number arrays indexed by slot
// instead of three string-keyed records. The world keeps, per node and slot, the queued event
// of the live arm (derived, never state): re-arming moves that event to its new time inside the
// heap and cancelling takes it out, so no dead timer is left to be popped. The event keeps the
// (at, seq) a fresh push would have had, so the order of every pop is the same (queue.ts).
import { heapPush, heapRemoveAt, indexIn, requeueAt } from "./queue.ts";
import { nextFloat } from "./random.ts";
import { localAt, simAtLocal, r3 } from "./clock.ts";
import type { World } from "./world.ts";
import type { NodeRt, QEvent, SimState } from "./types.ts";
import { timerEntry } from "./queue-entry.ts";

type TimerEv = Extract<QEvent, { type: "timer" }>;

/** The slot index of a (possibly cloned) state. A state saved before slots kept each node's
 *  timers as records keyed by name (and queued timer events without a slot): moved here. */
export function bindTimerSlots(s: SimState): Map<string, number> {
  const names = (s.timerNames ??= []);
  const ids = new Map<string, number>();
  for (let i = 0; i < names.length; i++) ids.set(names[i], i);
  const slot = (name: string) => {
    let id = ids.get(name);
    if (id === undefined) {
      id = names.push(name) - 1;
      ids.set(name, id);
    }
    return id;
  };
  for (const node of s.nodes) {
    if (Array.isArray(node.timers)) continue;
    const old = node as unknown as {
      timers: Record<string, number>;
      due: Record<string, number>;
      armedAt: Record<string, number>;
    };
    const timers: number[] = [],
      due: number[] = [],
      armedAt: number[] = [];
    for (const name of new Set([
      ...Object.keys(old.timers),
      ...Object.keys(old.due),
      ...Object.keys(old.armedAt ?? {}),
    ])) {
      const k = slot(name);
      fill(timers, due, armedAt, k);
      timers[k] = old.timers[name] ?? 0;
      due[k] = old.due[name] ?? -1;
      armedAt[k] = old.armedAt?.[name] ?? -1;
    }
    node.timers = timers;
    node.due = due;
    node.armedAt = armedAt;
  }
  const withSlot = (e: QEvent) => {
    if (e.type === "timer" && e.slot === undefined) e.slot = slot(e.name);
  };
  s.queue.ev.forEach(withSlot);
  for (const node of s.nodes) node.deferred.forEach(withSlot);
  return ids;
}

/** Grow a node's slot arrays (kept packed: every index below the length is a number). */
function fill(timers: number[], due: number[], armedAt: number[], k: number): void {
  while (timers.length <= k) timers.push(0);
  while (due.length <= k) due.push(-1);
  while (armedAt.length <= k) armedAt.push(-1);
}

/** The slot of a timer name, interning it on first use. */
export function timerSlot(w: World, name: string): number {
  const id = w.timerIds.get(name);
  return id === undefined ? newSlot(w, name) : id;
}

function newSlot(w: World, name: string): number {
  const names = w.s.timerNames as string[];
  // Another world bound to this state may have interned it already.
  let id = names.indexOf(name);
  if (id < 0) id = names.push(name) - 1;
  w.timerIds.set(name, id);
  return id;
}

/** Is the timer in this slot armed? (an unknown name never was) */
export function timerArmed(node: NodeRt, slot: number): boolean {
  return slot < node.timers.length && node.timers[slot] > 0;
}

/** The queued event of the slot's live arm, and its index in the heap; -1 when the world does
 *  not know it (fired, or a state bound since) or it is no longer queued. */
function liveIndex(w: World, node: NodeRt, slot: number): number {
  const evs = w.timerEv[node.idx];
  const e = evs[slot];
  if (!e) return -1;
  if (e.inc !== node.inc || e.gen !== node.timers[slot]) {
    evs[slot] = null;
    return -1;
  }
  return indexIn(w.s.queue, e);
}

export function armTimer(w: World, node: NodeRt, name: string, ms: number): void {
  const s = w.s;
  const slot = timerSlot(w, name);
  // Scheduling noise only when asked for, so scenarios without it keep their exact traces.
  const noise = s.scenario.timerNoise > 0 ? s.scenario.timerNoise * nextFloat(s.rng) : 0;
  const due = r3(localAt(node.clock, s.now) + Math.max(0, ms) * node.slow + noise);
  const gen = ++node.timerGen;
  const i = timerArmed(node, slot) ? liveIndex(w, node, slot) : -1;
  // An event armed before under this name that the world cannot move is dead from now on:
  // counted, and swept from the queue in bulk (engine.ts sweepDeadTimers).
  if (i < 0 && timerArmed(node, slot)) s.dead = (s.dead ?? 0) + 1;
  if (slot >= node.timers.length) fill(node.timers, node.due, node.armedAt, slot);
  node.timers[slot] = gen;
  node.armedAt[slot] = s.now;
  node.due[slot] = due;
  let at = simAtLocal(node.clock, due);
  if (at < s.now) at = s.now;
  if (i >= 0) {
    requeueAt(s.queue, s.queue.ev[i] as TimerEv, at, s.seq++, gen, due);
    return;
  }
  const e: TimerEv = timerEntry(at, s.seq++, node.idx, node.inc, name, slot, gen, due);
  w.timerEv[node.idx][slot] = e;
  heapPush(s.queue, e);
}

export function cancelTimer(w: World, node: NodeRt, name: string): void {
  const slot = timerSlot(w, name);
  if (!timerArmed(node, slot)) return;
  const i = liveIndex(w, node, slot);
  if (i >= 0) heapRemoveAt(w.s.queue, i);
  else w.s.dead = (w.s.dead ?? 0) + 1;
  w.timerEv[node.idx][slot] = null;
  node.timers[slot] = 0;
  node.due[slot] = -1;
}

/** The timer event is leaving the queue to run: the world no longer holds it. */
export function timerFired(w: World, node: NodeRt, e: TimerEv): void {
  const evs = w.timerEv[node.idx];
  if (evs[e.slot] === e) evs[e.slot] = null;
}

/** A node's life ended: every timer it had armed is dead, and no longer the world's to move. */
export function clearTimers(w: World, node: NodeRt): void {
  for (let k = 0; k < node.timers.length; k++) if (node.timers[k] > 0) w.s.dead = (w.s.dead ?? 0) + 1;
  node.timers = [];
  node.due = [];
  w.timerEv[node.idx] = [];
}
