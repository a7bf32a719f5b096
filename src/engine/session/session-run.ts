// The session's run loop: forward to a moment in chunks that end at snapshot boundaries (where
// the spacing will want one once the run gets there), pausing whenever the kept trace outgrows
// its window so the host can narrate and trim, and stopping early when asked.
import type { Simulation } from "../sim.ts";
import { spacingAt } from "./snapshots.ts";

export interface RunHooks {
  /** simulated ms between recent snapshots (SNAP_EVERY) */
  snapEvery: number;
  /** trace events kept in memory (Infinity: all) */
  keep: number;
  /** after every event (lane sampling); undefined when nothing samples */
  sample?: () => boolean;
  /** checked after every event: true ends the run here */
  stop?: () => boolean;
  /** the trace outgrew its window: narrate and trim it */
  full(): void;
  /** a snapshot boundary was reached */
  boundary(): void;
}

/** Run `sim` to `t`; false when `stop` ended it early. */
export function runInChunks(sim: Simulation, t: number, h: RunHooks): boolean {
  let hit = false;
  // With a window, the run also pauses whenever the trace outgrows it, to narrate and trim:
  // snapshots alone trimmed it, and far behind the latest moment they are minutes apart, so
  // loading a long run grew the trace's columns (and kept them grown) by all the events
  // between two of them.
  const limit = h.keep === Infinity ? Infinity : Math.ceil(h.keep * 1.25) + 1;
  const log = sim.log;
  let full = false;
  const stop = h.stop;
  const inner = stop
    ? () => {
        h.sample?.();
        hit = stop();
        return hit;
      }
    : h.sample;
  const hook =
    limit === Infinity
      ? inner
      : () => {
          if (inner && inner()) return true;
          full = log.n >= limit;
          return full;
        };
  while (sim.now < t) {
    // Snapshot where the spacing will want one once the run reaches t (a long load takes the
    // sparse ones on the way and the dense ones near its end).
    const fine = h.snapEvery / 8;
    const every = spacingAt(t - (Math.floor(sim.now / fine) + 1) * fine, h.snapEvery);
    const boundary = (Math.floor(sim.now / every) + 1) * every;
    const target = Math.min(boundary, t);
    full = false;
    sim.runUntil(target, hook);
    if (hit) return false;
    if (full) {
      h.full();
      continue;
    }
    if (target === boundary) h.boundary();
  }
  return true;
}
