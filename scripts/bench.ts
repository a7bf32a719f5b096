// `npm run bench [-- --json] [-- --engine-only]`: every performance figure of Election Lab, as a
// table or one JSON object. Nothing here asserts a speed; the numbers are for people.
import { benchEngine } from "./bench/engine.ts";

const json = process.argv.includes("--json");
const engineOnly = process.argv.includes("--engine-only");
const log = (...args: unknown[]) => {
  if (!json) console.log(...args);
};

log("Engine throughput (full traces, 5 seeds each) against a bare binary heap doing no protocol work");
const engine = benchEngine();
const k = (n: number) => `${(n / 1000).toFixed(0)}k/s`;
log(`  ${"protocol".padEnd(11)} ${"preset".padEnd(26)} ${"events".padStart(9)} ${"full trace".padStart(11)} ${"lean trace".padStart(11)} ${"heap only".padStart(10)} ${"ratio".padStart(6)}`);
for (const r of engine.rows)
  log(`  ${r.protocol.padEnd(11)} ${r.preset.padEnd(26)} ${String(r.events).padStart(9)} ${k(r.eventsPerSec).padStart(11)} ${k(r.rolesEventsPerSec).padStart(11)} ${k(r.baselinePerSec).padStart(10)} ${r.ratio.toFixed(1).padStart(5)}x`);
log("  (ratio = heap-only rate / lean-trace rate; the aim is within 3x)");
log(`\nRaft Figure 16 experiment, 1000 trials x 10 ranges: ${engine.figure16.seconds.toFixed(1)} s (${engine.figure16.events} events)`);

const { benchSearch } = await import("./bench/search.ts");
const search = await benchSearch();
log(`\nTry to break it: ${search.schedules} schedules of 5-node Raft over 30 s, every fault allowed: ${search.oneThread.toFixed(1)} s on this thread (${search.cpuSeconds.toFixed(1)} s CPU), ${search.twoWorkers.toFixed(1)} s on 2 workers (of which ~${search.workerStart.toFixed(1)} s starting them)`);

let ui: unknown = null;
if (!engineOnly) {
  const { benchUi } = await import("./bench/ui.ts");
  ui = await benchUi(log);
}
if (json) console.log(JSON.stringify({ engine: engine.rows, figure16: engine.figure16, search, ui }, null, 2));
