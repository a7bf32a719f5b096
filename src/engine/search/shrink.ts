// Shrinking a failing schedule to a smallest one that still fails, in the order of
// preference: fewest faults, then shortest spans, then earliest times, then fewest nodes.
// Greedy and deterministic, in the manner of delta debugging (Zeller and Hildebrandt, "Simplifying
// and Isolating Failure-Inducing Input", 2002) and QuickCheck's shrinkers: try a smaller
// candidate, keep it only if the property still breaks, repeat the passes until none helps.
// Each candidate costs one run; `steps` counts them. Spans and times stay inside the budget,
// so the result is a schedule the learner's budget allowed.
import type { Fault } from "../index.ts";
import { GRID_MS, GRID_PPM, sortFaults } from "./generate.ts";
import { judge, type Prepared } from "./prepare.ts";
import type { PropertyFailure } from "./properties.ts";
import type { SearchFault } from "./budget.ts";

export interface Shrunk {
  faults: Fault[];
  steps: number;
  failure: PropertyFailure;
}

const MAX_ROUNDS = 6;

function kindOf(f: Fault): SearchFault {
  if (f.do === "partition") return f.oneWay ? "one-way" : "partition";
  return f.do as SearchFault;
}

/** Names of nodes a schedule touches ("leader" counts as one; the store does not). */
export function nodesNamed(fs: Fault[]): Set<string> {
  const s = new Set<string>();
  for (const f of fs) {
    if (f.node !== undefined && f.node !== "store") s.add(f.node);
    for (const g of f.groups ?? []) for (const n of g) if (n !== "store" && n !== "resource") s.add(n);
  }
  return s;
}

/** `judgeRun` decides whether a candidate still fails (default: the search's own judge of
 *  p.property); the elector judge passes its own, which reads several properties and a
 *  learner's handler errors. */
export function shrink(
  p: Prepared,
  start: Fault[],
  failure: PropertyFailure,
  judgeRun: (p: Prepared, faults: Fault[]) => PropertyFailure | null = judge,
): Shrunk {
  let steps = 0;
  let cur = sortFaults(
    start.map((f) => (f.groups ? { ...f, groups: f.groups.map((g) => [...g]) } : { ...f })),
  );
  let last = failure;
  const tryIt = (cand: Fault[]): boolean => {
    steps++;
    const r = judgeRun(p, cand);
    if (r) {
      cur = cand;
      last = r;
      return true;
    }
    return false;
  };
  const minSpan = (f: Fault) =>
    Math.max(GRID_MS, p.budget.faults.find((a) => a.kind === kindOf(f))?.min ?? GRID_MS);
  const replace = (i: number, patch: Partial<Fault>): Fault[] =>
    cur.map((f, j) => (j === i ? { ...f, ...patch } : f));

  /** Lower a numeric field of fault i on a grid from its value down to `lo`, keeping failure:
   *  try the floor first, then bisect between the floor (passes) and the value (fails). */
  const lower = (
    i: number,
    get: (f: Fault) => number,
    set: (v: number) => Partial<Fault>,
    lo: number,
    grid: number,
  ): boolean => {
    let hi = get(cur[i]);
    if (hi <= lo) return false;
    if (tryIt(replace(i, set(lo)))) return true;
    let ok = lo;
    let changed = false;
    while (hi - ok > grid) {
      const mid = Math.max(ok + grid, Math.round((ok + hi) / 2 / grid) * grid);
      if (mid >= hi) break;
      if (tryIt(replace(i, set(mid)))) {
        hi = mid;
        changed = true;
      } else ok = mid;
    }
    return changed;
  };

  for (let round = 0; round < MAX_ROUNDS; round++) {
    let changed = false;
    // 1. Fewest faults: drop one at a time, from the first.
    for (let i = 0; i < cur.length;) {
      if (tryIt(cur.filter((_, j) => j !== i))) changed = true;
      else i++;
    }
    // 2. Shortest spans, smallest drifts and slow factors.
    for (let i = 0; i < cur.length; i++) {
      const f = cur[i];
      if (f.for !== undefined)
        changed =
          lower(
            i,
            (x) => x.for as number,
            (v) => ({ for: v }),
            minSpan(f),
            GRID_MS,
          ) || changed;
      if (f.drift !== undefined) {
        const sign = f.drift < 0 ? -1 : 1;
        changed =
          lower(
            i,
            (x) => Math.abs(x.drift as number),
            (v) => ({ drift: sign * v }),
            Math.min(GRID_PPM, Math.abs(f.drift)),
            GRID_PPM,
          ) || changed;
      }
      if (f.factor !== undefined)
        changed =
          lower(
            i,
            (x) => x.factor as number,
            (v) => ({ factor: v }),
            2,
            1,
          ) || changed;
    }
    // 3. Earliest times (a restart stays after the crash it follows only if that still fails).
    for (let i = 0; i < cur.length; i++) {
      changed =
        lower(
          i,
          (x) => x.at,
          (v) => ({ at: v }),
          p.budget.window[0],
          GRID_MS,
        ) || changed;
    }
    // 4. Fewest nodes: take members out of partition sides, then point a fault at a node the
    //    schedule already names.
    for (let i = 0; i < cur.length; i++) {
      const groups = cur[i].groups;
      if (!groups) continue;
      for (let g = 0; g < (cur[i].groups as string[][]).length; g++) {
        for (let m = 0; m < (cur[i].groups as string[][])[g].length;) {
          const gs = cur[i].groups as string[][];
          if (gs[g].length <= 1) break;
          const next = gs.map((side, k) => (k === g ? side.filter((_, x) => x !== m) : side));
          if (tryIt(replace(i, { groups: next }))) changed = true;
          else m++;
        }
      }
    }
    for (let i = 0; i < cur.length; i++) {
      const f = cur[i];
      if (f.node === undefined || f.node === "store") continue;
      const others = nodesNamed(cur.filter((_, j) => j !== i));
      if (others.has(f.node)) continue;
      for (const n of [...others].sort()) {
        if (tryIt(replace(i, { node: n }))) {
          changed = true;
          break;
        }
      }
    }
    cur = sortFaults(cur);
    if (!changed) break;
  }
  return { faults: cur, steps, failure: last };
}
