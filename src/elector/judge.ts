// The judge (issue 37): the counterexample search over a challenge's faults, plus its liveness
// bound. Schedule 0 is the run with no fault at all; schedule i > 0 is the search's schedule i
// (engine/search/generate.ts: a pure function of seed and index). Every schedule runs the
// learner's elector once, with the lean trace, and is judged on the challenge's safety
// properties (the monitors' own names), on a handler that throws or runs too long, and on the
// liveness bound (no stretch without a leader longer than `withinMs`).
// The answer is the lowest failing index, found chunk by chunk with the search's ChunkPlan, so
// one thread, a Worker or the CLI's pool give the same verdict for the same seed and budget. A
// liveness bound that must hold on a share of schedules below 1 (randomized timeouts: "on 95 %
// of seeds") never stops the search early: every schedule runs, and when too few met it the
// first one that missed is the counterexample. The failing schedule is shrunk with the search's
// shrinker (fewest faults, shortest, earliest, fewest nodes) and comes back as a whole scenario
// the sandbox replays.
import { createSimulation, parseScenario, type Fault, type Scenario } from "../engine/index.ts";
import { ChunkPlan, failureOf, parseProperty, type Chunk, type Prepared } from "../engine/search/index.ts";
import { describeFault } from "../engine/search/describe.ts";
import { normaliseBudget, type Budget } from "../engine/search/budget.ts";
import { shrink } from "../engine/search/shrink.ts";
import type { Property, PropertyFailure } from "../engine/search/properties.ts";
import { drawSchedule, shapeOf, type Shape } from "../engine/search/generate.ts";
import { LearnerError } from "../engine/protocols/learner/load.ts";
import { RunLimitError } from "../engine/core/budget.ts";
import { compileElector } from "./compile.ts";
import { challengeById } from "./challenges/index.ts";
import { LATE_WRITE, LATE_WRITE_LABEL, lateWrite } from "./late-write.ts";
import type { Challenge, JudgeProgress, RunError, Verdict } from "./types.ts";

export interface JudgeRequest {
  /** the learner's TypeScript */
  source: string;
  challengeId: string;
  /** the search's seed (default 1) */
  seed?: number;
  /** schedules to try, the fault-free run included (default: the challenge's) */
  budget?: number;
  /** a challenge given whole instead of by id (the bench's, a test's); plain data */
  challenge?: Challenge;
}

/** Everything a thread needs to run chunks of one judging: plain data, so it crosses to a
 *  worker as the request and is rebuilt there by prepareJudge. */
export interface JudgeJob {
  challenge: Challenge;
  /** the challenge's scenario with the compiled code, in JSON form */
  scenario: Record<string, unknown>;
  base: Scenario;
  budget: Budget;
  shape: Shape;
  seed: number;
  total: number;
  safety: Property[];
  liveness: Property;
}

/** What one schedule did: nothing wrong, a hard failure, or (share < 1) a liveness miss. */
type Outcome =
  | { kind: "ok" }
  | { kind: "fail"; failure: PropertyFailure; error?: RunError }
  | { kind: "miss"; failure: PropertyFailure };

export interface JudgeChunkResult {
  chunk: Chunk;
  /** the lowest index in the chunk that failed hard, or null */
  fail: number | null;
  /** indices below `fail` (or in the whole chunk) that missed a liveness bound with share < 1 */
  misses: number[];
}

export class JudgeError extends Error {}

const ERROR_PROPERTY = "handler-error";
const LIMIT_PROPERTY = "run-limit";

/** Compile and set up, or the compile errors as a verdict. */
export function prepareJudge(req: JudgeRequest): { job: JudgeJob } | { verdict: Verdict } {
  const challenge = req.challenge ?? challengeById(req.challengeId);
  if (!challenge) throw new JudgeError(`unknown challenge "${req.challengeId}"`);
  const compiled = compileElector(req.source);
  if (!compiled.ok)
    return { verdict: { kind: "compile-error", challenge: challenge.id, errors: compiled.errors } };
  const sc = challenge.scenario;
  const scenario = {
    ...sc,
    options: {
      ...(sc.options as object | undefined),
      code: compiled.code,
      source: req.source,
      challenge: challenge.id,
    },
  };
  const base = parseScenario({ ...scenario, faults: [] });
  const budget = normaliseBudget(
    { ...challenge.budget, schedules: req.budget ?? challenge.budget.schedules ?? 500 },
    base,
  );
  const seed = req.seed ?? 1;
  if (!Number.isInteger(seed)) throw new JudgeError(`seed must be a whole number, got ${seed}`);
  return {
    job: {
      challenge,
      scenario,
      base,
      budget,
      shape: shapeOf(base),
      seed,
      total: budget.schedules,
      safety: challenge.safety.map(safetyProperty),
      liveness: parseProperty(`leaderless:${challenge.liveness.withinMs / 1000}`),
    },
  };
}

