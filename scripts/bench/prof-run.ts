// `node --cpu-prof --import tsx scripts/bench/prof-run.ts <preset> <until ms> <roles|full> [runs]`:
// one preset run again and again, for a CPU profile of the engine alone.
import { createSimulation, presets } from "../../src/engine/index.ts";

const [preset, until, trace, runs] = process.argv.slice(2);
let events = 0;
for (let r = 0; r < Number(runs ?? 20); r++) {
  const sim = createSimulation(
    { ...presets[preset].scenario, until: Number(until), seed: 1 + (r % 3) },
    { trace: trace as "full" | "roles" },
  );
  sim.run();
  events += sim.state.stats.events;
}
console.log(events);
