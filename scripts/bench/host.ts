// The sandbox's host (src/worker/host.ts over src/engine/session): what loading a run to 600 s
// costs against a plain engine run with the same full trace, and what seeking back 0.5 s at
// 600 s costs, at 5 and 25 nodes. CPU time, repeated, median with min-max. And the heap the
// host's session holds after loading 600 s and 3000 s (bounded: about the same). Reports only.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import v8 from "node:v8";
import vm from "node:vm";
import { createSimulation } from "../../src/engine/index.ts";
import { Session } from "../../src/engine/session/index.ts";
import { HOST_TRACE_WINDOW, PAGE_EVENTS_WINDOW, SimHost } from "../../src/worker/host.ts";
import { cpuSeconds, REPEATS, spread, type Spread } from "./measure.ts";

export interface HostRow {
  nodes: number;
  /** simulated seconds loaded */
  atS: number;
  /** CPU ms to load (host: session run, lanes, narration, snapshots, first frame) */
  loadMs: Spread;
  /** CPU ms of a plain engine run to the same instant, full trace, in this process after the host */
  engineMs: Spread;
  /** the same run in a fresh process of its own (host-engine.ts): what a run alone costs */
  engineFreshMs: Spread;
  /** load / engine, per repeat */
  loadVsEngine: Spread;
  /** CPU ms to seek back 0.5 s from 600 s (and send the reset frame) */
  seekBackMs: Spread;
  /** the same with the reset frame copied as postMessage copies it (structuredClone): what
   *  the worker really spends */
  seekBackPostedMs: Spread;
  traceEvents: number;
  /** heap in use after the load, MB (process-wide, a rough figure) */
  heapMB: number;
  /** full-trace events the host keeps in memory after the load (its window) */
  keptTraceEvents: number;
  /** snapshots it holds after the load */
  snapshots: number;
  /** heap the host's session holds after loading atS simulated seconds, MB, measured after a
   *  full garbage collection as the difference from before the load */
  heapByRun: Array<{ atS: number; heapMB: number; traceEvents: number }>;
}

// A full collection before each heap reading (node gives gc() only to flagged processes).
v8.setFlagsFromString("--expose-gc");
const gc = vm.runInNewContext("gc") as () => void;

/** The heap a session configured as the host's holds after loading `atS` seconds. Beyond
 *  610 s the scenario is larger than the sandbox's run-size estimate allows, so the estimate
 *  is skipped (the engine's hard stop on events still applies). */
function heapAfter(nodes: number, atS: number): { atS: number; heapMB: number; traceEvents: number } {
  gc();
  // The trace's columns are typed arrays, whose buffers live outside the JS heap: count both.
  const used = () => process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
  const h0 = used();
  let s: Session | null = new Session({
    traceWindow: HOST_TRACE_WINDOW,
    eventsWindow: PAGE_EVENTS_WINDOW,
    estimate: false,
  });
  s.load(benchScenario(nodes, atS), atS * 1000);
  const traceEvents = s.traceLength;
  gc();
  const heapMB = Math.round((used() - h0) / 1e6);
  s = null;
  return { atS, heapMB, traceEvents };
}

/** Raft, `nodes` nodes, a leader crash every 10 s, to atS + 10 s. */
export const benchScenario = (nodes: number, atS = 600) => ({
  protocol: "raft",
  nodes,
  seed: 3,
  until: `${atS + 10}s`,
  // Slower than the defaults so that 25 nodes for 610 s stay inside the run-size limit.
  timing: { heartbeat: "160ms", electionTimeout: ["500ms", "1000ms"] },
  // A leader crash every 10 s, and every node restarted 5 s later (a restart of a node that is up has no effect).
  faults: Array.from({ length: atS / 10 - 1 }, (_, i) => [
    { at: `${(i + 1) * 10}s`, do: "crash", node: "leader" },
    ...Array.from({ length: nodes }, (_, j) => ({
      at: `${(i + 1) * 10 + 5}s`,
      do: "restart",
      node: `n${j + 1}`,
    })),
  ]).flat(),
});

