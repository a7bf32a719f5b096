// Algorithm cost: messages and time per election for bully, ring, Raft and Zab as the cluster
// grows. The figures come from the engine's own experiment (runElectionCost, the CLI's
// `experiment election-cost`), one (protocol, size) at a time so the worker can report
// progress. The scenario set repeats the engine's trial set-up (boot, elect, crash the leader at
// a fixed instant per protocol) and the unit tests hold the two together.
import { ELECTION_COST_PROTOCOLS, ELECTION_COST_SIZES, runElectionCost, type ElectionCostRow } from "../../engine/index.ts";
import { toCsv } from "./csv.ts";

export interface CostOptions {
  protocols: string[];
  sizes: number[];
  trials: number;
  seed: number;
}
export interface CostResult {
  options: CostOptions;
  rows: ElectionCostRow[];
}

export const COST_UI_DEFAULTS: CostOptions = { protocols: [...ELECTION_COST_PROTOCOLS], sizes: [...ELECTION_COST_SIZES], trials: 10, seed: 1 };

/** When each protocol's trial crashes its leader (the engine's election-cost set-up). */
export const COST_CRASH_AT: Record<string, number> = { bully: 1000, ring: 1000, raft: 2000, zab: 5000 };
const CAP = 120_000;

export function costRow(protocol: string, n: number, opts: CostOptions): ElectionCostRow {
  return runElectionCost({ protocols: [protocol], sizes: [n], trials: opts.trials, seed: opts.seed }).rows[0];
}

export function costTrialScenario(protocol: string, n: number, seed: number): Record<string, unknown> {
  const crashAt = COST_CRASH_AT[protocol];
  return { protocol, nodes: n, seed, until: crashAt + CAP, work: { every: 0 }, faults: [{ at: crashAt, do: "crash", node: "leader" }] };
}

export function costCsv(r: CostResult): string {
  return toCsv(
    ["protocol", "nodes", "trials", "censored", "messages_median", "messages_mean", "messages_max", "failover_ms_median", "failover_ms_p95", "election_ms_median", "election_ms_p95", "messages_by_kind"],
    r.rows.map((x) => [
      x.protocol, x.n, x.trials, x.censored, x.messages.median, x.messages.mean, x.messages.max,
      x.failoverMs.median, x.failoverMs.p95, x.electionMs.median, x.electionMs.p95,
      Object.entries(x.byKind).map(([k, v]) => `${k}=${v}`).join(" "),
    ]),
  );
}

export function costScenarioSet(r: CostResult) {
  return {
    experiment: "election-cost",
    options: r.options,
    measure: "election messages sent from the crash until the new leader (plus a short settle), failover (crash to leader) and election (first election message to leader)",
    trials: r.rows.flatMap((x) =>
      Array.from({ length: x.trials }, (_, i) => ({ protocol: x.protocol, nodes: x.n, trial: i, scenario: costTrialScenario(x.protocol, x.n, r.options.seed + i) })),
    ),
  };
}
