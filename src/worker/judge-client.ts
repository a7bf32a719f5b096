// The page's side of the judge (issue 37). The learner's code runs only in a Web Worker; this
// file holds no engine code, so the page never runs it and never blocks on it.
//
//   judgeInWorker({ source, challengeId, seed?, budget? }, onProgress?, opts?): Promise<Verdict>
//     Compiles and judges the learner's TypeScript for a challenge. onProgress gets
//     { ran, total, phase: "search" | "shrink" } every few schedules. Resolves with the verdict
//     (compile-error, passed, failed with the shrunk counterexample scenario to replay).
//   runLearnerScenario({ source, scenario }, opts?): Promise<LearnerRun>
//     Compiles the source afresh and runs the scenario once (for the sandbox: the result's
//     `scenario` carries the fresh code; `error` says which handler ended the run, and when).
//   opts: { signal?: AbortSignal (cancel: the worker is ended), watchdogMs? (default 15 s),
//           createWorker? (tests) }
//
// Both reject with JudgeStopped when cancelled, or when the worker stops answering for
// watchdogMs (the step guard ends an endless loop in milliseconds; this is the backstop): the
// worker is then terminated and the next call starts a fresh one.
import type { JudgeRequest } from "../elector/judge.ts";
import type { LearnerRun } from "../elector/run.ts";
import type { JudgeProgress, Verdict } from "../elector/types.ts";
import type { FromJudgeWorker, ToJudgeWorker } from "./judge-host.ts";

export interface JudgeWorkerLike {
  postMessage(m: ToJudgeWorker): void;
  terminate(): void;
  onmessage: ((e: MessageEvent<FromJudgeWorker>) => void) | null;
  onerror: ((e: ErrorEvent) => void) | null;
}

export interface JudgeOptions {
  signal?: AbortSignal;
  watchdogMs?: number;
  createWorker?: () => JudgeWorkerLike;
}

/** Why a call ended without an answer: "cancelled", or "unresponsive" (the watchdog fired). */
export class JudgeStopped extends Error {
  constructor(
    readonly reason: "cancelled" | "unresponsive" | "crashed",
    message: string,
  ) {
    super(message);
    this.name = "JudgeStopped";
  }
}

export const WATCHDOG_MS = 15_000;

function createJudgeWorker(): JudgeWorkerLike {
  return new Worker(new URL("./judge.worker.ts", import.meta.url), {
    type: "module",
    name: "election-lab-judge",
  }) as unknown as JudgeWorkerLike;
}

let shared: JudgeWorkerLike | null = null;
let sharedMaker: (() => JudgeWorkerLike) | null = null;
let nextId = 1;
/** One call at a time uses the worker; later calls wait their turn. */
let queue: Promise<unknown> = Promise.resolve();

function worker(make: () => JudgeWorkerLike): JudgeWorkerLike {
  if (!shared || sharedMaker !== make) {
    shared?.terminate();
    shared = make();
    sharedMaker = make;
  }
  return shared;
}

/** End the worker (a watchdog, a cancel): the next call makes a fresh one. */
function discard(w: JudgeWorkerLike): void {
  w.terminate();
  if (shared === w) shared = null;
}

function call<T>(
  msg: (id: number) => ToJudgeWorker,
  pick: (m: FromJudgeWorker) => T | undefined,
  onProgress: ((p: JudgeProgress) => void) | undefined,
  opts: JudgeOptions,
): Promise<T> {
  const run = () =>
    new Promise<T>((resolve, reject) => {
      if (opts.signal?.aborted) return reject(new JudgeStopped("cancelled", "cancelled"));
      const w = worker(opts.createWorker ?? createJudgeWorker);
      const id = nextId++;
      const limit = opts.watchdogMs ?? WATCHDOG_MS;
      let timer: ReturnType<typeof setTimeout> | null = null;
      const finish = (f: () => void) => {
        if (timer !== null) clearTimeout(timer);
        timer = null;
        w.onmessage = null;
        w.onerror = null;
        opts.signal?.removeEventListener("abort", abort);
        f();
      };
      const arm = () => {
        if (timer !== null) clearTimeout(timer);
        timer = setTimeout(
          () =>
            finish(() => {
              discard(w);
              reject(
                new JudgeStopped(
                  "unresponsive",
                  `the judge stopped answering for ${Math.round(limit / 1000)} s and was restarted`,
                ),
              );
            }),
          limit,
        );
      };
      const abort = () =>
        finish(() => {
          discard(w);
          reject(new JudgeStopped("cancelled", "cancelled"));
        });
      opts.signal?.addEventListener("abort", abort);
      w.onmessage = (e) => {
        const m = e.data;
        if (m.id !== id) return;
        arm();
        if (m.type === "progress") return onProgress?.(m.progress);
        if (m.type === "error") return finish(() => reject(new Error(m.message)));
        const v = pick(m);
        if (v !== undefined) finish(() => resolve(v));
      };
      w.onerror = (e) => {
        e.preventDefault?.();
        finish(() => {
          discard(w);
          reject(new JudgeStopped("crashed", e.message || "the judge stopped"));
        });
      };
      arm();
      w.postMessage(msg(id));
    });
  const p = queue.then(run, run);
  queue = p.catch(() => undefined);
  return p;
}

/** Judge a learner's elector for a challenge, in the judge worker. */
export function judgeInWorker(
  request: JudgeRequest,
  onProgress?: (p: JudgeProgress) => void,
  opts: JudgeOptions = {},
): Promise<Verdict> {
  return call(
    (id) => ({ type: "judge", id, request }),
    (m) => (m.type === "verdict" ? m.verdict : undefined),
    onProgress,
    opts,
  );
}

/** Compile a learner's elector afresh and run one scenario of it, in the judge worker. */
export function runLearnerScenario(
  req: { source: string; scenario: Record<string, unknown> },
  opts: JudgeOptions = {},
): Promise<LearnerRun> {
  return call(
    (id) => ({ type: "run", id, source: req.source, scenario: req.scenario }),
    (m) => (m.type === "ran" ? m.run : undefined),
    undefined,
    opts,
  );
}
