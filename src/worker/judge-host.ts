// What the judge Web Worker does, kept apart from the worker shell so tests can run it in the
// page's thread: judge a learner's elector for a challenge (progress after every few schedules,
// which is also how the page's watchdog sees the worker alive), or run one scenario of it for
// the sandbox. The elector's functions do the work; this only moves messages.
import { finishJudge, JudgePlan, judgeChunk, prepareJudge, type JudgeRequest } from "../elector/judge.ts";
import { runLearnerScenario, type LearnerRun } from "../elector/run.ts";
import type { JudgeProgress, Verdict } from "../elector/types.ts";

/** Schedules per progress message: small, so the page hears from a busy worker often. */
export const JUDGE_CHUNK = 5;

export type ToJudgeWorker =
  | { type: "judge"; id: number; request: JudgeRequest }
  | { type: "run"; id: number; source: string; scenario: Record<string, unknown> };
export type FromJudgeWorker =
  | { type: "progress"; id: number; progress: JudgeProgress }
  | { type: "verdict"; id: number; verdict: Verdict }
  | { type: "ran"; id: number; run: LearnerRun }
  | { type: "error"; id: number; message: string };

export function createJudgeHost(post: (m: FromJudgeWorker) => void): (m: ToJudgeWorker) => void {
  return (m) => {
    try {
      if (m.type === "run") {
        post({ type: "ran", id: m.id, run: runLearnerScenario(m.source, m.scenario) });
        return;
      }
      const prep = prepareJudge(m.request);
      if ("verdict" in prep) return post({ type: "verdict", id: m.id, verdict: prep.verdict });
      const job = prep.job;
      const plan = new JudgePlan(job.total, JUDGE_CHUNK);
      for (let c = plan.next(); c; c = plan.next()) {
        plan.report(judgeChunk(job, c));
        post({ type: "progress", id: m.id, progress: { ran: plan.ran, total: job.total, phase: "search" } });
      }
      post({ type: "progress", id: m.id, progress: { ran: plan.ran, total: job.total, phase: "shrink" } });
      post({ type: "verdict", id: m.id, verdict: finishJudge(job, plan.result()) });
    } catch (e) {
      post({ type: "error", id: m.id, message: (e as Error).message ?? String(e) });
    }
  };
}
