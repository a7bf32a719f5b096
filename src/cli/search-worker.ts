// One search worker thread: prepares the search once (workerData is the SearchSpec), then runs
// each chunk of schedule indices it is given and reports the lowest failing index in it.
import { parentPort, workerData } from "node:worker_threads";
import { prepare, runChunk, type Chunk, type SearchSpec } from "../engine/search/index.ts";

export type ToWorker = { type: "chunk"; chunk: Chunk };
export type FromWorker = { type: "ready" } | { type: "done"; chunk: Chunk; fail: number | null } | { type: "error"; message: string };

const port = parentPort;
if (!port) throw new Error("search-worker.ts runs only as a worker thread");
const send = (m: FromWorker) => port.postMessage(m);

try {
  const p = prepare(workerData as SearchSpec);
  port.on("message", (m: ToWorker) => {
    try {
      const r = runChunk(p, m.chunk);
      send({ type: "done", chunk: m.chunk, fail: r.fail });
    } catch (e) {
      send({ type: "error", message: (e as Error).message ?? String(e) });
    }
  });
  send({ type: "ready" });
} catch (e) {
  send({ type: "error", message: (e as Error).message ?? String(e) });
}
