// Lease tuning on the practice page: the experiment is the engine's (leaseTrial, the trial spec
// of src/engine/experiments/lease-tuning.ts: TTL against a distribution of stop-the-world
// pauses, and crashes for the failover time); this module adds the page's defaults, words for a
// distribution, one trial at a time for the worker's progress, and the downloads.
import {
  aggregateLease,
  drawPause,
  leaseTrial,
  runTrial,
  LEASE_TUNING_DEFAULTS,
  type LeaseTrial,
  type LeaseTuningOptions,
  type LeaseTuningResult,
} from "../../engine/index.ts";
import { toCsv } from "./csv.ts";

export { aggregateLease, drawPause };
export type {
  LeaseTrial,
  LeaseTuningOptions,
  LeaseTuningResult,
  PauseDistribution,
  TtlPoint,
} from "../../engine/index.ts";

export const LEASE_UI_DEFAULTS: LeaseTuningOptions = LEASE_TUNING_DEFAULTS;

/** etcd raises a requested TTL below this (MinLeaseTTL, 1.5 election timeouts = 2 s by default). */
export const ETCD_MIN_TTL_MS = 2000;

export function describePauses(d: LeaseTuningOptions["pauses"]): string {
  if (d.kind === "exponential") return `exponential, mean ${d.meanMs} ms`;
  if (d.kind === "uniform") return `uniform from ${d.minMs} to ${d.maxMs} ms`;
  return `log-normal, median ${d.medianMs} ms, sigma ${d.sigma}`;
}

/** The exact scenario of one trial. */
export function leaseTrialScenario(
  ttlMs: number,
  kind: "pause" | "crash",
  trial: number,
  opts: LeaseTuningOptions,
): { scenario: Record<string, unknown>; at: number; pauseMs: number | null } {
  const { scenario, at, pauseMs } = leaseTrial(ttlMs, kind, trial, opts);
  return { at, pauseMs, scenario };
}

export function runLeaseTrial(
  ttlMs: number,
  kind: "pause" | "crash",
  trial: number,
  opts: LeaseTuningOptions,
): LeaseTrial {
  return runTrial(leaseTrial(ttlMs, kind, trial, opts));
}

export function leaseCsv(r: LeaseTuningResult): string {
  return toCsv(
    [
      "ttl_ms",
      "renew_ms",
      "kind",
      "trial",
      "seed",
      "fault_at_ms",
      "pause_ms",
      "failover_ms",
      "false_failover",
    ],
    r.trials.map((t) => [
      t.ttlMs,
      Math.round((t.ttlMs / 3) * 1000) / 1000,
      t.kind,
      t.trial,
      t.seed,
      t.at,
      t.pauseMs,
      t.failoverMs,
      t.kind === "pause" ? t.failoverMs !== null : null,
    ]),
  );
}

export function leaseScenarioSet(r: LeaseTuningResult) {
  return {
    experiment: "lease-tuning",
    options: r.options,
    measure:
      "pause trials: a false failover is a new leadership after the pause began; crash trials: crash to next leader (ms)",
    trials: r.trials.map((t) => ({
      ttlMs: t.ttlMs,
      kind: t.kind,
      trial: t.trial,
      failoverMs: t.failoverMs,
      scenario: leaseTrialScenario(t.ttlMs, t.kind, t.trial, r.options).scenario,
    })),
  };
}
