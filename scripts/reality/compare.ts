// Real trials beside engine trials: per scenario and figure, the distribution on each side, the
// mechanism's range, and a verdict. Discrete outcomes must agree exactly; a timing must fall in
// its mechanism's range; a difference that a known mechanism explains is named as such.
import { figuresOf, dist, outcomes, recorded, DISCRETE, TIMINGS, type Discrete, type Dist, type Figures } from "./figures.ts";
import { mechanismRange, type Range } from "./mechanisms.ts";
import { knownFor, type Deviation } from "./known-deviations.ts";
import type { Trial } from "./record.ts";
import type { RealScenario, TimingName } from "./scenarios.ts";

export interface Row {
  figure: string;
  kind: "discrete" | "timing";
  real: Record<string, number> | Dist | null;
  engine: Record<string, number> | Dist | null;
  range?: Range | null;
  realInRange?: boolean | null;
  verdict: "match" | "inside" | "known" | "MISMATCH" | "OUTSIDE";
  mechanism?: string;
}
export interface Comparison {
  scenario: string; title: string; preset: string; timing: TimingName; trials: { real: number; engine: number }; rows: Row[];
  /** each trial's failover time (ms from the fault; null: none), for the sandbox's strip */
  failovers: { real: Array<number | null>; engine: Array<number | null> };
  /** writes the fenced resource accepted and refused over all trials (null: not recorded) */
  writes: { real: WriteCount | null; engine: WriteCount | null };
}
export interface WriteCount { accepted: number; refused: number }

const countWrites = (ts: Trial[]): WriteCount | null => {
  if (ts.some((t) => !t.writes)) return null;
  const all = ts.flatMap((t) => t.writes!);
  return { accepted: all.filter((w) => w.result !== "rejected").length, refused: all.filter((w) => w.result === "rejected").length };
};

const sameKeys = (a: Record<string, number>, b: Record<string, number>) => {
  const ka = Object.keys(a).sort(), kb = Object.keys(b).sort();
  return ka.length === kb.length && ka.every((k, i) => k === kb[i]);
};
const within = (d: Dist, r: Range) => d.min >= r.lo && d.max <= r.hi;

// Discrete outcomes are judged on a larger engine sample than the real one: an outcome that
// comes one time in ten (Raft's second term after a crash) cannot be matched trial for trial in
// five or ten trials. The engine must give every outcome the real trials gave somewhere in
// ENGINE_SAMPLE seeds, and may give one they never showed only if N real trials would have
// missed it with probability MISS_P or more ((1 - q)^N for an outcome of rate q).
export const ENGINE_SAMPLE = 40;
const MISS_P = 0.05;

/** What is wrong with one discrete figure, in words (empty: consistent). */
export function discreteProblems(key: Discrete, real: Figures[], sample: Figures[], dev: Deviation | undefined): string[] {
  const n = real.length;
  const problems: string[] = [];
  const eCount = outcomes(sample, key);
  // A listed deviation: the real outcome counts as the one the engine gives instead.
  const rCount: Record<string, number> = {};
  for (const [k, c] of Object.entries(outcomes(real, key))) {
    const as = dev?.outcome && k === dev.outcome.real ? dev.outcome.engine : k;
    rCount[as] = (rCount[as] ?? 0) + c;
  }
  if (dev?.outcome && eCount[dev.outcome.real]) return [`${key}: the engine now gives ${dev.outcome.real} as the real servers do; "${dev.id}" is fixed, remove it from known-deviations.ts`];
  for (const k of Object.keys(rCount)) {
    if (!eCount[k]) problems.push(`${key}: real gave ${k} in ${rCount[k]} of ${n} trials, the engine never in ${sample.length}`);
  }
  for (const [k, c] of Object.entries(eCount)) {
    const missed = (1 - c / sample.length) ** n;
    if (!rCount[k] && missed < MISS_P) problems.push(`${key}: the engine gives ${k} in ${c} of ${sample.length} runs, which ${n} real trials would have shown (missed with probability ${missed.toFixed(3)})`);
  }
  return problems;
}

/** `engine`: at least as many trials as `real` (ENGINE_SAMPLE for the discrete outcomes); the
 *  timings use its first real.length. */
export function compare(sc: RealScenario, timing: TimingName, real: Trial[], engineSample: Trial[]): Comparison {
  const engine = engineSample.slice(0, real.length);
  const rf: Figures[] = real.map(figuresOf), ef: Figures[] = engine.map(figuresOf), sf: Figures[] = engineSample.map(figuresOf);
  const rows: Row[] = [];
  for (const key of DISCRETE) {
    const r = outcomes(rf, key), e = outcomes(sf, key);
    if (Object.keys(r).length === 1 && r["null"] && Object.keys(e).length === 1 && e["null"]) continue;
    if (!recorded(rf, key)) continue;
    const dev = knownFor(sc.name, key);
    const problems = discreteProblems(key, rf, sf, dev);
    const same = sameKeys(r, e);
    const verdict = problems.length ? "MISMATCH" : same || !dev?.outcome ? "match" : "known";
    rows.push({ figure: key, kind: "discrete", real: r, engine: e, verdict, mechanism: verdict === "known" && dev ? `${dev.id} (issue 34 #${dev.issue})` : problems.length ? problems.join("; ") : undefined });
  }
  for (const key of TIMINGS) {
    const r = dist(rf.map((f) => f[key]).filter((x): x is number => x !== null));
    const e = dist(ef.map((f) => f[key]).filter((x): x is number => x !== null));
    if (!r && !e) continue;
    const range = mechanismRange(sc, timing, key);
    const dev = knownFor(sc.name, key);
    const ok = e !== null && (range ? within(e, range) : true) && r !== null;
    rows.push({
      figure: key, kind: "timing", real: r, engine: e, range, realInRange: range && r ? within(r, range) : null,
      verdict: ok ? "inside" : dev ? "known" : "OUTSIDE", mechanism: !ok && dev ? `${dev.id} (issue 34 #${dev.issue})` : undefined,
    });
  }
  return {
    scenario: sc.name, title: sc.title, preset: sc.preset, timing, trials: { real: real.length, engine: engine.length }, rows,
    failovers: { real: rf.map((f) => f.failoverMs), engine: ef.map((f) => f.failoverMs) },
    writes: { real: countWrites(real), engine: countWrites(engine) },
  };
}
