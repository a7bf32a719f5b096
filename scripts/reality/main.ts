// npm run reality [-- --scaled] [--trials N] [--only a,b] [--lanes N] [--etcd URL]
//                 [--zookeeper HOSTS] [--compare-only]
// Runs the course's scenarios on real etcd and ZooKeeper servers started here (or the ones
// named), records each trial in the engine's terms under reality/recordings/<timing>/, runs the
// engine on the same scenarios, and writes reality/report-<timing>.{md,json}.
import fs from "node:fs";
import path from "node:path";
import { execSync } from "node:child_process";
import { ensureInstalled, versions } from "./install.ts";
import { SCENARIOS, type RealScenario, type TimingName } from "./scenarios.ts";
import { startCluster, type Cluster } from "./etcd-server.ts";
import { startEnsemble, recipeClasses, type Ensemble } from "./zk-server.ts";
import { etcdElectionTrial } from "./etcd-election.ts";
import { etcdRaftTrial } from "./etcd-raft.ts";
import { zkRecipeTrial } from "./zk-recipe.ts";
import { zabTrial } from "./zab.ts";
import { runEngine } from "./engine-side.ts";
import { ENGINE_SAMPLE, compare, type Comparison } from "./compare.ts";
import { markdown } from "./report.ts";
import { killAll, livePids, now } from "./procs.ts";
import type { Recording, Trial } from "./record.ts";

const argv = process.argv.slice(2);
const flag = (name: string) => argv.includes(`--${name}`);
const opt = (name: string) => { const i = argv.indexOf(`--${name}`); return i >= 0 ? argv[i + 1] : undefined; };
if (flag("help")) {
  console.log("usage: npm run reality -- [--scaled] [--trials N (default 5, Raft 10)] [--only NAME,...] [--lanes N (default 3)] [--etcd URL] [--zookeeper HOSTS] [--compare-only]\n" +
    `scenarios: ${SCENARIOS.map((s) => s.name).join(", ")}`);
  process.exit(0);
}
const timing: TimingName = flag("scaled") ? "scaled" : "course";
// Raft's failover spreads over a whole election timeout (1 to 2 s in 100 ms ticks) and its
// trials are short, so it gets more of them by default.
const DEFAULT_TRIALS: Record<RealScenario["system"], number> = { "etcd-election": 5, "etcd-raft": 10, "zk-recipe": 5, zab: 5 };
const trialsOf = (sc: RealScenario) => Number(opt("trials") ?? DEFAULT_TRIALS[sc.system]);
const only = opt("only")?.split(",");
const etcdUrl = opt("etcd");
const zkHosts = opt("zookeeper");
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
const recDir = path.join(root, "reality", "recordings", timing);
const chosen = SCENARIOS.filter((s) => !only || only.includes(s.name));
if (chosen.length === 0) throw new Error(`no scenario matches --only ${only?.join(",")}`);

const recPath = (sc: RealScenario) => path.join(recDir, `${sc.name}.json`);
const ver = versions();

/** Bound one trial in time: past its budget every process it started is ended. */
async function bounded(sc: RealScenario, fn: () => Promise<Trial>): Promise<Trial> {
  const p = sc.timings[timing];
  const ms = p.warm + p.period + (p.faultFor ?? 0) + p.observe + 60_000;
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([fn(), new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error(`${sc.name}: trial exceeded ${ms} ms`)), ms); })]);
  } finally {
    clearTimeout(timer);
  }
}

async function record(sc: RealScenario, trialFn: (i: number) => Promise<Trial>): Promise<void> {
  const out: Trial[] = [];
  for (let i = 0; i < trialsOf(sc); i++) {
    const t0 = now();
    try {
      out.push(await bounded(sc, () => trialFn(i)));
      console.log(`  ${sc.name} #${i}: ${((now() - t0) / 1000).toFixed(1)} s`);
    } catch (e) {
      console.error(`  ${sc.name} #${i} failed: ${(e as Error).message}`);
    }
  }
  const rec: Recording = { scenario: sc.name, timing, versions: ver, recordedAt: new Date().toISOString(), trials: out };
  fs.mkdirSync(recDir, { recursive: true });
  fs.writeFileSync(recPath(sc), JSON.stringify(rec, null, 1) + "\n");
}

