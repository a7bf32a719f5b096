import { describe, expect, it } from "vitest";
import { createSimulation, digest, runElectionCost, runRaftTimeouts } from "../../engine/index.ts";
import { handleLabMessage, runJob, type FromLab } from "../lab-jobs.ts";
import { csvField, toCsv } from "./csv.ts";
import { costCsv, costScenarioSet, costTrialScenario, type CostResult } from "./election-cost.ts";
import {
  aggregateFigure16,
  cdfPoints,
  figure16Csv,
  figure16Scenario,
  figure16ScenarioSet,
  graphOf,
  runFigure16Trial,
  type Figure16Options,
  type Figure16Result,
} from "./figure16.ts";
import {
  aggregateLease,
  drawPause,
  leaseCsv,
  leaseScenarioSet,
  leaseTrialScenario,
  runLeaseTrial,
  type LeaseTuningOptions,
  type LeaseTuningResult,
} from "./lease-tuning.ts";

const F16: Figure16Options = {
  ranges: [
    [150, 155],
    [12, 24],
    [150, 300],
  ],
  trials: 8,
  seed: 3,
  capMs: 20_000,
};

describe("Figure 16", () => {
  const result = runJob({ kind: "figure16", options: F16 }) as Figure16Result;

  it("gives exactly the engine's samples (runRaftTimeouts, the CLI's experiment)", () => {
    const engine = runRaftTimeouts({
      ranges: F16.ranges,
      trials: F16.trials,
      seed: F16.seed,
      capMs: F16.capMs,
    });
    expect(result.ranges.map((r) => r.trials.map((t) => t.sample))).toEqual(
      engine.ranges.map((r) => r.samples),
    );
    expect(result.ranges.map((r) => r.censored)).toEqual(engine.censored);
  });

  it("keeps each trial's exact scenario: replaying it gives the same time without a leader", () => {
    for (const g of result.ranges) {
      const t = g.trials[5];
      const { scenario, crashAt } = figure16Scenario(g.range, t.ri, t.seed, F16.capMs);
      expect(crashAt).toBe(t.crashAt);
      const trace = createSimulation(scenario, { trace: "full" }).run().trace;
      const next = trace.find((e) => e.type === "leader-start" && e.t > crashAt);
      expect(next && Math.round((next.t - crashAt) * 1000) / 1000).toBe(t.sample);
    }
  });

  it("aggregates per range, with the CDF rising to 1 in sample order", () => {
    const g = result.ranges[0];
    expect(g.label).toBe("150-155");
    expect(g.stats.n).toBe(8);
    const pts = cdfPoints(g.trials);
    expect(pts.map((p) => p.p)).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map((i) => i / 8));
    expect(pts.map((p) => p.sample)).toEqual([...g.trials.map((t) => t.sample)].sort((a, b) => a - b));
    expect(g.stats.max).toBe(pts[7].sample);
    expect(graphOf([150, 155])).toBe("randomness");
    expect(graphOf([12, 24])).toBe("scale");
  });

  it("censors a trial with no leader at the cap", () => {
    const t = runFigure16Trial([150, 150], 0, 0, { ranges: [[150, 150]], trials: 1, seed: 1, capMs: 2000 });
    expect(t).toMatchObject({ censored: true, sample: 2000 });
    expect(
      aggregateFigure16({ ranges: [[150, 150]], trials: 1, seed: 1, capMs: 2000 }, [t]).ranges[0].censored,
    ).toBe(1);
  });

  it("downloads as CSV, one row per trial, and as the scenario set", () => {
    const lines = figure16Csv(result).trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "timeout_min_ms,timeout_max_ms,trial,seed,crash_at_ms,time_without_leader_ms,censored",
    );
    expect(lines).toHaveLength(1 + 3 * 8);
    expect(lines[1].split(",").slice(0, 4)).toEqual(["150", "155", "0", "3"]);
    const set = figure16ScenarioSet(result);
    expect(set.trials).toHaveLength(24);
    expect(set.trials[0].scenario).toEqual(figure16Scenario([150, 155], 0, 3, 20_000).scenario);
  });
});

