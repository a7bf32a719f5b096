// The editor page's engine: the judge and the one-run check, both in the judge's worker (the
// learner's code never runs on the page), behind a watchdog that ends a silent worker
// (src/worker/judge-client.ts).
import type { Challenge } from "../elector/types.ts";
import type { RawScenario } from "../sandbox/scenarios.ts";
import { judgeInWorker, runLearnerScenario } from "../worker/judge-client.ts";
import type { ElectorDeps, JudgeJob } from "./deps.ts";

export const engineDeps: ElectorDeps = {
  async runScenario(challenge: Challenge, source: string) {
    const scenario = {
      ...structuredClone(challenge.scenario),
      options: { ...(challenge.scenario.options as object | undefined), challenge: challenge.id },
    };
    const run = await runLearnerScenario({ source, scenario });
    if (run.kind === "compile-error") return { ok: false, errors: run.errors };
    return { ok: true, scenario: run.scenario as RawScenario, error: run.error };
  },
  judge(req, onProgress): JudgeJob {
    const abort = new AbortController();
    return { done: judgeInWorker(req, onProgress, { signal: abort.signal }), cancel: () => abort.abort() };
  },
};