/** One scenario, all its trials, on servers started for it (or the ones named). */
async function runScenario(sc: RealScenario): Promise<void> {
  const p = sc.timings[timing];
  console.log(`${sc.name}: ${sc.title}`);
  if (sc.system === "etcd-election") {
    let cluster: Cluster | null = null;
    try {
      const endpoint = etcdUrl ?? (cluster = await startCluster(1)).endpoints;
      await record(sc, (i) => etcdElectionTrial(endpoint, sc, timing, i));
    } finally { await cluster?.stop(); }
  } else if (sc.system === "etcd-raft") {
    if (etcdUrl) { console.log("  skipped: the Raft scenarios kill members, so they run only on servers started here"); return; }
    await record(sc, (i) => etcdRaftTrial(sc, timing, i));
  } else if (sc.system === "zk-recipe") {
    let ens: Ensemble | null = null;
    try {
      const hosts = zkHosts ?? (ens = await startEnsemble(1, { tickTime: p.tickTime! })).hosts;
      await record(sc, (i) => zkRecipeTrial(hosts, sc, timing, i));
    } finally { await ens?.stop(); }
  } else {
    if (zkHosts) { console.log("  skipped: the Zab scenarios kill servers, so they run only on servers started here"); return; }
    await record(sc, (i) => zabTrial(sc, timing, i));
  }
}

// What one trial costs in wall time, roughly: starting its servers and clients, the warm-up and
// the fault's phase, the fault, and the time to a settled outcome. Only for sharing the
// scenarios out fairly between lanes.
const START_MS: Record<RealScenario["system"], number> = { "etcd-election": 2_500, "etcd-raft": 4_000, "zk-recipe": 4_000, zab: 8_000 };
const estimate = (sc: RealScenario) => {
  const p = sc.timings[timing];
  return trialsOf(sc) * (START_MS[sc.system] + p.warm + p.period / 2 + (p.faultFor ?? 0) + Math.min(p.observe, 3_000));
};

/** The scenarios share nothing (each starts its own servers on its own ports, or uses its own
 *  key prefix on a named server), so they run in lanes side by side: longest first, each to
 *  the lane with the least work so far. */
function lanesOf(scs: RealScenario[], n: number): RealScenario[][] {
  const lanes = Array.from({ length: Math.max(1, Math.min(n, scs.length)) }, () => ({ ms: 0, scs: [] as RealScenario[] }));
  for (const sc of [...scs].sort((a, b) => estimate(b) - estimate(a))) {
    const lane = lanes.reduce((a, b) => (b.ms < a.ms ? b : a));
    lane.scs.push(sc);
    lane.ms += estimate(sc);
  }
  return lanes.map((l) => l.scs);
}

async function runReal(): Promise<void> {
  const systems = new Set(chosen.map((s) => s.system));
  ensureInstalled({ etcd: systems.has("etcd-election") || systems.has("etcd-raft"), zookeeper: systems.has("zk-recipe") || systems.has("zab") });
  // Compiled before the lanes start: javac runs synchronously, and the lanes' proxies and
  // resources live in this process, whose event loop must not stall mid-trial.
  if (systems.has("zk-recipe")) recipeClasses();
  // Zab's failover is the servers' own work on the JVM (election, discovery, synchronisation,
  // a snapshot), which stretches when the machine's cores are shared: its pause scenario failed
  // over in 2.60-2.84 s run alone and in 3.13-4.77 s beside the other lanes. So Zab runs after
  // the lanes, by itself; the others' times are set by timers and ticks, not by CPU work.
  const alone = chosen.filter((sc) => sc.system === "zab");
  const lanes = lanesOf(chosen.filter((sc) => !alone.includes(sc)), Number(opt("lanes") ?? 3));
  console.log(`reality: etcd ${ver.etcd}, ZooKeeper ${ver.zookeeper}; ${timing} timings, ${opt("trials") ?? "5 (Raft: 10)"} trials per scenario, ${lanes.length} lanes side by side, then Zab alone`);
  const started = now();
  const failed: string[] = [];
  const runLane = async (lane: RealScenario[]) => {
    for (const sc of lane) {
      try { await runScenario(sc); } catch (e) { failed.push(sc.name); console.error(`${sc.name} failed: ${(e as Error).message}`); }
    }
  };
  await Promise.all(lanes.map(runLane));
  await runLane(alone);
  console.log(`reality: real runs took ${((now() - started) / 60_000).toFixed(1)} min${failed.length ? `; failed: ${failed.join(", ")}` : ""}`);
}

