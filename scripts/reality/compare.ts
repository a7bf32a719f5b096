// Real trials beside engine trials: per scenario and figure, the distribution on each side, the
// mechanism's range, and a verdict. Discrete outcomes must agree exactly; a timing must fall in
// its mechanism's range; a difference that a known mechanism explains is named as such.
import { figuresOf, dist, outcomes, recorded, DISCRETE, TIMINGS, type Dist, type Figures } from "./figures.ts";
import { mechanismRange, type Range } from "./mechanisms.ts";
import { knownFor } from "./known-deviations.ts";
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

export function compare(sc: RealScenario, timing: TimingName, real: Trial[], engine: Trial[]): Comparison {
  const rf: Figures[] = real.map(figuresOf), ef: Figures[] = engine.map(figuresOf);
  const rows: Row[] = [];
  for (const key of DISCRETE) {
    const r = outcomes(rf, key), e = outcomes(ef, key);
    if (Object.keys(r).length === 1 && r["null"] && Object.keys(e).length === 1 && e["null"]) continue;
    if (!recorded(rf, key)) continue;
    const dev = knownFor(sc.name, key);
    const ok = sameKeys(r, e);
    rows.push({ figure: key, kind: "discrete", real: r, engine: e, verdict: ok ? "match" : dev ? "known" : "MISMATCH", mechanism: !ok && dev ? `${dev.id} (issue 34 #${dev.issue})` : undefined });
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
