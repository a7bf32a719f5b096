// The practice lab's worker: experiments, challenge checks and run summaries run here so the
// page stays responsive. One job at a time, in the order they arrive; cancelling terminates the
// worker (the page starts a fresh one).
/// <reference lib="webworker" />
import { handleLabMessage, type FromLab, type ToLab } from "./lab-jobs.ts";

declare const self: DedicatedWorkerGlobalScope;

self.onmessage = (e: MessageEvent<ToLab>) =>
  handleLabMessage(
    e.data,
    (m: FromLab) => self.postMessage(m),
    () => performance.now(),
  );
