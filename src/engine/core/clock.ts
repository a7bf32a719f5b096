// Clocks. Simulation time t is the truth nobody sees. Each node has a
// monotonic clock L(t) = l0 + (t - t0)·(1 + driftPpm/1e6), rebased whenever the drift changes,
// and a wall clock = L + wallOffset that NTP may step. Monotonic clocks never step. The
// coordination store has its own clock of the same shape. Timers are armed on the owner's
// monotonic clock; converting a local deadline back to simulation time tells the queue when.
import type { ClockState } from "./types.ts";

/** Times are kept to the microsecond so traces print cleanly and stay deterministic. */
export function r3(x: number): number {
  return Math.round(x * 1000) / 1000;
}

export function newClock(driftPpm = 0, wallOffset = 0): ClockState {
  return { t0: 0, l0: 0, driftPpm, wallOffset };
}

export function rate(c: ClockState): number {
  return 1 + c.driftPpm / 1e6;
}

export function localAt(c: ClockState, t: number): number {
  return c.driftPpm === 0 ? r3(c.l0 + (t - c.t0)) : r3(c.l0 + (t - c.t0) * rate(c));
}

export function wallAt(c: ClockState, t: number): number {
  return r3(localAt(c, t) + c.wallOffset);
}

/** The simulation time at which this clock will read `local` (never before t0). */
export function simAtLocal(c: ClockState, local: number): number {
  const dt = c.driftPpm === 0 ? local - c.l0 : (local - c.l0) / rate(c);
  // Round up so a timer never fires before its local deadline.
  return Math.ceil((c.t0 + dt) * 1000 - 1e-6) / 1000;
}

export function setDrift(c: ClockState, t: number, ppm: number): void {
  c.l0 = localAt(c, t);
  c.t0 = t;
  c.driftPpm = ppm;
}

/** An NTP step moves the wall clock only; the monotonic clock keeps counting. */
export function stepWall(c: ClockState, ms: number): void {
  c.wallOffset = r3(c.wallOffset + ms);
}