describe("lease tuning", () => {
  const opts: LeaseTuningOptions = {
    ttlsMs: [2000, 10_000],
    trials: 6,
    seed: 1,
    pauses: { kind: "uniform", minMs: 1500, maxMs: 4000 },
  };
  const result = runJob({ kind: "lease", options: opts }) as LeaseTuningResult;

  it("draws the same pause at the same phase for every TTL", () => {
    const a = leaseTrialScenario(2000, "pause", 3, opts);
    const b = leaseTrialScenario(10_000, "pause", 3, opts);
    expect(a.pauseMs).toBe(b.pauseMs);
    expect(a.pauseMs).toBeGreaterThanOrEqual(1500);
    expect(a.pauseMs).toBeLessThanOrEqual(4000);
  });

  it("trades false failovers for failover time as the TTL grows", () => {
    const [short, long] = result.points;
    expect(short.falseRate).toBeGreaterThan(long.falseRate);
    expect(long.falseRate).toBe(0);
    expect(short.crashFailover.median).toBeLessThan(long.crashFailover.median);
    expect(long.crashFailover.max).toBeLessThanOrEqual(10_000 + 500);
  });

  it("aggregates from the trials alone", () => {
    const trials = [
      { ttlMs: 2000, kind: "pause" as const, trial: 0, seed: 1, at: 15_000, pauseMs: 3000, failoverMs: 1800 },
      { ttlMs: 2000, kind: "pause" as const, trial: 1, seed: 2, at: 15_000, pauseMs: 500, failoverMs: null },
      { ttlMs: 2000, kind: "crash" as const, trial: 0, seed: 1, at: 15_000, pauseMs: null, failoverMs: 1500 },
      { ttlMs: 2000, kind: "crash" as const, trial: 1, seed: 2, at: 15_000, pauseMs: null, failoverMs: null },
    ];
    const p = aggregateLease({ ...opts, ttlsMs: [2000] }, trials).points[0];
    expect(p).toMatchObject({ falseFailovers: 1, falseRate: 0.5, noFailover: 1 });
    expect(p.crashFailover.median).toBe(1500);
  });

  it("replays a trial from its scenario", () => {
    const t = result.trials.find((x) => x.kind === "crash") as (typeof result.trials)[number];
    expect(runLeaseTrial(t.ttlMs, "crash", t.trial, opts)).toEqual(t);
    expect(leaseScenarioSet(result).trials).toHaveLength(result.trials.length);
    expect(leaseCsv(result).split("\r\n")[0]).toBe(
      "ttl_ms,renew_ms,kind,trial,seed,fault_at_ms,pause_ms,failover_ms,false_failover",
    );
  });

  it("draws pauses from each distribution", () => {
    expect(drawPause({ kind: "exponential", meanMs: 1000 }, 0.5, 0)).toBe(693);
    expect(drawPause({ kind: "uniform", minMs: 100, maxMs: 300 }, 0.5, 0)).toBe(200);
    expect(drawPause({ kind: "lognormal", medianMs: 800, sigma: 1 }, 1 - Math.exp(-0.5), 0.25)).toBe(800);
  });
});

describe("algorithm cost", () => {
  const opts = { protocols: ["bully", "raft"], sizes: [3, 5], trials: 2, seed: 1 };
  const result = runJob({ kind: "cost", options: opts }) as CostResult;

  it("gives the engine's rows (runElectionCost, the CLI's experiment)", () => {
    expect(result.rows).toEqual(runElectionCost({ ...opts }).rows);
  });

  it("keeps each trial's scenario: replaying it gives the engine's failover time", () => {
    const row = runElectionCost({ protocols: ["raft"], sizes: [5], trials: 1, seed: 4 }).rows[0];
    const sc = costTrialScenario("raft", 5, 4);
    const trace = createSimulation(sc, { trace: "roles" }).run().trace;
    const next = trace.find((e) => e.type === "leader-start" && e.t > 2000);
    expect(next && Math.round((next.t - 2000) * 1000) / 1000).toBe(row.failoverMs.median);
  });

  it("downloads as CSV and as the scenario set", () => {
    const lines = costCsv(result).trimEnd().split("\r\n");
    expect(lines).toHaveLength(5);
    expect(lines[1].startsWith("bully,3,2,0,")).toBe(true);
    expect(costScenarioSet(result).trials).toHaveLength(4 * 2);
  });
});

