// Engine throughput: simulated events per second for each protocol on a busy scenario, beside a
// floor: the same number of events pushed and popped through the engine's own binary heap with
// no protocol work. Reports only; speed is never asserted anywhere.
import { performance } from "node:perf_hooks";
import { PROTOCOLS, createSimulation, presets, runRaftTimeouts } from "../../src/engine/index.ts";
import { heapPop, heapPush } from "../../src/engine/core/queue.ts";
import type { QEvent } from "../../src/engine/index.ts";

export type EngineRow = {
  protocol: string;
  preset: string;
  events: number;
  /** events per second with the full trace the sandbox uses */
  eventsPerSec: number;
  /** events per second with the lean "roles" trace that trials and experiments use */
  rolesEventsPerSec: number;
  baselinePerSec: number;
  /** baseline / lean engine rate: how far above the floor of an event loop the engine runs */
  ratio: number;
};

/** The busiest preset of each protocol, run long enough to measure. */
function busyScenario(protocol: string): { preset: string; scenario: Record<string, unknown> } | null {
  const candidates = Object.entries(presets).filter(([, p]) => (p.scenario as { protocol: string }).protocol === protocol);
  if (candidates.length === 0) return null;
  const [name, preset] = candidates.sort(([, a], [, b]) => Number(b.scenario.nodes ?? 0) - Number(a.scenario.nodes ?? 0))[0];
  const until = protocol === "raft" || protocol === "zab" || protocol === "bully" || protocol === "ring" ? "120s" : "20m";
  return { preset: name, scenario: { ...preset.scenario, until } };
}

/** A bare heap: push/pop `events` entries while keeping `size` of them queued, like a simulation. */
export function heapBaseline(events: number, size = 64): number {
  const heap: QEvent[] = [];
  let x = 123456789;
  const next = () => ((x = (Math.imul(x, 1103515245) + 12345) >>> 0) / 4294967296) * 1000;
  let seq = 0;
  let now = 0;
  for (let i = 0; i < size; i++) heapPush(heap, { at: now + next(), seq: seq++, kind: "store-up", epoch: 0 });
  const t0 = performance.now();
  for (let i = 0; i < events; i++) {
    const e = heapPop(heap)!;
    now = e.at;
    heapPush(heap, { at: now + next(), seq: seq++, kind: "store-up", epoch: 0 });
  }
  return events / ((performance.now() - t0) / 1000);
}

export function benchEngine(): { rows: EngineRow[]; figure16: { trials: number; seconds: number; events: number } } {
  const rows: EngineRow[] = [];
  for (const protocol of PROTOCOLS) {
    const busy = busyScenario(protocol);
    if (!busy) continue;
    const rate = (trace: "full" | "roles") => {
      let events = 0;
      const t0 = performance.now();
      for (let seed = 1; seed <= 5; seed++) {
        const sim = createSimulation({ ...busy.scenario, seed }, { trace });
        sim.run();
        events += sim.state.stats.events;
      }
      return { events, perSec: events / ((performance.now() - t0) / 1000) };
    };
    rate("roles"); // warm-up, so the JIT has compiled the protocol before it is timed
    const full = rate("full");
    const roles = rate("roles");
    // The floor is measured over at least two million events so that its rate is stable.
    heapBaseline(200_000);
    const baselinePerSec = heapBaseline(Math.max(full.events, 2_000_000));
    rows.push({
      protocol, preset: busy.preset, events: full.events, eventsPerSec: full.perSec, rolesEventsPerSec: roles.perSec,
      baselinePerSec, ratio: baselinePerSec / roles.perSec,
    });
  }
  const t0 = performance.now();
  const r = runRaftTimeouts({ trials: 1000 });
  return { rows, figure16: { trials: 1000, seconds: (performance.now() - t0) / 1000, events: r.events } };
}
