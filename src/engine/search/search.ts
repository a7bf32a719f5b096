// The search itself, with no threads: run one chunk of schedules (what a worker does), or the
// whole index space in order (one worker), then shrink the lowest failure. Parallel pools in
// the CLI and the browser drive ChunkPlan with runChunk and call finishSearch the same way, so
// their answers are this function's answer.
import type { Fault } from "../index.ts";
import { ChunkPlan, type Chunk } from "./plan.ts";
import { judge, prepare, scenarioWith, scheduleAt, type Prepared, type SearchSpec } from "./prepare.ts";
import { shrink, type Shrunk } from "./shrink.ts";
import type { PropertyFailure } from "./properties.ts";

export interface ChunkResult {
  chunk: Chunk;
  fail: number | null;
  failure: PropertyFailure | null;
}

/** Schedules from..to-1 in order, stopping at the first that breaks the property. */
export function runChunk(p: Prepared, chunk: Chunk, cancelled: () => boolean = () => false): ChunkResult {
  for (let i = chunk.from; i < chunk.to; i++) {
    if (cancelled()) break;
    const failure = judge(p, scheduleAt(p, i));
    if (failure) return { chunk, fail: i, failure };
  }
  return { chunk, fail: null, failure: null };
}

export interface SearchOutcome {
  found: boolean;
  /** schedules the answer rests on: up to and including the failing one, or the whole budget */
  tried: number;
  property: string;
  /** the first failing schedule's index and faults, before shrinking */
  index: number | null;
  original: Fault[] | null;
  shrunk: Shrunk | null;
  /** the smallest failing schedule as a whole scenario (`run` and the sandbox accept it) */
  counterexample: Record<string, unknown> | null;
  cancelled: boolean;
}

/** Shrink the lowest failing index (if any) and build the outcome. */
export function finishSearch(
  p: Prepared,
  best: number | null,
  tried: number,
  cancelled = false,
): SearchOutcome {
  if (best === null) {
    return {
      found: false,
      tried,
      property: p.property.name,
      index: null,
      original: null,
      shrunk: null,
      counterexample: null,
      cancelled,
    };
  }
  const original = scheduleAt(p, best);
  const failure = judge(p, original);
  if (!failure)
    throw new Error(`schedule ${best} no longer breaks ${p.property.name}: the engine is not deterministic`);
  const shrunk = shrink(p, original, failure);
  return {
    found: true,
    tried,
    property: p.property.name,
    index: best,
    original,
    shrunk,
    counterexample: scenarioWith(p, shrunk.faults),
    cancelled,
  };
}

export interface SearchHooks {
  /** schedules run so far (progress) */
  onProgress?: (ran: number, total: number) => void;
  cancelled?: () => boolean;
}

/** The whole search on this thread. */
export function search(spec: SearchSpec, hooks: SearchHooks = {}): SearchOutcome {
  const p = prepare(spec);
  const plan = new ChunkPlan(p.budget.schedules);
  let ran = 0;
  const cancelled = hooks.cancelled ?? (() => false);
  for (let c = plan.next(); c; c = plan.next()) {
    const r = runChunk(p, c, cancelled);
    if (cancelled()) return finishSearch(p, null, ran, true);
    plan.report(c, r.fail);
    ran += (r.fail ?? c.to - 1) - c.from + 1;
    hooks.onProgress?.(ran, p.budget.schedules);
  }
  return finishSearch(p, plan.best, plan.tried());
}

/** The CLI's `--json` object. */
export function report(o: SearchOutcome, seconds: number) {
  return {
    found: o.found,
    tried: o.tried,
    seconds: Math.round(seconds * 1000) / 1000,
    property: o.property,
    counterexample: o.counterexample,
    shrunk: o.shrunk ? { faults: o.shrunk.faults.length, steps: o.shrunk.steps } : null,
  };
}
