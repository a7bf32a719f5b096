// The learner's fault budget: which faults a search may inject (with bounds), how many per
// schedule, over what window of the run, and how many schedules to try. Plain data, so it
// travels to workers and into share links; normaliseBudget fills defaults from the scenario
// and refuses bad input with a message naming the field.
import { parseDuration, HAS_STORE, specOf, type Scenario } from "../index.ts";

export const SEARCH_FAULTS = [
  "crash",
  "restart",
  "pause",
  "partition",
  "one-way",
  "clock",
  "slow",
  "store-outage",
] as const;
export type SearchFault = (typeof SEARCH_FAULTS)[number];

/** One allowed kind. min/max bound the duration in ms (pause, partition, one-way, slow,
 *  store-outage, and how long after a crash a restart comes), or the clock drift in ppm
 *  (|drift| ≤ max), or nothing (crash). */
export interface FaultAllowance {
  kind: SearchFault;
  min?: number;
  max?: number;
}

export interface SearchBudget {
  /** how many schedules to try */
  schedules?: number;
  /** faults per schedule, at most */
  maxFaults?: number;
  /** faults start within [from, to] ms */
  window?: [number, number];
  /** the allowed kinds; default every kind the scenario can feel */
  faults?: Array<FaultAllowance | SearchFault>;
}

export interface Budget {
  schedules: number;
  maxFaults: number;
  window: [number, number];
  faults: Array<Required<FaultAllowance>>;
}

export class BudgetError extends Error {
  constructor(
    readonly field: string,
    what: string,
  ) {
    super(`${field}: ${what}`);
    this.name = "BudgetError";
  }
}

export const MAX_SCHEDULES = 100_000;
const DEFAULT_DRIFT = 100_000;
const MIN_SPAN = 100;

/** How many of the protocol's lease lengths a fault may span by default. */
const LEASES_PER_SPAN = 3;

/** Default bounds for a kind in a run: spans from 100 ms to a third of the run (at most 20 s),
 *  or, where the protocol holds a lease, up to a few lease lengths (its spec's leaseLength: an
 *  etcd TTL, a Kubernetes leaseDuration, a ZooKeeper session timeout) within 90 % of the run,
 *  so a pause can outlive the lease even when it is longer than 20 s (etcd's default TTL is
 *  60 s); drift up to ±10 %. */
function defaults(kind: SearchFault, sc: Scenario): { min: number; max: number } {
  if (kind === "crash") return { min: 0, max: 0 };
  if (kind === "clock") return { min: 0, max: DEFAULT_DRIFT };
  const base = Math.min(20_000, Math.round(sc.until / 30) * 10);
  const lease = specOf(sc.protocol).leaseLength?.(sc.timing) ?? 0;
  const fromLease = Math.min(LEASES_PER_SPAN * lease, Math.round((sc.until * 0.9) / 10) * 10);
  return { min: MIN_SPAN, max: Math.max(MIN_SPAN, base, fromLease) };
}

/** Kinds that cannot change a run of this scenario: a store outage where there is no store. */
function feelable(kind: SearchFault, sc: Scenario): boolean {
  return kind !== "store-outage" || HAS_STORE.includes(sc.protocol);
}

