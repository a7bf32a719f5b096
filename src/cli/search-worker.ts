// One worker thread of the CLI's pool: prepares a search once when workerData is a SearchSpec (or a
// judging of a learner's elector when it is { judge }),
// then runs each task it is given: a chunk of schedule indices (reporting the lowest failing
// index in it) or a part of an experiment's trials (reporting its samples).
import { parentPort, workerData } from "node:worker_threads";
import { prepare, runChunk, type Chunk, type SearchSpec } from "../engine/search/index.ts";
import {
  runFigure16Part,
  type Figure16Part,
  type Figure16PartResult,
  type RaftTimeoutsOptions,
} from "../engine/index.ts";
import {
  judgeChunk,
  prepareJudge,
  type JudgeChunkResult,
  type JudgeJob,
  type JudgeRequest,
} from "../elector/judge.ts";

export type ToWorker =
  | { type: "chunk"; chunk: Chunk }
  | { type: "figure16"; opts: RaftTimeoutsOptions; part: Figure16Part }
  | { type: "judge-chunk"; chunk: Chunk };
export type FromWorker =
  | { type: "ready" }
  | { type: "done"; chunk: Chunk; fail: number | null }
  | { type: "figure16-done"; result: Figure16PartResult }
  | { type: "judge-done"; result: JudgeChunkResult }
  | { type: "error"; message: string };

const port = parentPort;
if (!port) throw new Error("search-worker.ts runs only as a worker thread");
const send = (m: FromWorker) => port.postMessage(m);

try {
  // workerData: a search's spec, a judging's request ({ judge }: the elector judge, issue 37), or null
  const judging =
    workerData && typeof workerData === "object" && "judge" in workerData
      ? prepareJudge((workerData as { judge: JudgeRequest }).judge)
      : null;
  const job: JudgeJob | null = judging && "job" in judging ? judging.job : null;
  const p = workerData && !judging ? prepare(workerData as SearchSpec) : null;
  port.on("message", (m: ToWorker) => {
    try {
      if (m.type === "figure16")
        return send({ type: "figure16-done", result: runFigure16Part(m.opts, m.part) });
      if (m.type === "judge-chunk") {
        if (!job) throw new Error("this worker was started without a judging");
        return send({ type: "judge-done", result: judgeChunk(job, m.chunk) });
      }
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