/** A safety property by name: the monitors' own, or the fencing property of late-write.ts. */
function safetyProperty(name: string): Property {
  return name === LATE_WRITE ? { name, kind: "safety", label: LATE_WRITE_LABEL } : parseProperty(name);
}

/** The run's own seed for schedule i: fixed, or drawn afresh per schedule (timeouts vary). */
const seedAt = (job: JudgeJob, i: number) =>
  job.challenge.varySeed ? (job.base.seed + i) >>> 0 : job.base.seed;
/** Schedule i's faults: none for 0, the search's schedule i after. */
export const faultsAt = (job: JudgeJob, i: number): Fault[] =>
  i === 0 ? [] : drawSchedule(job.seed, i, job.budget, job.shape);
/** Is the liveness bound judged on this schedule? */
const livenessCounts = (job: JudgeJob, faults: Fault[]) =>
  job.challenge.liveness.scope !== "fault-free" || faults.length === 0;

/** `at`: the simulation time the handler ran at (the run's clock, not the node's). */
export function runError(e: LearnerError, at: number): RunError {
  return { handler: e.handler, node: e.node, line: e.line, at, message: e.message };
}

/** Run one schedule and judge it. */
function judgeRun(job: JudgeJob, seed: number, faults: Fault[]): Outcome {
  let summary, trace;
  const sim = createSimulation({ ...job.base, seed, faults }, { trace: "roles" });
  try {
    sim.run();
    summary = sim.summary();
    trace = sim.trace;
  } catch (e) {
    if (e instanceof LearnerError)
      return {
        kind: "fail",
        failure: { property: ERROR_PROPERTY, at: sim.now, detail: e.message },
        error: runError(e, sim.now),
      };
    if (e instanceof RunLimitError)
      return {
        kind: "fail",
        failure: {
          property: LIMIT_PROPERTY,
          at: sim.now,
          detail:
            "the run took more than the engine's event limit: is a timer armed again and again with a tiny delay?",
        },
      };
    throw e;
  }
  for (const p of job.safety) {
    const f = p.name === LATE_WRITE ? lateWrite(trace) : failureOf(p, summary, trace);
    if (f) return { kind: "fail", failure: f };
  }
  if (livenessCounts(job, faults)) {
    const f = failureOf(job.liveness, summary, trace);
    if (f)
      return job.challenge.liveness.share >= 1 ? { kind: "fail", failure: f } : { kind: "miss", failure: f };
  }
  return { kind: "ok" };
}

/** Schedules chunk.from..chunk.to-1 in order, stopping at the first hard failure. */
export function judgeChunk(job: JudgeJob, chunk: Chunk): JudgeChunkResult {
  const misses: number[] = [];
  for (let i = chunk.from; i < chunk.to; i++) {
    const o = judgeRun(job, seedAt(job, i), faultsAt(job, i));
    if (o.kind === "fail") return { chunk, fail: i, misses };
    if (o.kind === "miss") misses.push(i);
  }
  return { chunk, fail: null, misses };
}

/** Collects chunk results in any order and knows when the answer is settled. */
export class JudgePlan {
  readonly plan: ChunkPlan;
  private readonly misses: number[] = [];
  ran = 0;
  /** `size`: schedules per chunk (the answer does not depend on it; smaller chunks report
   *  progress, and so show a worker alive, more often) */
  constructor(
    readonly total: number,
    size?: number,
  ) {
    this.plan = new ChunkPlan(total, size);
  }
  next(): Chunk | null {
    return this.plan.next();
  }
  report(r: JudgeChunkResult): void {
    this.ran += (r.fail ?? r.chunk.to - 1) - r.chunk.from + 1;
    this.misses.push(...r.misses);
    this.plan.report(r.chunk, r.fail);
  }
  finished(): boolean {
    return this.plan.finished();
  }
  /** the settled answer's inputs: lowest hard failure, and the misses below it */
  result(): { best: number | null; tried: number; misses: number[] } {
    const best = this.plan.best;
    const misses = this.misses.filter((i) => best === null || i < best).sort((a, b) => a - b);
    return { best, tried: this.plan.tried(), misses };
  }
}

