// The simulation worker: a thin shell around SimHost. Commands arrive as messages; a timer at
// display rate advances the run while it plays and streams what changed.
/// <reference lib="webworker" />
import { SimHost } from "./host.ts";
import type { FromWorker, ToWorker } from "./protocol.ts";

declare const self: DedicatedWorkerGlobalScope;

const host = new SimHost({
  post: (msg: FromWorker) => self.postMessage(msg),
  now: () => performance.now(),
});

self.onmessage = (e: MessageEvent<ToWorker>) => host.handle(e.data);

const FRAME_MS = 1000 / 60;
setInterval(() => host.tick(), FRAME_MS);
