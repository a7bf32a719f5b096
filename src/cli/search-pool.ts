// Runs a search's schedules on the CLI's thread pool. The pool only moves chunks: ChunkPlan
// decides which index is the answer (the lowest failing one, whichever worker finishes first), so
// the result is the same for 1 or W workers. Shrinking then runs on this thread.
import { ChunkPlan, type SearchSpec } from "../engine/search/index.ts";
import { runThreads } from "./thread-pool.ts";

export interface PoolResult {
  best: number | null;
  tried: number;
}

export async function runPool(
  spec: SearchSpec,
  total: number,
  workers: number,
  onProgress?: (ran: number) => void,
): Promise<PoolResult> {
  const plan = new ChunkPlan(total);
  let ran = 0;
  await runThreads(
    {
      next: () => {
        const c = plan.next();
        return c ? { type: "chunk", chunk: c } : null;
      },
      reply: (m) => {
        if (m.type !== "done") return;
        ran += (m.fail ?? m.chunk.to - 1) - m.chunk.from + 1;
        plan.report(m.chunk, m.fail);
        onProgress?.(ran);
      },
      finished: () => plan.finished(),
    },
    workers,
    spec,
  );
  return { best: plan.best, tried: plan.tried() };
}
