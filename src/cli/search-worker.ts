// One worker thread of the CLI's pool: prepares a search once when workerData is a SearchSpec,
// then runs each task it is given: a chunk of schedule indices (reporting the lowest failing
// index in it) or a part of an experiment's trials (reporting its samples).
import { parentPort, workerData } from "node:worker_threads";
import { prepare, runChunk, type Chunk, type SearchSpec } from "../engine/search/index.ts";
import { runFigure16Part, type Figure16Part, type Figure16PartResult, type RaftTimeoutsOptions } from "../engine/index.ts";

export type ToWorker =
  | { type: "chunk"; chunk: Chunk }
  | { type: "figure16"; opts: RaftTimeoutsOptions; part: Figure16Part };
export type FromWorker =
  | { type: "ready" }
  | { type: "done"; chunk: Chunk; fail: number | null }
  | { type: "figure16-done"; result: Figure16PartResult }
  | { type: "error"; message: string };

const port = parentPort;
if (!port) throw new Error("search-worker.ts runs only as a worker thread");
const send = (m: FromWorker) => port.postMessage(m);

try {
  const p = workerData ? prepare(workerData as SearchSpec) : null;
  port.on("message", (m: ToWorker) => {
    try {
      if (m.type === "figure16") return send({ type: "figure16-done", result: runFigure16Part(m.opts, m.part) });
      if (!p) throw new Error("this worker was started without a search");
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
