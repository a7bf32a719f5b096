// What the editor page needs from the elector engine, as one object so a test can hand in its
// own judge (the page's real one is ./engine-deps.ts).
import type { Challenge, JudgeProgress, RunError, Verdict } from "../elector/types.ts";
import type { RawScenario } from "../sandbox/scenarios.ts";
import type { CompileError } from "../elector/compile.ts";

export interface JudgeRequest {
  source: string;
  challengeId: string;
  seed: number;
}

export interface JudgeJob {
  done: Promise<Verdict>;
  cancel: () => void;
}

export interface ElectorDeps {
  judge: (req: JudgeRequest, onProgress: (p: JudgeProgress) => void) => JudgeJob;
  /** the scenario one Run plays: the challenge's cluster with the learner's freshly compiled
   *  code, no faults; checked once in the worker first, so a handler that throws is named */
  runScenario: (
    challenge: Challenge,
    source: string,
  ) => Promise<
    { ok: true; scenario: RawScenario; error: RunError | null } | { ok: false; errors: CompileError[] }
  >;
}