/** Parse `crash,pause:3s,partition:1s-6s,clock:200000` (the CLI's --faults). */
export function parseFaultList(text: string): FaultAllowance[] {
  const out: FaultAllowance[] = [];
  for (const raw of text
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [kind, bounds, extra] = raw.split(":");
    if (extra !== undefined)
      throw new BudgetError("faults", `"${raw}": write KIND, KIND:MAX or KIND:MIN-MAX`);
    if (!(SEARCH_FAULTS as readonly string[]).includes(kind)) {
      throw new BudgetError("faults", `unknown fault "${kind}" (one of ${SEARCH_FAULTS.join(", ")})`);
    }
    const k = kind as SearchFault;
    if (bounds === undefined) {
      out.push({ kind: k });
      continue;
    }
    if (k === "crash") throw new BudgetError("faults", `"${raw}": a crash takes no bounds`);
    const parts = bounds.split("-");
    if (parts.length > 2) throw new BudgetError("faults", `"${raw}": write ${k}:MAX or ${k}:MIN-MAX`);
    const val = (s: string) => {
      const v = k === "clock" ? (/^\d+$/.test(s) ? Number(s) : null) : parseDuration(s);
      if (v === null)
        throw new BudgetError(
          "faults",
          `"${raw}": "${s}" is not ${k === "clock" ? "a drift in ppm (a whole number)" : "a duration (e.g. 500ms, 3s)"}`,
        );
      return v;
    };
    const vals = parts.map(val);
    out.push(vals.length === 1 ? { kind: k, max: vals[0] } : { kind: k, min: vals[0], max: vals[1] });
  }
  if (out.length === 0) throw new BudgetError("faults", "name at least one fault");
  return out;
}

export function normaliseBudget(b: SearchBudget | undefined, sc: Scenario): Budget {
  const schedules = b?.schedules ?? 2000;
  if (!Number.isInteger(schedules) || schedules < 1 || schedules > MAX_SCHEDULES) {
    throw new BudgetError(
      "budget.schedules",
      `must be a whole number from 1 to ${MAX_SCHEDULES}, got ${schedules}`,
    );
  }
  const maxFaults = b?.maxFaults ?? 3;
  if (!Number.isInteger(maxFaults) || maxFaults < 1 || maxFaults > 10) {
    throw new BudgetError("budget.maxFaults", `must be a whole number from 1 to 10, got ${maxFaults}`);
  }
  const window: [number, number] = b?.window ? [b.window[0], b.window[1]] : [0, Math.round(sc.until * 0.75)];
  if (!(window[0] >= 0 && window[1] >= window[0] && window[1] <= sc.until)) {
    throw new BudgetError(
      "budget.window",
      `must be [from, to] with 0 ≤ from ≤ to ≤ until (${sc.until} ms), got ${JSON.stringify(b?.window)}`,
    );
  }
  const asked = b?.faults ?? SEARCH_FAULTS.map((kind) => ({ kind }));
  const faults: Budget["faults"] = [];
  asked.forEach((a, i) => {
    const f: FaultAllowance = typeof a === "string" ? { kind: a } : a;
    const field = `budget.faults[${i}]`;
    if (!(SEARCH_FAULTS as readonly string[]).includes(f.kind))
      throw new BudgetError(
        `${field}.kind`,
        `unknown fault "${f.kind}" (one of ${SEARCH_FAULTS.join(", ")})`,
      );
    if (!feelable(f.kind, sc)) return;
    const d = defaults(f.kind, sc);
    const max = f.max ?? d.max;
    const min = f.min ?? (f.max !== undefined && f.max < d.min ? f.max : d.min);
    if (!(Number.isFinite(min) && Number.isFinite(max) && min >= 0 && max >= min)) {
      throw new BudgetError(field, `bounds must satisfy 0 ≤ min ≤ max, got min ${min}, max ${max}`);
    }
    if (f.kind !== "crash" && f.kind !== "clock" && max <= 0)
      throw new BudgetError(`${field}.max`, "must be greater than 0");
    if (f.kind === "clock" && max >= 1e6)
      throw new BudgetError(`${field}.max`, "a drift of 1000000 ppm or more stops or reverses a clock");
    if (faults.some((x) => x.kind === f.kind))
      throw new BudgetError(`${field}.kind`, `"${f.kind}" is listed twice`);
    faults.push({ kind: f.kind, min, max });
  });
  if (faults.length === 0)
    throw new BudgetError(
      "budget.faults",
      `none of the allowed faults can affect ${sc.protocol} (it has no store)`,
    );
  return { schedules, maxFaults, window, faults };
}
