// The page's side of the progress check worker (import-check.worker.ts): a learner's imported
// progress file is decoded and validated off the page, with a time budget after which the worker
// is ended and the learner told why, as share links and scenario files are (lib/one-shot-worker.ts).
import { askOnce, type OneShotOptions, type OneShotPort } from "../lib/one-shot-worker.ts";
import type { ImportResult } from "./transfer.ts";

/** Reading the largest file the limit allows (5 MB) takes well under a second on a slow phone. */
export const PROGRESS_CHECK_BUDGET_MS = 5_000;

export type ProgressCheckPort = OneShotPort<string, ImportResult>;

function createWorker(): ProgressCheckPort | null {
  if (typeof Worker === "undefined") return null;
  return new Worker(new URL("./import-check.worker.ts", import.meta.url), {
    type: "module",
    name: "election-lab-progress-check",
  }) as unknown as ProgressCheckPort;
}

/** Reads a progress file's text off the page. Never rejects. */
export function checkProgressOffPage(
  text: string,
  opts: OneShotOptions<string, ImportResult> = {},
): Promise<ImportResult> {
  return askOnce<string, ImportResult>(
    {
      input: text,
      budgetMs: PROGRESS_CHECK_BUDGET_MS,
      create: createWorker,
      inProcess: () => import("./transfer.ts").then((m) => m.parseProgressFile(text)),
      overBudget: (budget) => ({
        ok: false,
        reason: `reading the file took longer than ${budget / 1000} s, so it was stopped; a progress file made here is read in well under a second`,
      }),
      crashed: { ok: false, reason: "the file could not be read: the checker stopped with an error" },
      unreadable: (message) => ({ ok: false, reason: `it could not be read (${message})` }),
    },
    opts,
  );
}
