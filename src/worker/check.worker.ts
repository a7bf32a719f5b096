// The check worker: opens one share link or scenario file off the page (check-job.ts) and
// answers once. The page starts one per job and ends it when it answers or overruns its budget.
/// <reference lib="webworker" />
import { runCheckJob, type CheckJob } from "./check-job.ts";

declare const self: DedicatedWorkerGlobalScope;

self.onmessage = (e: MessageEvent<CheckJob>) => {
  void runCheckJob(e.data).then(
    (r) => self.postMessage(r),
    (err: unknown) =>
      self.postMessage({
        ok: false,
        stage: "scenario",
        message: `it could not be read (${String((err as Error)?.message ?? err).slice(0, 120)})`,
      }),
  );
};
