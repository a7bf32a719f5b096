// The search's own seeded generator. Schedule i of a search with seed s is drawn from a stream
// seeded by (s, i) alone, so any worker can build any schedule without the others: that is what
// makes the answer independent of how many workers share the index space.
// Algorithm: mulberry32 (Tommy Ettinger's 32-bit generator), its state seeded by a splitmix32
// mix of the two numbers. Never Math.random.

import { splitmix32 } from "../core/random.ts";

export interface Rng {
  next(): number;
  int(lo: number, hi: number): number;
  pick<T>(xs: readonly T[]): T;
}

// The mixer is the simulation's own (core/random.ts); the stream stays mulberry32 because
// every recorded search result (challenge verdicts, shrunk schedules in tests and links) is
// drawn from it.
const mix = splitmix32;

/** A stream for schedule `index` of the search seeded `seed`. */
export function scheduleRng(seed: number, index: number): Rng {
  let a = mix(mix(seed | 0) ^ Math.imul(index + 1, 0x27d4eb2d));
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    /** uniform integer in [lo, hi] */
    int: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: (xs) => xs[Math.floor(next() * xs.length)],
  };
}
