// The CLI timed as a learner runs it: `node scripts/sim.mjs …` (what `npm run sim` runs) in a
// fresh process, start-up included, wall time. Raft Figure 16 at 1,000 trials per range and the
// search of 2,000 schedules (5-node Raft over 30 s, every fault allowed), each on one worker and
// on two, beside a 10M-event plain (time, seq) heap loop timed in this process. The five are
// interleaved in every repeat in a rotating order, and each ratio is taken within its repeat,
// so a burst of load on the shared machine hits both sides of a ratio alike. The bundle is
// built once before anything is timed (a learner's second command finds it built).
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { runPlainFloor } from "./plain-floor.ts";
import { REPEATS, spread, type Spread } from "./measure.ts";

export interface CliBench {
  /** the checkout whose CLI ran */
  root: string;
  repeats: number;
  /** wall seconds of the plain heap loop (10M events, 16 queued) */
  plainLoopS: Spread;
  figure16: {
    trials: number;
    oneWorkerS: Spread;
    twoWorkersS: Spread;
    oneVsLoop: Spread;
    twoVsLoop: Spread;
    speedup: Spread;
    identical: boolean;
  };
  search: {
    schedules: number;
    oneWorkerS: Spread;
    twoWorkersS: Spread;
    oneVsLoop: Spread;
    twoVsLoop: Spread;
    speedup: Spread;
    identical: boolean;
  };
}

const LOOP_EVENTS = 10_000_000;

export function benchCli(
  root = resolve(import.meta.dirname, "../.."),
  repeats = Number(process.env.BENCH_CLI_REPEATS ?? REPEATS),
): CliBench {
  const dir = mkdtempSync(join(tmpdir(), "bench-cli-"));
  const scenario = join(dir, "raft5.json");
  writeFileSync(scenario, JSON.stringify({ protocol: "raft", nodes: 5, until: "30s" }));
  const sim = (...args: string[]) => {
    const t0 = performance.now();
    const r = spawnSync(process.execPath, [join(root, "scripts/sim.mjs"), ...args], {
      cwd: root,
      encoding: "utf8",
      maxBuffer: 1 << 26,
    });
    const s = (performance.now() - t0) / 1000;
    if (r.status !== 0 && r.status !== 1)
      throw new Error(`sim ${args.join(" ")} failed (${r.status}): ${r.stderr}`);
    return { s, out: r.stdout };
  };
  sim("presets"); // builds the bundle if a source changed
  const fig = (w: number) =>
    sim("experiment", "raft-timeouts", "--trials", "1000", "--workers", String(w), "--json");
  const search = (w: number) =>
    sim(
      "search",
      scenario,
      "--property",
      "one-leader-per-term",
      "--budget",
      "2000",
      "--workers",
      String(w),
      "--json",
    );
  const loop = () => {
    const t0 = performance.now();
    runPlainFloor(LOOP_EVENTS, 16);
    return { s: (performance.now() - t0) / 1000, out: "" };
  };
  const sides = [loop, () => fig(1), () => fig(2), () => search(1), () => search(2)];
  const t: number[][] = sides.map(() => []);
  const outs: string[][] = sides.map(() => []);
  for (let r = 0; r < repeats; r++) {
    for (let k = 0; k < sides.length; k++) {
      const i = (k + r) % sides.length;
      const x = sides[i]();
      t[i].push(x.s);
      outs[i].push(x.out);
    }
  }
  const ratio = (a: number[], b: number[]) => spread(a.map((x, i) => x / b[i]));
  // The search prints its own elapsed seconds; everything else must match between worker counts.
  const norm = (x: string) => x.replace(/"seconds": [0-9.]+/, "");
  const same = (a: string[], b: string[]) => [...a, ...b].every((x) => norm(x) === norm(a[0]));
  return {
    root,
    repeats,
    plainLoopS: spread(t[0]),
    figure16: {
      trials: 1000,
      oneWorkerS: spread(t[1]),
      twoWorkersS: spread(t[2]),
      oneVsLoop: ratio(t[1], t[0]),
      twoVsLoop: ratio(t[2], t[0]),
      speedup: ratio(t[1], t[2]),
      identical: same(outs[1], outs[2]),
    },
    search: {
      schedules: 2000,
      oneWorkerS: spread(t[3]),
      twoWorkersS: spread(t[4]),
      oneVsLoop: ratio(t[3], t[0]),
      twoVsLoop: ratio(t[4], t[0]),
      speedup: ratio(t[3], t[4]),
      identical: same(outs[3], outs[4]),
    },
  };
}