function writeReport(): void {
  const cs: Comparison[] = [];
  const dates = new Set<string>();
  for (const sc of SCENARIOS) {
    if (!fs.existsSync(recPath(sc))) continue;
    const rec = JSON.parse(fs.readFileSync(recPath(sc), "utf8")) as Recording;
    if (rec.trials.length === 0) continue;
    dates.add(rec.recordedAt.slice(0, 10));
    cs.push(compare(sc, timing, rec.trials, runEngine(sc, timing, Math.max(rec.trials.length, ENGINE_SAMPLE))));
  }
  const dir = path.join(root, "reality");
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `report-${timing}.json`), JSON.stringify(cs, null, 1) + "\n");
  fs.writeFileSync(path.join(dir, `report-${timing}.md`), markdown(cs, { versions: ver, timing, when: [...dates].sort().join(" and ") }));
  writeStrip(cs);
  const bad = cs.flatMap((c) => c.rows.filter((r) => r.verdict === "MISMATCH" || r.verdict === "OUTSIDE").map((r) => `${c.scenario} ${r.figure}`));
  console.log(`reality: report in reality/report-${timing}.md (${cs.length} scenarios; ${bad.length ? `unexplained: ${bad.join(", ")}` : "every difference named"})`);
}

const WHAT: Record<string, string> = {
  crash: "time from the crash to the next leader",
  pause: "time from the start of the pause to the next leader",
  cut: "time from the cut to the next leader",
  resign: "time from the resignation to the next leader",
};

/** reality/strip.json: for each preset a recording reproduces exactly, each trial's failover on
 *  both sides (the sandbox's RealityStrip reads it). */
function writeStrip(cs: Comparison[]): void {
  const file = path.join(root, "reality", "strip.json");
  const strip = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, unknown>) : {};
  for (const c of cs) {
    const sc = SCENARIOS.find((s) => s.name === c.scenario)!;
    if (!sc.samePreset?.includes(timing)) continue;
    // A preset recorded at both timings (the same set-up) shows the course's recording, so the
    // strip does not depend on which pass was compared last.
    if (timing === "scaled" && sc.samePreset.includes("course")) continue;
    const rec = JSON.parse(fs.readFileSync(recPath(sc), "utf8")) as Recording;
    const system = sc.system.startsWith("etcd") ? `etcd ${rec.versions.etcd}` : `ZooKeeper ${rec.versions.zookeeper}`;
    strip[sc.preset] = { system, what: WHAT[sc.fault], recorded: rec.recordedAt.slice(0, 10), scenario: sc.name, timing, real: c.failovers.real, simulated: c.failovers.engine };
  }
  fs.writeFileSync(file, JSON.stringify(strip, null, 1) + "\n");
}

try {
  if (!flag("compare-only")) await runReal();
  writeReport();
} finally {
  await killAll();
  const left = livePids();
  if (left.length) console.error(`reality: processes still running: ${left.join(" ")}`);
  try {
    const stray = execSync("pgrep -a -f '[r]eality-etcd-|[r]eality-zk-|[Z]kElect' || true", { encoding: "utf8", shell: "/bin/bash" }).trim();
    if (stray) console.error(`reality: left running (by pid, from an earlier run?):\n${stray}`);
  } catch { /* pgrep missing */ }
}
