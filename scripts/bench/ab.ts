// `npx tsx scripts/bench/ab.ts <engine dir A> <engine dir B> [protocol ...]`: two engines side by
// side, for one change, in one process per protocol, interleaved: each repeat runs A lean, B
// lean, A full, B full and the plain floor in a rotating order, and each ratio B/A is taken
// within its repeat. The engines are two copies of src/engine (a checkout of main beside this
// one); each has its own code, so neither feeds the other's type feedback. Which copy is
// imported first still matters (V8 shares the hidden classes of object literals that begin
// with the same property names, and the first copy's field representations stand): each
// protocol runs in two processes, A imported first and then B first, and both rows are shown.
import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { cpuSeconds, REPEATS, spread } from "./measure.ts";
import { runPlainFloor } from "./plain-floor.ts";

/** The busiest preset of each protocol (engine.ts picks the same ones) and a run length of
 *  about 50k live events per seed on this engine. */
const PRESETS: Record<string, [preset: string, untilMs: number]> = {
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

type Engine = {
  createSimulation: (sc: unknown, o: unknown) => { run(): unknown; state: { stats: { events: number } } };
  presets: Record<string, { scenario: Record<string, unknown> }>;
};

async function row(dirA: string, dirB: string, protocol: string, bFirst: boolean) {
  const load = async (dir: string) => (await import(pathToFileURL(resolve(dir, "index.ts")).href)) as Engine;
  const B0 = bFirst ? await load(dirB) : null;
  const A = await load(dirA);
  const B = B0 ?? (await load(dirB));
  const [preset, until] = PRESETS[protocol];
  const runs = (E: Engine, trace: string) => () => {
    let events = 0;
    for (let seed = 1; seed <= 3; seed++) {
      const sim = E.createSimulation({ ...E.presets[preset].scenario, until, seed }, { trace });
      sim.run();
      events += sim.state.stats.events;
    }
    return events;
  };
  const sides = [runs(A, "roles"), runs(B, "roles"), runs(A, "full"), runs(B, "full")];
  let events = 0;
  for (const f of sides) events = f(); // warm-up
  const floor = () => {
    for (let j = 0; j < 8; j++) runPlainFloor(events, 12);
  };
  for (let i = 0; i < 10; i++) runPlainFloor(events, 12);
  const t: number[][] = [[], [], [], [], []];
  for (let r = 0; r < REPEATS; r++) {
    for (let k = 0; k < 5; k++) {
      const i = (k + r) % 5;
      t[i].push(
        i === 4 ? cpuSeconds(floor, { warm: true }) / 8 : cpuSeconds(() => void sides[i](), { warm: true }),
      );
    }
  }
  const per = (i: number, j: number) => spread(t[i].map((x, r) => x / t[j][r]));
  return {
    protocol,
    preset,
    events,
    firstImported: bFirst ? "B" : "A",
    leanA: spread(t[0].map((x) => events / x)),
    leanB: spread(t[1].map((x) => events / x)),
    fullA: spread(t[2].map((x) => events / x)),
    fullB: spread(t[3].map((x) => events / x)),
    leanBvsA: per(1, 0),
    fullBvsA: per(3, 2),
    leanAvsPlain: per(0, 4),
    leanBvsPlain: per(1, 4),
    fullAvsLeanA: per(2, 0),
    fullBvsLeanB: per(3, 1),
  };
}

const [dirA, dirB, ...names] = process.argv.slice(2);
if (process.env.AB_CHILD) {
  process.stdout.write(JSON.stringify(await row(dirA, dirB, names[0], process.env.AB_CHILD === "B")));
} else {
  const out = [];
  for (const [p, first] of (names.length ? names : Object.keys(PRESETS)).flatMap((p) => [
    [p, "A"],
    [p, "B"],
  ])) {
    const c = spawnSync(process.execPath, [...process.execArgv, import.meta.filename, dirA, dirB, p], {
      encoding: "utf8",
      env: { ...process.env, AB_CHILD: first },
      stdio: ["ignore", "pipe", "inherit"],
    });
    if (c.status !== 0) throw new Error(`${p} failed`);
    const r = JSON.parse(c.stdout);
    out.push(r);
    const f = (s: { median: number; min: number; max: number }) => `${s.median} (${s.min}-${s.max})`;
    console.error(
      `${p.padEnd(11)} ${first} first: lean B/A ${f(r.leanBvsA)}  full B/A ${f(r.fullBvsA)}  lean/plain A ${f(r.leanAvsPlain)} B ${f(r.leanBvsPlain)}  full/lean A ${f(r.fullAvsLeanA)} B ${f(r.fullBvsLeanB)}`,
    );
  }
  console.log(JSON.stringify({ repeats: REPEATS, rows: out }, null, 2));
}
