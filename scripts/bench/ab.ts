// `npx tsx scripts/bench/ab.ts <engine dir A> <engine dir B> [protocol ...]`: two engines side by
// side, for one change. The engines are two copies of src/engine (a checkout of main beside this
// one). Each is bundled once with esbuild, and every measurement is a fresh node process that
// loads one bundle, runs the protocol's busiest preset once to warm up and then timed (repeated
// until a quarter second of CPU, the time per pass reported), and reports its own CPU time
// (process.cpuUsage, so time the OS gave to other programs is not charged). Processes alternate A, B, A' (rotating which goes first) for at least 9 rounds, and
// each round gives a ratio B/A and A'/A. A' is A's bundle under a second name: the A/A control,
// measured by the same harness in the same minutes, which shows how far identical code strays.
//
// Why separate processes: the previous harness ran both engines in one process, and with
// identical code it showed ratios of 0.75 to 1.22 (issue39-session6-engine-ab.txt): V8 shares
// hidden classes and type feedback between object literals of the same field names, so the copy
// imported first set the field representations of the other. An effect counts only when its
// B/A range clears the A/A range (no overlap).
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { build } from "esbuild";
import { round, spread, type Spread } from "./measure.ts";

/** The busiest preset of each protocol (engine.ts picks the same ones) and a run length of
 *  about 50k live events per seed on this engine. */
const AB_PRESETS: Record<string, [preset: string, untilMs: number]> = {
  raft: ["raft-split-vote", 168000],
  etcd: ["billing-gc-short-ttl", 2503000],
  kubernetes: ["k8s-coordinated", 6397000],
  bully: ["bully-restart", 378000],
  ring: ["ring-partition", 324000],
  zab: ["zab-failover", 3551000],
  zookeeper: ["zk-herd-leader", 1696000],
  database: ["shard-lease-crash", 7300000],
  heartbeat: ["sre-file-server", 8288000],
};

const PAIRS = Math.max(9, Number(process.env.AB_PAIRS ?? 9));
const MODES = (process.env.AB_MODES ?? "lean,full").split(",");

// The child: one run untimed (compiles and optimises the engine), then the same run timed.
const RUNNER = `
import { createSimulation, presets } from "./index.ts";
const [preset, until, trace] = [process.argv[2], Number(process.argv[3]), process.argv[4]];
const pass = () => {
  let events = 0;
  for (let seed = 1; seed <= 3; seed++) {
    const sim = createSimulation({ ...presets[preset].scenario, until, seed }, { trace });
    sim.run();
    events += sim.state.stats.events;
  }
  return events;
};
pass();
// Timed passes until a quarter second of CPU (a short run is mostly timer and scheduler noise).
const c0 = process.cpuUsage();
let events = 0, passes = 0, cpu = 0;
do {
  events = pass();
  passes++;
  const c = process.cpuUsage(c0);
  cpu = (c.user + c.system) / 1e6;
} while (cpu < 0.25);
process.stdout.write(JSON.stringify({ events, cpu: cpu / passes }));
`;

async function bundle(dir: string, out: string): Promise<void> {
  await build({
    stdin: { contents: RUNNER, resolveDir: resolve(dir), loader: "ts", sourcefile: "ab-runner.ts" },
    outfile: out,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    logLevel: "error",
    // A copy of src/engine outside this tree (a checkout of main) finds zod in this one's.
    nodePaths: [resolve(import.meta.dirname, "..", "..", "node_modules")],
  });
}

function runOnce(file: string, preset: string, until: number, trace: string) {
  const c = spawnSync(process.execPath, [file, preset, String(until), trace], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  if (c.status !== 0) throw new Error(`${file} ${preset} ${trace} failed`);
  return JSON.parse(c.stdout) as { events: number; cpu: number };
}

/** Does range a lie wholly outside range b? */
const clears = (a: Spread, b: Spread) => a.max < b.min || a.min > b.max;

const [dirA, dirB, ...names] = process.argv.slice(2);
if (!dirA || !dirB) throw new Error("usage: ab.ts <engine dir A> <engine dir B> [protocol ...]");
const tmp = mkdtempSync(join(tmpdir(), "ab-"));
const files = { A: join(tmp, "A.mjs"), B: join(tmp, "B.mjs"), A2: join(tmp, "A2.mjs") };
await bundle(dirA, files.A);
await bundle(dirB, files.B);
copyFileSync(files.A, files.A2);
const sides = ["A", "B", "A2"] as const;
const fmt = (s: Spread) => `${s.median} (${s.min}-${s.max})`;
const rows = [];
try {
  for (const protocol of names.length ? names : Object.keys(AB_PRESETS)) {
    const [preset, until] = AB_PRESETS[protocol];
    for (const trace of MODES) {
      const cpu: Record<(typeof sides)[number], number[]> = { A: [], B: [], A2: [] };
      let events = 0;
      for (let r = 0; r < PAIRS; r++) {
        for (let k = 0; k < 3; k++) {
          const side = sides[(k + r) % 3];
          const one = runOnce(files[side], preset, until, trace === "lean" ? "roles" : "full");
          cpu[side].push(one.cpu);
          events = one.events;
        }
      }
      const ratio = (x: number[]) => spread(x.map((t, r) => t / cpu.A[r]));
      const bA = ratio(cpu.B);
      const aA = ratio(cpu.A2);
      const verdict = clears(bA, aA) ? (bA.median < 1 ? "B FASTER" : "B SLOWER") : "no effect beyond A/A";
      rows.push({
        protocol,
        preset,
        trace,
        events,
        cpuA: spread(cpu.A),
        cpuB: spread(cpu.B),
        bA,
        aA,
        verdict,
      });
      const mev = (xs: number[]) => round(events / [...xs].sort((a, b) => a - b)[xs.length >> 1] / 1e6);
      console.error(
        `${protocol.padEnd(11)} ${trace.padEnd(4)} B/A ${fmt(bA).padEnd(22)} A/A ${fmt(aA).padEnd(22)} ` +
          `${verdict}  (M events/s A ${mev(cpu.A)} B ${mev(cpu.B)})`,
      );
    }
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
console.log(JSON.stringify({ pairs: PAIRS, rows }, null, 2));
