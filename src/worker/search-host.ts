// What a search Web Worker does, kept apart from the worker shell so tests can run it in the
// page's thread: prepare the search once, run the chunks it is handed, and shrink the lowest
// failure when the pool asks. The engine's functions do the work; this only moves messages.
import {
  finishSearch,
  prepare,
  runChunk,
  type Chunk,
  type Prepared,
  type SearchOutcome,
  type SearchSpec,
} from "../engine/search/index.ts";

export type ToSearchWorker =
  | { type: "start"; spec: SearchSpec }
  | { type: "chunk"; chunk: Chunk }
  | { type: "finish"; best: number | null; tried: number };
export type FromSearchWorker =
  | { type: "ready" }
  | { type: "done"; chunk: Chunk; fail: number | null }
  | { type: "result"; outcome: SearchOutcome }
  | { type: "error"; message: string };

export function createSearchHost(post: (m: FromSearchWorker) => void): (m: ToSearchWorker) => void {
  let p: Prepared | null = null;
  return (m) => {
    try {
      if (m.type === "start") {
        p = prepare(m.spec);
        post({ type: "ready" });
        return;
      }
      if (!p) throw new Error("the search worker got work before its search");
      if (m.type === "chunk") post({ type: "done", chunk: m.chunk, fail: runChunk(p, m.chunk).fail });
      else post({ type: "result", outcome: finishSearch(p, m.best, m.tried) });
    } catch (e) {
      post({ type: "error", message: (e as Error).message ?? String(e) });
    }
  };
}
