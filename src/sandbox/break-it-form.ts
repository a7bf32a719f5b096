// The "Try to break it" form as plain data: what it starts with (from a lesson's link or a
// challenge's search) and the search spec it asks for, or the first field that is wrong. No
// React here, so `npm run content` checks a lesson's claim with exactly the panel's search.
import {
  parseFaultList,
  SEARCH_FAULTS,
  type FaultAllowance,
  type SearchFault,
  type SearchSpec,
} from "../engine/search/index.ts";
import type { RawScenario } from "../engine/index.ts";

export const KIND_LABEL: Record<SearchFault, string> = {
  crash: "Crash",
  restart: "Restart after a crash",
  pause: "GC pause",
  partition: "Split into groups",
  "one-way": "One-way cut",
  clock: "Clock drift",
  slow: "Slow node",
  "store-outage": "Store outage",
};
export const SPAN_KINDS: SearchFault[] = ["restart", "partition", "one-way", "slow", "store-outage"];

/** A search to set up in the form: the property (a monitor's name or leaderless:SECONDS), the
 *  allowed faults in the CLI's list form ("pause:3s,partition"), and the budget. */
export interface BreakItSetup {
  property?: string;
  faults?: string;
  schedules?: number;
  maxFaults?: number;
}

export interface BreakItForm {
  property: string;
  leaderlessS: string;
  schedules: string;
  maxFaults: string;
  kinds: Record<SearchFault, boolean>;
  pauseS: string;
  spanS: string;
  driftPct: string;
}

export function initialForm(until: number, setup: BreakItSetup = {}): BreakItForm {
  const span = String(Math.max(0.1, Math.min(20, Math.round(until / 3000))));
  const form: BreakItForm = {
    property: "overlap",
    leaderlessS: "10",
    schedules: "2000",
    maxFaults: "3",
    kinds: Object.fromEntries(SEARCH_FAULTS.map((k) => [k, true])) as Record<SearchFault, boolean>,
    pauseS: span,
    spanS: span,
    driftPct: "10",
  };
  if (setup.property) {
    const [name, limit] = setup.property.split(":");
    form.property = name;
    if (name === "leaderless" && limit) form.leaderlessS = limit;
  }
  if (setup.schedules) form.schedules = String(setup.schedules);
  if (setup.maxFaults) form.maxFaults = String(setup.maxFaults);
  if (setup.faults) {
    // A list that does not parse leaves every kind allowed; the content check refuses such lists.
    let list: FaultAllowance[] = [];
    try {
      list = parseFaultList(setup.faults);
    } catch {
      return form;
    }
    form.kinds = Object.fromEntries(SEARCH_FAULTS.map((k) => [k, list.some((f) => f.kind === k)])) as Record<
      SearchFault,
      boolean
    >;
    const sec = (ms: number) => String(Math.round(ms / 100) / 10);
    for (const f of list) {
      if (f.max === undefined) continue;
      if (f.kind === "pause") form.pauseS = sec(f.max);
      else if (f.kind === "clock") form.driftPct = String(f.max / 10_000);
      else if (SPAN_KINDS.includes(f.kind)) form.spanS = sec(f.max);
    }
  }
  return form;
}

/** The form as a search spec, or the first field that is wrong, in the learner's words. */
export function specOf(
  f: BreakItForm,
  scenario: RawScenario,
  hasStore: boolean,
): { spec: SearchSpec } | { field: keyof BreakItForm; error: string } {
  const num = (v: string) => (v.trim() === "" ? NaN : Number(v));
  const schedules = num(f.schedules);
  if (!Number.isInteger(schedules) || schedules < 1 || schedules > 100_000)
    return { field: "schedules", error: "Schedules to try: a whole number from 1 to 100,000." };
  const maxFaults = num(f.maxFaults);
  if (!Number.isInteger(maxFaults) || maxFaults < 1 || maxFaults > 10)
    return { field: "maxFaults", error: "Faults per schedule: a whole number from 1 to 10." };
  let property = f.property;
  if (property === "leaderless") {
    const s = num(f.leaderlessS);
    if (!(s > 0))
      return { field: "leaderlessS", error: "Longest time without a leader: a number of seconds above 0." };
    property = `leaderless:${s}`;
  }
  const pause = num(f.pauseS),
    span = num(f.spanS),
    drift = num(f.driftPct);
  if (!(pause > 0)) return { field: "pauseS", error: "Longest pause: a number of seconds above 0." };
  if (!(span > 0))
    return {
      field: "spanS",
      error: "Longest partition, cut, slow spell or outage: a number of seconds above 0.",
    };
  if (!(drift > 0 && drift < 100))
    return { field: "driftPct", error: "Largest clock drift: a percentage above 0 and below 100." };
  const faults: FaultAllowance[] = [];
  for (const k of SEARCH_FAULTS) {
    if (!f.kinds[k] || (k === "store-outage" && !hasStore)) continue;
    if (k === "pause") faults.push({ kind: k, max: Math.round(pause * 1000) });
    else if (k === "clock") faults.push({ kind: k, max: Math.round(drift * 10_000) });
    else if (SPAN_KINDS.includes(k)) faults.push({ kind: k, max: Math.round(span * 1000) });
    else faults.push({ kind: k });
  }
  if (faults.length === 0) return { field: "kinds", error: "Allow at least one kind of fault." };
  return {
    spec: {
      scenario: scenario as Record<string, unknown>,
      property,
      budget: { schedules, maxFaults, faults },
      seed: 1,
    },
  };
}
