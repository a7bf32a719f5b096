// Seeded PRNG for the whole simulation. The state is four plain numbers kept inside the
// simulation state, so structuredClone(state) snapshots the random stream too.
// Algorithm: sfc32 (Chris Doty-Humphrey's Small Fast Counting generator), seeded by splitmix32.
// Never Math.random: the same seed must give the same trace, byte for byte.

export type RngState = number[];

/** splitmix32's output mix: also seeds the counterexample search's per-schedule streams. */
export function splitmix32(x: number): number {
  x = (x + 0x9e3779b9) | 0;
  let z = x;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

export function seedRng(seed: number): RngState {
  let s = (seed | 0) ^ 0x5bd1e995;
  const out: number[] = [];
  for (let i = 0; i < 4; i++) {
    s = (s + 0x6d2b79f5) | 0;
    out.push(splitmix32(s));
  }
  // Warm up so that nearby seeds diverge immediately.
  for (let i = 0; i < 12; i++) nextU32(out);
  return out;
}

export function nextU32(r: RngState): number {
  let a = r[0],
    b = r[1],
    c = r[2],
    d = r[3];
  const t = (((a + b) | 0) + d) | 0;
  d = (d + 1) | 0;
  a = b ^ (b >>> 9);
  b = (c + (c << 3)) | 0;
  c = (c << 21) | (c >>> 11);
  c = (c + t) | 0;
  r[0] = a;
  r[1] = b;
  r[2] = c;
  r[3] = d;
  return t >>> 0;
}

/** Uniform in [0, 1). */
export function nextFloat(r: RngState): number {
  return nextU32(r) / 4294967296;
}

/** Uniform in [lo, hi]. */
export function uniform(r: RngState, lo: number, hi: number): number {
  return lo + (hi - lo) * nextFloat(r);
}
