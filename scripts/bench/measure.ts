import v8 from "node:v8";
import vm from "node:vm";
// Measuring on a shared machine: CPU time of this process (process.cpuUsage, so time the OS gave
// to other programs is not charged to us), repeated and interleaved with the floor so that a
// burst of load hits both sides of a ratio alike; reported as median with min and max.
export interface Spread {
  median: number;
  min: number;
  max: number;
  runs: number[];
}

// A full collection before each measurement: otherwise the garbage one side leaves (a full
// trace of 150k events) is collected while the next side runs, and a floor of 20 ms measured
// with a 30 ms major collection inside it gave ratios that moved twofold between runs.
v8.setFlagsFromString("--expose-gc");
const gc = vm.runInNewContext("gc") as () => void;

/** CPU seconds (user + system) `fn` took in this process, after a full collection of what came
 *  before it (the collections `fn` needs for its own garbage are counted). With `warm`, `fn` runs
 *  once more, untimed, between the collection and the timing: a forced full collection drops
 *  the optimised code of what ran before it, and a raft run right after one took 2-4 times the
 *  user time of the same run without it (same scavenges, same heap), where the sandbox and the
 *  CLI never force one. Only for work that can run twice (an engine run, the floor). */
export function cpuSeconds(fn: () => void, opts: { warm?: boolean } = {}): number {
  gc();
  if (opts.warm) fn();
  const c0 = process.cpuUsage();
  fn();
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1e6;
}

export function spread(xs: number[]): Spread {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  const median = s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
  return { median: round(median), min: round(s[0]), max: round(s[s.length - 1]), runs: xs.map(round) };
}

/** Three significant digits are all a noisy machine can give. */
export function round(x: number): number {
  if (!Number.isFinite(x) || x === 0) return x;
  // toPrecision, not a scaled Math.round: 4.01M came out as 4010000.0000000005
  return Number(x.toPrecision(3));
}

export const REPEATS = Math.max(9, Number(process.env.BENCH_REPEATS ?? 9));
