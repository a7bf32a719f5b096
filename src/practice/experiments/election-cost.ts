// Algorithm cost: messages and time per election for bully, ring, Raft and Zab as the cluster
// grows. The figures come from the engine's own experiment (runElectionCost, the CLI's
// `experiment election-cost`), one (protocol, size) at a time so the worker can report
// progress; the scenario set is the engine's trial specs (electionCostTrial) as they ran.
import {
  electionCostTrial,
  ELECTION_COST_PROTOCOLS,
  ELECTION_COST_SIZES,
  runElectionCost,
  type ElectionCostRow,
} from "../../engine/index.ts";
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

export const COST_UI_DEFAULTS: CostOptions = {
  protocols: [...ELECTION_COST_PROTOCOLS],
  sizes: [...ELECTION_COST_SIZES],
  trials: 10,
  seed: 1,
};

export function costRow(protocol: string, n: number, opts: CostOptions): ElectionCostRow {
  return runElectionCost({ protocols: [protocol], sizes: [n], trials: opts.trials, seed: opts.seed }).rows[0];
}

export function costTrialScenario(protocol: string, n: number, seed: number): Record<string, unknown> {
  return electionCostTrial(protocol, n, seed).scenario;
}

export function costCsv(r: CostResult): string {
  return toCsv(
    [
      "protocol",
      "nodes",
      "trials",
      "censored",
      "messages_median",
      "messages_mean",
      "messages_max",
      "failover_ms_median",
      "failover_ms_p95",
      "election_ms_median",
      "election_ms_p95",
      "messages_by_kind",
    ],
    r.rows.map((x) => [
      x.protocol,
      x.n,
      x.trials,
      x.censored,
      x.messages.median,
      x.messages.mean,
      x.messages.max,
      x.failoverMs.median,
      x.failoverMs.p95,
      x.electionMs.median,
      x.electionMs.p95,
      Object.entries(x.byKind)
        .map(([k, v]) => `${k}=${v}`)
        .join(" "),
    ]),
  );
}

export function costScenarioSet(r: CostResult) {
  return {
    experiment: "election-cost",
    options: r.options,
    measure:
      "election messages sent from the crash until the new leader (plus a short settle), failover (crash to leader) and election (first election message to leader)",
    trials: r.rows.flatMap((x) =>
      Array.from({ length: x.trials }, (_, i) => ({
        protocol: x.protocol,
        nodes: x.n,
        trial: i,
        scenario: costTrialScenario(x.protocol, x.n, r.options.seed + i),
      })),
    ),
  };
}
