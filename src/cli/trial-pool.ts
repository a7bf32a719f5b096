// Experiments split by seed over the CLI's thread pool: the experiment is cut into parts of
// consecutive trials, the threads take parts as they free up, and the parts merge in order, so
// the samples are byte-identical to one thread's (trial-pool.test.ts checks 1 against N).
import {
  figure16Parts,
  mergeFigure16,
  type Figure16PartResult,
  type RaftTimeoutsDetail,
  type RaftTimeoutsOptions,
} from "../engine/index.ts";
import { defaultThreads, runThreads } from "./thread-pool.ts";

export { defaultThreads };

export async function runRaftTimeoutsOnThreads(
  opts: RaftTimeoutsOptions,
  threads = defaultThreads(),
  onProgress?: (done: number, total: number) => void,
): Promise<RaftTimeoutsDetail> {
  // Small parts keep the threads evenly loaded: one range (150-150) costs far more per trial.
  const parts = figure16Parts(opts, 25);
  const results: Figure16PartResult[] = [];
  let i = 0;
  let done = 0;
  const total = parts.reduce((a, p) => a + p.to - p.from, 0);
  await runThreads(
    {
      next: () => (i < parts.length ? { type: "figure16", opts, part: parts[i++] } : null),
      reply: (m) => {
        if (m.type !== "figure16-done") return;
        results.push(m.result);
        done += m.result.to - m.result.from;
        onProgress?.(done, total);
      },
      finished: () => results.length === parts.length,
    },
    Math.min(threads, parts.length),
  );
  return mergeFigure16(opts, results);
}