/** Shrink the failing schedule (if any) and build the verdict. */
export function finishJudge(
  job: JudgeJob,
  r: { best: number | null; tried: number; misses: number[] },
): Verdict {
  const id = job.challenge.id;
  const share = job.challenge.liveness.share;
  const counted = (n: number) => {
    let of = 0;
    for (let i = 0; i < n; i++) if (job.challenge.liveness.scope !== "fault-free" || i === 0) of++;
    return of;
  };
  if (r.best === null) {
    const of = counted(job.total);
    const met = of - r.misses.length;
    if (met >= Math.ceil(share * of - 1e-9))
      return { kind: "passed", challenge: id, seed: job.seed, schedules: job.total, liveness: { met, of } };
    return counterexample(job, r.misses[0], job.total, { met, of });
  }
  const of = counted(r.tried);
  return counterexample(job, r.best, r.tried, share < 1 ? { met: of - r.misses.length, of } : undefined);
}

function counterexample(
  job: JudgeJob,
  index: number,
  tried: number,
  liveness?: { met: number; of: number },
): Verdict {
  const seed = seedAt(job, index);
  const first = judgeRun(job, seed, faultsAt(job, index));
  if (first.kind === "ok")
    throw new JudgeError(`schedule ${index} no longer fails: the run is not deterministic`);
  const same = (o: Outcome): PropertyFailure | null =>
    o.kind !== "ok" && o.failure.property === first.failure.property ? o.failure : null;
  const p: Prepared = {
    spec: { scenario: job.scenario, property: "overlap" },
    base: { ...job.base, seed },
    property: job.liveness,
    budget: job.budget,
    seed: job.seed,
    shape: job.shape,
  };
  const shrunk =
    index === 0
      ? { faults: [] as Fault[], failure: first.failure }
      : shrink(p, faultsAt(job, index), first.failure, (_p, fs) => same(judgeRun(job, seed, fs)));
  const last = judgeRun(job, seed, shrunk.faults);
  const failure = last.kind !== "ok" ? last.failure : shrunk.failure;
  const v: Verdict = {
    kind: "failed",
    challenge: job.challenge.id,
    seed: job.seed,
    tried,
    property: failure.property,
    label: labelOf(job, failure.property),
    detail: failure.detail,
    at: failure.at,
    faults: shrunk.faults,
    described: shrunk.faults.map(describeFault),
    scenario: { ...job.scenario, seed, faults: shrunk.faults.map((f) => ({ ...f })) },
  };
  if (liveness) v.liveness = liveness;
  if (last.kind === "fail" && last.error) v.error = last.error;
  return v;
}

function labelOf(job: JudgeJob, property: string): string {
  if (property === ERROR_PROPERTY) return "a handler threw or ran past its step budget";
  if (property === LIMIT_PROPERTY) return "the run never settled";
  if (property === job.liveness.name) return job.challenge.liveness.label;
  return job.safety.find((p) => p.name === property)?.label ?? property;
}

/** Run a scenario (a counterexample, or any run of a challenge) and judge it as the judge does:
 *  the first broken safety property, a handler error, or the missed liveness bound; null when
 *  it holds. For tests and for the sandbox's replay. */
export function checkRun(challengeId: string, scenario: Record<string, unknown>): PropertyFailure | null {
  const challenge = challengeById(challengeId);
  if (!challenge) throw new JudgeError(`unknown challenge "${challengeId}"`);
  const base = parseScenario(scenario);
  const job = {
    challenge,
    scenario,
    base,
    budget: normaliseBudget({ ...challenge.budget, schedules: 1 }, base),
    shape: shapeOf(base),
    seed: 1,
    total: 1,
    safety: challenge.safety.map(safetyProperty),
    liveness: parseProperty(`leaderless:${challenge.liveness.withinMs / 1000}`),
  } satisfies JudgeJob;
  const o = judgeRun(job, base.seed, base.faults);
  return o.kind === "ok" ? null : o.failure;
}

/** The whole judging on this thread (tests, a Worker): progress after each chunk. */
export function judge(
  req: JudgeRequest,
  onProgress?: (p: JudgeProgress) => void,
  cancelled: () => boolean = () => false,
): Verdict {
  const prep = prepareJudge(req);
  if ("verdict" in prep) return prep.verdict;
  const job = prep.job;
  const plan = new JudgePlan(job.total);
  for (let c = plan.next(); c; c = plan.next()) {
    if (cancelled()) throw new JudgeError("cancelled");
    plan.report(judgeChunk(job, c));
    onProgress?.({ ran: plan.ran, total: job.total, phase: "search" });
  }
  onProgress?.({ ran: plan.ran, total: job.total, phase: "shrink" });
  return finishJudge(job, plan.result());
}
