// Keeps the engine in step with the real servers without running them: for every committed
// recording (reality/recordings/<timing>/<scenario>.json, made by `npm run reality`), the engine
// runs the same scenario over as many seeds with the fault at the same phases, and must give
// timings inside the recorded range, widened only by the real mechanism's own granularity, and
// the same discrete outcomes: every outcome the real servers gave, and none they would have been
// unlikely to miss (below). The one other allowance is the named list in
// known-deviations.ts; a discrete entry whose outcome the engine now gives fails too, so
// fixing the engine tightens the check.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SCENARIOS, type RealScenario } from "./scenarios.ts";
import { runEngine } from "./engine-side.ts";
import { figuresOf, dist, outcomes, DISCRETE, TIMINGS } from "./figures.ts";
import { knownFor } from "./known-deviations.ts";
import type { Recording } from "./record.ts";

// What N real trials may not have shown of the real spread: one step of the loop that sets the
// time. etcd: one step of each of the two 500 ms loops that set a failover, clientv3's keepalive
// pass and the lessor's expiry pass (lease.go sendKeepAliveLoop, lessor.go runLoop), which the
// engine now runs too; Raft: four 100 ms ticks, as a failover is the earlier of two timeouts drawn from
// ten whole ticks and ten trials rarely sample its upper ticks (it passes 1.5 s about one
// trial in six); ZooKeeper: one tick, as sessions expire on tick boundaries
// (ExpiryQueue); Zab: half a tick, the period of the leader's pings and of its quorum check
// (Leader.lead), except after a crash, when the election runs on message rounds alone.
function grain(sc: RealScenario, timing: Recording["timing"]): number {
  const p = sc.timings[timing];
  switch (sc.system) {
    case "etcd-election": return 1000;
    case "etcd-raft": return 4 * p.heartbeat!;
    case "zk-recipe": return p.tickTime!;
    case "zab": return sc.fault === "crash" ? 0 : p.tickTime! / 2;
  }
}

// Discrete outcomes are compared on a larger engine sample than the real one. Some outcomes are
// rare on the real servers too (an election that costs two terms: about one in ten without
// Pre-Vote), so five or ten trials on each side cannot be matched outcome for outcome. The
// engine must give every outcome the real trials gave somewhere in SAMPLE seeds, and may give
// one the real trials never showed only at a rate they could plausibly have missed: N real
// trials miss an outcome of rate q with probability (1 - q)^N, and below MISS_P that is a
// deviation.
const SAMPLE = 40;
const MISS_P = 0.05;

const dir = path.resolve(import.meta.dirname, "../../reality/recordings");
const recordings: Recording[] = [];
for (const timing of ["scaled", "course"]) {
  const d = path.join(dir, timing);
  if (!fs.existsSync(d)) continue;
  for (const f of fs.readdirSync(d).filter((x) => x.endsWith(".json")).sort()) {
    recordings.push(JSON.parse(fs.readFileSync(path.join(d, f), "utf8")) as Recording);
  }
}

describe("the engine stays within the real servers' recorded behaviour", () => {
  it("has recordings of every scenario at the scaled timing", () => {
    const have = recordings.filter((r) => r.timing === "scaled" && r.trials.length >= 3).map((r) => r.scenario).sort();
    expect(have).toEqual(SCENARIOS.map((s) => s.name).sort());
  });

  for (const rec of recordings) {
    const sc = SCENARIOS.find((s) => s.name === rec.scenario);
    if (!sc || rec.trials.length === 0) continue;
    it(`${rec.scenario} (${rec.timing}, ${rec.trials.length} real trials)`, () => {
      const real = rec.trials.map(figuresOf);
      const n = rec.trials.length;
      const sample = runEngine(sc, rec.timing, Math.max(n, SAMPLE)).map(figuresOf);
      const engine = sample.slice(0, n);
      const problems: string[] = [];
      for (const key of DISCRETE) {
        const dev = knownFor(sc.name, key);
        const eCount = outcomes(sample, key);
        // A listed deviation: the real outcome counts as the one the engine gives instead.
        const rCount: Record<string, number> = {};
        for (const [k, c] of Object.entries(outcomes(real, key))) {
          const as = dev?.outcome && k === dev.outcome.real ? dev.outcome.engine : k;
          rCount[as] = (rCount[as] ?? 0) + c;
        }
        if (dev?.outcome && eCount[dev.outcome.real]) { problems.push(`${key}: the engine now gives ${dev.outcome.real} as the real servers do; "${dev.id}" is fixed, remove it from known-deviations.ts`); continue; }
        for (const k of Object.keys(rCount)) {
          if (!eCount[k]) problems.push(`${key}: real gave ${k} in ${rCount[k]} of ${n} trials, the engine never in ${sample.length}`);
        }
        for (const [k, c] of Object.entries(eCount)) {
          const missed = (1 - c / sample.length) ** n;
          if (!rCount[k] && missed < MISS_P) problems.push(`${key}: the engine gives ${k} in ${c} of ${sample.length} runs, which ${n} real trials would have shown (missed with probability ${missed.toFixed(3)})`);
        }
      }
      for (const key of TIMINGS) {
        const r = dist(real.map((f) => f[key]).filter((x): x is number => x !== null));
        const e = dist(engine.map((f) => f[key]).filter((x): x is number => x !== null));
        if (!r && !e) continue;
        if (!r || !e) { problems.push(`${key}: measured on one side only (real ${JSON.stringify(r)}, engine ${JSON.stringify(e)})`); continue; }
        const g = grain(sc, rec.timing);
        const inside = (slack: number) => e.min >= r.min - g - slack && e.max <= r.max + g + slack;
        const dev = knownFor(sc.name, key);
        const span = `engine ${e.min}-${e.max} ms, real ${r.min}-${r.max} ms ± ${g}`;
        if (!inside(0) && !(dev && inside(dev.slack ?? 0))) problems.push(`${key}: ${span}${dev ? ` (beyond the ${dev.slack} ms allowed for "${dev.id}")` : ""}`);
      }
      expect(problems).toEqual([]);
    });
  }
});