// Recorded from the code before the lab ran the engine's trial specs (commit 2422cc2), and
// re-recorded once for issue 14's deliberate changes (Zab sees a crash at once, etcd's first
// keepalive goes out at once, Figure 16 trials name voteLost: false): the same options must keep
// giving the same results and the same downloads, byte for byte.
describe("the lab's results and downloads are unchanged by running the engine's trial specs", () => {
  it("Figure 16", () => {
    const r = runJob({
      kind: "figure16",
      options: {
        ranges: [
          [150, 155],
          [12, 24],
        ],
        trials: 6,
        seed: 3,
        capMs: 60_000,
      },
    }) as Figure16Result;
    expect([
      digest(JSON.stringify(r)),
      digest(figure16Csv(r)),
      digest(JSON.stringify(figure16ScenarioSet(r))),
    ]).toMatchInlineSnapshot(`
      [
        "cf30058f:10k",
        "0402208e:d2",
        "00eff0f2:4ch",
      ]
    `);
  });

  it("lease tuning", () => {
    // The scenario set's digest moved when etcd's default became clientv3's (no self-demotion):
    // the lab's scenarios now name the course's selfDemote option. All three moved with clientv3's
    // 500 ms keepalive pass and the lessor's 500 ms revocation pass: at TTL 2 s a keepalive goes
    // out every 1 s (the first pass after TTL/3), so a 1.6 s pause now loses the lease, and crash
    // failovers move by up to a pass of each loop.
    const r = runJob({
      kind: "lease",
      options: {
        ttlsMs: [2000, 5000],
        trials: 4,
        seed: 2,
        pauses: { kind: "lognormal", medianMs: 1000, sigma: 1 },
      },
    }) as LeaseTuningResult;
    expect([digest(JSON.stringify(r)), digest(leaseCsv(r)), digest(JSON.stringify(leaseScenarioSet(r)))])
      .toMatchInlineSnapshot(`
      [
        "151963d9:1kn",
        "f5d13e50:mo",
        "5632e40d:4in",
      ]
    `);
  });

  it("algorithm cost", () => {
    // Moved when Zab's discovery and sync began to spend the servers' own work (the snapshot,
    // the epoch writes, the server's start): Zab's failover went from 0.22-0.32 s to about 0.45 s.
    const r = runJob({
      kind: "cost",
      options: { protocols: ["bully", "ring", "raft", "zab"], sizes: [3, 5], trials: 3, seed: 2 },
    }) as CostResult;
    expect([digest(JSON.stringify(r)), digest(costCsv(r)), digest(JSON.stringify(costScenarioSet(r)))])
      .toMatchInlineSnapshot(`
      [
        "13858f68:2v0",
        "9ed3d5ba:p1",
        "bc2d51fd:3hm",
      ]
    `);
  });
});

describe("CSV", () => {
  it("quotes only what needs quoting", () => {
    expect(csvField('say "hi", then go')).toBe('"say ""hi"", then go"');
    expect(csvField(null)).toBe("");
    expect(csvField(NaN)).toBe("");
    expect(csvField(1.5)).toBe("1.5");
    expect(toCsv(["a", "b"], [[1, "x\ny"]])).toBe('a,b\r\n1,"x\ny"\r\n');
  });
});

describe("the lab worker's message handling", () => {
  it("reports progress at most every interval, always the last step, then the result", () => {
    const out: FromLab[] = [];
    let clock = 0;
    handleLabMessage(
      { type: "run", id: 7, job: { kind: "figure16", options: { ...F16, trials: 3, ranges: [[150, 300]] } } },
      (m) => out.push(m),
      () => (clock += 20),
      50,
    );
    const progress = out.filter((m) => m.type === "progress");
    expect(progress.at(-1)).toEqual({ type: "progress", id: 7, done: 3, total: 3 });
    expect(progress.length).toBeLessThan(3);
    expect(out.at(-1)?.type).toBe("result");
  });

  it("turns a failure into an error message", () => {
    const out: FromLab[] = [];
    handleLabMessage({ type: "run", id: 1, job: { kind: "facts", scenario: { protocol: "nope" } } }, (m) =>
      out.push(m),
    );
    expect(out).toEqual([{ type: "error", id: 1, message: expect.stringContaining("unknown protocol") }]);
  });
});