/** CPU ms of the plain engine run in a fresh process (host-engine.ts). */
function freshEngineMs(nodes: number): number {
  const r = spawnSync(
    process.execPath,
    [...process.execArgv, join(import.meta.dirname, "host-engine.ts"), String(nodes)],
    { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] },
  );
  if (r.status !== 0) throw new Error(`the fresh engine run failed (exit ${r.status})`);
  return Number(r.stdout);
}

export function benchHost(log: (...a: unknown[]) => void = () => {}): HostRow[] {
  const rows: HostRow[] = [];
  const atMs = 600_000;
  for (const nodes of [5, 25]) {
    const sc = benchScenario(nodes);
    const load: number[] = [],
      engine: number[] = [],
      fresh: number[] = [],
      ratio: number[] = [],
      seek: number[] = [],
      posted: number[] = [];
    let traceEvents = 0;
    let heapMB = 0;
    let keptTraceEvents = 0;
    let snapshots = 0;
    const reps = nodes === 25 ? Math.min(REPEATS, 5) : REPEATS;
    for (let r = 0; r < reps; r++) {
      let copy = false;
      let host: SimHost | null = new SimHost({
        post: (m) => {
          if (m.type === "error") throw new Error(`bench scenario refused: ${m.message}`);
          if (copy) structuredClone(m);
        },
        now: () => 0,
      });
      const tl = cpuSeconds(() =>
        host!.handle({ type: "load", scenario: sc, at: atMs, playing: false, speed: 1 }),
      );
      traceEvents = host.session.traceLength;
      keptTraceEvents = host.session.simulation.log.length;
      snapshots = host.session.snapshotCount;
      if (r === 0)
        heapMB = Math.round((process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers) / 1e6);
      // Seek back twice per repeat, returning to 600 s in between (not timed).
      let ts = 0;
      let tp = 0;
      for (let i = 0; i < 4; i++) {
        copy = i >= 2;
        const dt = cpuSeconds(() => host!.handle({ type: "seek", t: atMs - 500 }));
        if (copy) tp += dt;
        else ts += dt;
        copy = false;
        host.handle({ type: "seek", t: atMs });
      }
      host = null;
      const te = cpuSeconds(() => createSimulation(sc, { trace: "full" }).runUntil(atMs));
      load.push(tl * 1000);
      engine.push(te * 1000);
      fresh.push(freshEngineMs(nodes));
      ratio.push(tl / te);
      seek.push((ts / 2) * 1000);
      posted.push((tp / 2) * 1000);
    }
    const heapByRun = [heapAfter(nodes, 600), heapAfter(nodes, 3000)];
    const row: HostRow = {
      nodes,
      atS: atMs / 1000,
      loadMs: spread(load),
      engineMs: spread(engine),
      engineFreshMs: spread(fresh),
      loadVsEngine: spread(ratio),
      seekBackMs: spread(seek),
      seekBackPostedMs: spread(posted),
      traceEvents,
      heapMB,
      keptTraceEvents,
      snapshots,
      heapByRun,
    };
    rows.push(row);
    log(
      `  ${String(nodes).padStart(5)} ${`${row.loadMs.median} ms (${row.loadMs.min}-${row.loadMs.max})`.padStart(24)} ${`${row.engineMs.median} ms`.padStart(10)} ${`${row.engineFreshMs.median} ms`.padStart(10)} ${`${row.loadVsEngine.median}x (${row.loadVsEngine.min}-${row.loadVsEngine.max})`.padStart(18)} ${`${row.seekBackMs.median} ms (${row.seekBackMs.min}-${row.seekBackMs.max})`.padStart(22)} ${`${row.seekBackPostedMs.median} ms`.padStart(9)} ${String(traceEvents).padStart(9)} ${String(heapMB).padStart(6)} ${String(keptTraceEvents).padStart(8)} ${heapByRun
        .map((h) => `${h.heapMB}`)
        .join(" / ")
        .padStart(12)}`,
    );
  }
  return rows;
}

export const HOST_HEADER = `  ${"nodes".padStart(5)} ${"load to 600 s (CPU)".padStart(24)} ${"engine".padStart(10)} ${"fresh".padStart(10)} ${"load/engine".padStart(18)} ${"seek back 0.5 s".padStart(22)} ${"+posting".padStart(9)} ${"trace".padStart(9)} ${"heapMB".padStart(6)} ${"kept".padStart(8)} ${"MB 600/3000s".padStart(12)}`;
