// `npx tsx scripts/bench-engine.ts`: events per second of the election engine, full and fast
// ("roles") traces, per protocol. Reports only; asserts nothing.
import { createSimulation, presets, runRaftTimeouts } from "../src/engine/index.ts";

function bench(label: string, scenario: Record<string, unknown>, trace: "full" | "roles", reps: number): void {
  let events = 0;
  const t0 = performance.now();
  for (let i = 0; i < reps; i++) {
    const sim = createSimulation({ ...scenario, seed: i + 1 }, { trace });
    sim.run();
    events += sim.state.stats.events;
  }
  const ms = performance.now() - t0;
  console.log(`${label.padEnd(34)} ${trace.padEnd(5)} ${String(events).padStart(9)} events ${(ms / 1000).toFixed(2).padStart(6)} s  ${Math.round(events / ms).toString().padStart(5)}k events/s`);
}

const long = (name: string, until: string) => ({ ...presets[name].scenario, until });
for (const trace of ["full", "roles"] as const) {
  bench("raft 5 nodes, 60 s", long("raft-basic", "60s"), trace, 10);
  bench("etcd 3 nodes (TTL 2 s), 10 min", long("billing-gc-short-ttl", "10m"), trace, 10);
  bench("kubernetes 3 nodes, 10 min", long("k8s-defaults", "10m"), trace, 10);
}
const t0 = performance.now();
const r = runRaftTimeouts({ trials: 200 });
const ms = performance.now() - t0;
console.log(`Figure 16, 200 trials x 10 ranges: ${r.events} events in ${(ms / 1000).toFixed(2)} s (${Math.round(r.events / ms)}k events/s)`);
