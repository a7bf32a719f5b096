// Lease tuning: sweep the lease TTL against a distribution of stop-the-world pauses. For each TTL
// two sets of trials run on the billing job of the lessons (three replicas on an etcd lease,
// renewed every TTL/3, booting within 3 s): in one the leader pauses for a length drawn from the
// distribution (a false failover is any new leadership after the pause began: the leader was
// alive all along); in the other the leader crashes (the failover time is crash to next leader).
// Each fault falls at a random phase of the renewal interval. The curve of failover time against
// false-failover rate, one point per TTL, is the trade-off the tuning lesson describes.
import { seedRng, uniform } from "../core/random.ts";
import { failoverTime } from "../summary.ts";
import { stats, type Stats } from "./raft-timeouts.ts";
import { runTrial, type TrialSpec } from "./trial.ts";

export type PauseDistribution =
  | { kind: "exponential"; meanMs: number }
  | { kind: "uniform"; minMs: number; maxMs: number }
  | { kind: "lognormal"; medianMs: number; sigma: number };

export interface LeaseTuningOptions {
  ttlsMs: number[];
  trials: number;
  seed: number;
  pauses: PauseDistribution;
}
export interface LeaseTrial {
  ttlMs: number;
  kind: "pause" | "crash";
  trial: number;
  seed: number;
  at: number;
  /** pause trials: the pause length */
  pauseMs: number | null;
  /** crash: time to the next leader; pause: time to a (false) new leader, or null */
  failoverMs: number | null;
}
export interface TtlPoint {
  ttlMs: number;
  falseRate: number;
  falseFailovers: number;
  crashFailover: Stats;
  /** crash trials with no new leader before the run ended */
  noFailover: number;
}
export interface LeaseTuningResult {
  options: LeaseTuningOptions;
  points: TtlPoint[];
  trials: LeaseTrial[];
}

export const LEASE_TUNING_DEFAULTS: LeaseTuningOptions = {
  ttlsMs: [2000, 3000, 4000, 5000, 6000, 8000, 10_000, 15_000, 20_000],
  trials: 100,
  seed: 1,
  pauses: { kind: "lognormal", medianMs: 1000, sigma: 1 },
};

/** Faults fall in the renewal interval that starts here, long after every replica has booted. */
const FAULT_FROM = 15_000;

/** A pause length from the distribution, in whole milliseconds (at least 1). */
export function drawPause(d: PauseDistribution, u1: number, u2: number): number {
  let x: number;
  if (d.kind === "exponential") x = -d.meanMs * Math.log(1 - u1);
  else if (d.kind === "uniform") x = d.minMs + (d.maxMs - d.minMs) * u1;
  else {
    // Box-Muller from two uniforms.
    const z = Math.sqrt(-2 * Math.log(1 - u1)) * Math.cos(2 * Math.PI * u2);
    x = d.medianMs * Math.exp(d.sigma * z);
  }
  return Math.max(1, Math.round(Math.min(x, 600_000)));
}

/** One trial: TTL `ttlMs`, a pause or a crash of the leader, trial number `trial`. */
export function leaseTrial(
  ttlMs: number,
  kind: "pause" | "crash",
  trial: number,
  opts: LeaseTuningOptions,
): TrialSpec<LeaseTrial> & { at: number; pauseMs: number | null } {
  const seed = opts.seed + trial;
  const renew = Math.round((ttlMs / 3) * 1000) / 1000;
  // Fault phase and pause length from their own stream, so they do not shift the run's; the
  // same for every TTL (trial i meets the same pause at the same phase of its renewal
  // interval), so the TTLs are compared on equal terms.
  const r = seedRng(seed * 4099 + (kind === "pause" ? 1 : 2));
  const at = Math.round((FAULT_FROM + uniform(r, 0, 1) * renew) * 1000) / 1000;
  const pauseMs = kind === "pause" ? drawPause(opts.pauses, uniform(r, 0, 1), uniform(r, 0, 1)) : null;
  const fault =
    kind === "pause"
      ? { at, do: "pause", node: "leader", for: pauseMs }
      : { at, do: "crash", node: "leader" };
  return {
    at,
    pauseMs,
    trace: "roles",
    scenario: {
      protocol: "etcd",
      nodes: 3,
      seed,
      boot: 3000,
      until: Math.round(at + (pauseMs ?? 0) + ttlMs + 5000),
      network: { delay: 2, jitter: 1, loss: 0 },
      timing: { ttl: ttlMs, renew },
      options: { selfDemote: true },
      fencing: "token",
      work: { every: 1000 },
      faults: [fault],
    },
    measure: (sim) => ({ ttlMs, kind, trial, seed, at, pauseMs, failoverMs: failoverTime(sim.run().trace) }),
  };
}

/** Per TTL: the false-failover rate of the pause trials and the failover times of the crashes. */
export function aggregateLease(
  options: LeaseTuningOptions,
  trials: readonly LeaseTrial[],
): LeaseTuningResult {
  const points = options.ttlsMs.map((ttlMs) => {
    const pauses = trials.filter((t) => t.ttlMs === ttlMs && t.kind === "pause");
    const crashes = trials.filter((t) => t.ttlMs === ttlMs && t.kind === "crash");
    const falseFailovers = pauses.filter((t) => t.failoverMs !== null).length;
    const fo = crashes.map((t) => t.failoverMs).filter((x): x is number => x !== null);
    return {
      ttlMs,
      falseFailovers,
      falseRate: pauses.length ? falseFailovers / pauses.length : 0,
      crashFailover: stats(fo),
      noFailover: crashes.length - fo.length,
    };
  });
  return { options, points, trials: [...trials] };
}

/** The whole sweep, trial by trial in a fixed order (TTL, then pause before crash, then trial). */
export function runLeaseTuning(
  opts: LeaseTuningOptions = LEASE_TUNING_DEFAULTS,
  progress: (done: number, total: number) => void = () => {},
): LeaseTuningResult {
  const total = opts.ttlsMs.length * opts.trials * 2;
  const trials: LeaseTrial[] = [];
  for (const ttl of opts.ttlsMs)
    for (const kind of ["pause", "crash"] as const)
      for (let i = 0; i < opts.trials; i++) {
        trials.push(runTrial(leaseTrial(ttl, kind, i, opts)));
        progress(trials.length, total);
      }
  return aggregateLease(opts, trials);
}
