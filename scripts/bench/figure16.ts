// Raft Figure 16 (1000 trials per range, 10 ranges): wall and CPU time on one thread, and (when
// the trial pool exists) split by seed over worker threads, with the merged samples checked
// equal. Reports only. The one thread is a worker of the pool too, a fresh engine as the CLI's
// own process is: on the bench's main thread, after every protocol's engine rows ran there, the
// engine's shared functions carried all their type feedback and the same trials took 13-20 s
// wall instead of 3.9-6.0 s.
import { performance } from "node:perf_hooks";
import { runRaftTimeouts } from "../../src/engine/index.ts";
import { REPEATS, spread, type Spread } from "./measure.ts";

export interface Figure16Figure {
  trials: number;
  events: number;
  oneThread: { wallS: Spread; cpuS: Spread };
  workers?: { n: number; wallS: Spread; cpuS: Spread; identical: boolean };
}

const timed = async (fn: () => unknown | Promise<unknown>) => {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const r = await fn();
  const c = process.cpuUsage(c0);
  return { r, wall: (performance.now() - t0) / 1000, cpu: (c.user + c.system) / 1e6 };
};

export async function benchFigure16(
  trials = 1000,
  repeats = Number(process.env.BENCH_FIG16_REPEATS ?? REPEATS),
): Promise<Figure16Figure> {
  const wall: number[] = [],
    cpu: number[] = [];
  let events = 0;
  let reference = "";
  const pool = await import("../../src/cli/trial-pool.ts").catch(() => null);
  for (let i = 0; i < repeats; i++) {
    const t = await timed(() =>
      pool ? pool.runRaftTimeoutsOnThreads({ trials }, 1) : runRaftTimeouts({ trials }),
    );
    const r = t.r as ReturnType<typeof runRaftTimeouts>;
    events = r.events;
    reference = JSON.stringify(r.ranges);
    wall.push(t.wall);
    cpu.push(t.cpu);
  }
  const out: Figure16Figure = { trials, events, oneThread: { wallS: spread(wall), cpuS: spread(cpu) } };
  if (pool) {
    const n = pool.defaultThreads();
    const w: number[] = [],
      c: number[] = [];
    let identical = true;
    for (let i = 0; i < repeats; i++) {
      // cpuUsage is process-wide, so it includes the worker threads' CPU time.
      const t = await timed(() => pool.runRaftTimeoutsOnThreads({ trials }, n));
      identical &&= JSON.stringify((t.r as ReturnType<typeof runRaftTimeouts>).ranges) === reference;
      w.push(t.wall);
      c.push(t.cpu);
    }
    out.workers = { n, wallS: spread(w), cpuS: spread(c), identical };
  }
  return out;
}
