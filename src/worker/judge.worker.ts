// The judge's Web Worker: a thin shell around the judge host. The learner's code only ever
// runs here, never on the page; the page's watchdog (judge-client.ts) ends it if it goes quiet.
/// <reference lib="webworker" />
import { createJudgeHost, type ToJudgeWorker } from "./judge-host.ts";

declare const self: DedicatedWorkerGlobalScope;

const handle = createJudgeHost((m) => self.postMessage(m));
self.onmessage = (e: MessageEvent<ToJudgeWorker>) => handle(e.data);
