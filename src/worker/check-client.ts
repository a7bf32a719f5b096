// The page's side of the check worker: one worker per share link or imported file, a time
// budget, and a plain answer (lib/one-shot-worker.ts). A worker that overruns CHECK_BUDGET_MS is
// ended and the learner told why.
import { askOnce, type OneShotOptions, type OneShotPort } from "../lib/one-shot-worker.ts";
import type { CheckJob, CheckResult } from "./check-job.ts";

/** Validating the largest scenario the limits allow takes well under a second on a slow phone;
 *  five seconds means something is wrong with the input, not the device. */
export const CHECK_BUDGET_MS = 5_000;

export type CheckPort = OneShotPort<CheckJob, CheckResult>;

function createCheckWorker(): CheckPort | null {
  if (typeof Worker === "undefined") return null;
  return new Worker(new URL("./check.worker.ts", import.meta.url), {
    type: "module",
    name: "election-lab-check",
  }) as unknown as CheckPort;
}

const what = (job: CheckJob) => (job.kind === "link" ? "this link" : `${job.name}`);

/** Decodes and validates a share link or a scenario file off the page. Never rejects. */
export function checkOffPage(
  job: CheckJob,
  opts: OneShotOptions<CheckJob, CheckResult> = {},
): Promise<CheckResult> {
  return askOnce<CheckJob, CheckResult>(
    {
      input: job,
      budgetMs: CHECK_BUDGET_MS,
      create: createCheckWorker,
      inProcess: () => import("./check-job.ts").then((m) => m.runCheckJob(job)),
      overBudget: (budget) => ({
        ok: false,
        stage: "budget",
        message: `checking ${what(job)} took longer than ${budget / 1000} s, so it was stopped. A run made here is checked in well under a second; this one is far larger or more tangled than that.`,
      }),
      crashed: {
        ok: false,
        stage: "scenario",
        message: `${what(job)} could not be checked: the checker stopped with an error.`,
      },
      unreadable: (message) => ({
        ok: false,
        stage: "scenario",
        message: `it could not be read (${message})`,
      }),
    },
    opts,
  );
}
