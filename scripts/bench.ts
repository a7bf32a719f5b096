// `npm run bench [-- --json] [-- --engine-only] [-- --skip-engine] [-- --skip-search] (also skips the elector judge) [-- --skip-figure16] [-- --skip-cli] [-- --skip-host]`: every
// performance figure of Election Lab, as a
// table or one JSON object. CPU time (process.cpuUsage), at least 9 repeats (BENCH_REPEATS),
// median with min-max, the floor interleaved with the engine; on a shared machine the figures
// still move, so compare runs made on the same quiet machine. Nothing here asserts a speed.
import { benchEngine, ENGINE_HEADER } from "./bench/engine.ts";
import { benchHost, HOST_HEADER } from "./bench/host.ts";
import { benchFigure16 } from "./bench/figure16.ts";
import { homeBundle } from "./bench/bundle.ts";
import { REPEATS } from "./bench/measure.ts";

const json = process.argv.includes("--json");
const engineOnly = process.argv.includes("--engine-only");
const log = (...args: unknown[]) => {
  if (!json) console.log(...args);
};

log(
  `Engine: live events per CPU-second (median, min-max of ${REPEATS} repeats); plain floor = a (time, seq) heap of two-field entries, engine heap = the engine's queue with its own entries, both at the protocol's mean queue length, interleaved`,
);
log(ENGINE_HEADER);
// --skip-engine: the CLI and page rows alone (the engine rows take most of a run's time).
const engine = process.argv.includes("--skip-engine") ? null : benchEngine(log);
if (engine) log("  (goals: lean/plain <= 3x, full/lean <= 1.5x)");

log("\nSandbox host: raft, a leader crash every 10 s, loaded to 600 s (CPU time)");
log(HOST_HEADER);
const host = process.argv.includes("--skip-host") ? null : benchHost(log);

// In the bench's own process (its worker pool); the CLI section below times it as a learner runs it.
const figure16 = process.argv.includes("--skip-figure16") ? null : await benchFigure16();
if (figure16)
  log(
    `\nRaft Figure 16, ${figure16.trials} trials x 10 ranges (${figure16.events} events): one thread ${figure16.oneThread.wallS.median} s wall (${figure16.oneThread.wallS.min}-${figure16.oneThread.wallS.max}), ${figure16.oneThread.cpuS.median} s CPU`,
  );
if (figure16?.workers)
  log(
    `  on ${figure16.workers.n} worker threads: ${figure16.workers.wallS.median} s wall (${figure16.workers.wallS.min}-${figure16.workers.wallS.max}), ${figure16.workers.cpuS.median} s CPU, samples ${figure16.workers.identical ? "identical" : "DIFFERENT"} to one thread (goal < 3 s wall on a quiet 2-core machine)`,
  );

const bundle = homeBundle();
if ("skipped" in bundle) log(`\nHome page JavaScript: skipped (${bundle.skipped})`);
else
  log(
    `\nHome page JavaScript (dist/): ${bundle.gzipKb} KB gzipped in ${bundle.files.length} files (goal <= 100 KB); largest ${bundle.files[0].file} ${bundle.files[0].gzipKb} KB`,
  );

const { benchSearch } = await import("./bench/search.ts");
const search = process.argv.includes("--skip-search") ? null : await benchSearch();
if (search)
  log(
    `\nTry to break it: ${search.schedules} schedules of 5-node Raft over 30 s, every fault allowed: ${search.oneThread.toFixed(1)} s on 1 worker (${search.cpuSeconds.toFixed(1)} s CPU), ${search.twoWorkers.toFixed(1)} s on 2 workers (of which ~${search.workerStart.toFixed(1)} s starting them)`,
  );

const cli = process.argv.includes("--skip-cli") ? null : (await import("./bench/cli.ts")).benchCli();
if (cli) {
  const f = (s: { median: number; min: number; max: number }, u = "") =>
    `${s.median}${u} (${s.min}-${s.max})`;
  log(
    `\nThe CLI as a learner runs it (node scripts/sim.mjs, start-up included, wall, ${cli.repeats} repeats), against a 10M-event plain heap loop of ${f(cli.plainLoopS, " s")}:`,
  );
  log(
    `  Figure 16, 1,000 trials per range: 1 worker ${f(cli.figure16.oneWorkerS, " s")} = ${f(cli.figure16.oneVsLoop, "x")} the loop; 2 workers ${f(cli.figure16.twoWorkersS, " s")} = ${f(cli.figure16.twoVsLoop, "x")}; 2 workers ${f(cli.figure16.speedup, "x")} faster (goals: <= 3x the loop, 2 workers >= 1.6x faster)`,
  );
  log(
    `  search, 2,000 schedules: 1 worker ${f(cli.search.oneWorkerS, " s")} = ${f(cli.search.oneVsLoop, "x")} the loop; 2 workers ${f(cli.search.twoWorkersS, " s")} = ${f(cli.search.twoVsLoop, "x")}; 2 workers ${f(cli.search.speedup, "x")} faster`,
  );
}

const { benchJudge } = await import("./bench/judge.ts");
const judge = process.argv.includes("--skip-search") ? null : await benchJudge();
if (judge)
  log(
    `\nElector judge: ${judge.schedules} schedules of a 5-node learner elector over 30 s, ${judge.learnerS.toFixed(1)} s on 1 worker (${judge.learnerVerdict}), beside the built-in Raft at the same budget, ${judge.builtinS.toFixed(1)} s: ${judge.ratio}x (aim <= 3x)`,
  );

let ui: unknown = null;
if (!engineOnly) {
  const { benchUi } = await import("./bench/ui.ts");
  ui = await benchUi(log);
}
const machine = {
  cpus: (await import("node:os")).cpus().length,
  loadavg: (await import("node:os")).loadavg().map((x) => Math.round(x * 100) / 100),
  node: process.version,
};
if (json)
  console.log(
    JSON.stringify(
      { machine, repeats: REPEATS, engine, host, figure16, homeBundle: bundle, search, judge, cli, ui },
      null,
      2,
    ),
  );
