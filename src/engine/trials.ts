// Many runs of one scenario on consecutive seeds, with aggregates: the CLI's `trials`.
import { runWorldUntil } from "./core/engine.ts";
import { createWorld } from "./wiring.ts";
import { parseScenario, ScenarioError, type Scenario } from "./scenario/schema.ts";
import { MAX_SEED } from "./scenario/limits.ts";
import { summarizeTrace, failoverTime } from "./summary.ts";
import { kindCounts } from "./core/kind-counts.ts";
import { stats } from "./experiments/raft-timeouts.ts";

export interface Agg {
  median: number | null;
  p95: number | null;
  max: number | null;
}
export interface TrialRun {
  seed: number;
  failover: number | null;
  leaderless: number;
  overlap: number;
  leaderChanges: number;
  maxConcurrentLeaders: number;
  writes: { accepted: number; rejected: number; staleAccepted: number };
  violations: number;
}
export interface TrialsResult {
  protocol: string;
  nodes: number;
  trials: number;
  seeds: [number, number];
  until: number;
  failover: Agg & { runs: number };
  leaderless: Agg;
  overlap: Agg & { runs: number };
  violations: Record<string, number>;
  runs: TrialRun[];
}

function agg(xs: number[]): Agg {
  if (xs.length === 0) return { median: null, p95: null, max: null };
  const s = stats(xs);
  return { median: s.median, p95: s.p95, max: s.max };
}

/** `onTrial(done)` is called after each run, so a long batch can report progress. */
export function runTrials(scenario: unknown, k: number, onTrial?: (done: number) => void): TrialsResult {
  const base: Scenario = parseScenario(scenario);
  if (base.seed + k - 1 > MAX_SEED) {
    throw new ScenarioError(
      "seed",
      `${k} trials from seed ${base.seed} would pass ${MAX_SEED}, the largest seed (seeds are 32-bit); start from a lower seed`,
    );
  }
  const runs: TrialRun[] = [];
  const violations: Record<string, number> = {};
  for (let i = 0; i < k; i++) {
    const sc = { ...base, seed: base.seed + i } as Scenario;
    const w = createWorld(sc, { trace: "roles" });
    runWorldUntil(w, sc.until);
    const sum = summarizeTrace(w.s.trace, {
      end: w.s.now,
      messages: w.s.stats.messages,
      kinds: kindCounts(w.s.stats),
    });
    for (const v of sum.violations) violations[v.property] = (violations[v.property] ?? 0) + 1;
    runs.push({
      seed: sc.seed,
      failover: failoverTime(w.s.trace),
      leaderless: sum.leaderless,
      overlap: sum.overlap,
      leaderChanges: sum.leaderChanges,
      maxConcurrentLeaders: sum.maxConcurrentLeaders,
      writes: sum.writes,
      violations: sum.violations.length,
    });
    onTrial?.(i + 1);
  }
  const fo = runs.map((r) => r.failover).filter((x): x is number => x !== null);
  const ov = runs.map((r) => r.overlap);
  return {
    protocol: base.protocol,
    nodes: base.nodes,
    trials: k,
    seeds: [base.seed, base.seed + k - 1],
    until: base.until,
    failover: { ...agg(fo), runs: fo.length },
    leaderless: agg(runs.map((r) => r.leaderless)),
    overlap: { ...agg(ov), runs: ov.filter((x) => x > 0).length },
    violations,
    runs,
  };
}
