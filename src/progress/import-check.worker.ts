// The progress check worker: reads one imported progress file off the page (the JSON, the
// upgrade, the schema) and answers once, so a hostile 5 MB file never holds the page's thread
// (issue 40). The page starts one per file and ends it when it answers or overruns its budget.
/// <reference lib="webworker" />
import { parseProgressFile } from "./transfer.ts";

declare const self: DedicatedWorkerGlobalScope;

self.onmessage = (e: MessageEvent<string>) => {
  try {
    self.postMessage(parseProgressFile(e.data));
  } catch (err) {
    self.postMessage({
      ok: false,
      reason: `it could not be read (${String((err as Error)?.message ?? err).slice(0, 120)})`,
    });
  }
};
