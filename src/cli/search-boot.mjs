// Entry of a search worker thread. Workers do not inherit a TypeScript loader when the CLI runs
// under a test runner, so this plain module registers tsx itself, then loads the worker. A
// failure to load is reported to the pool as a message instead of a silent exit.
import { parentPort } from "node:worker_threads";

try {
  const { register } = await import("tsx/esm/api");
  register();
  await import("./search-worker.ts");
} catch (e) {
  parentPort?.postMessage({ type: "error", message: `the search worker could not start: ${e instanceof Error ? e.message : String(e)}` });
}
