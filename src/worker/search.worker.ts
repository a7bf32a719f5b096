// A "Try to break it" worker: a thin shell around the search host. The page's pool starts as
// many as the machine has cores and cancels by terminating them.
/// <reference lib="webworker" />
import { createSearchHost, type ToSearchWorker } from "./search-host.ts";

declare const self: DedicatedWorkerGlobalScope;

const handle = createSearchHost((m) => self.postMessage(m));
self.onmessage = (e: MessageEvent<ToSearchWorker>) => handle(e.data);
