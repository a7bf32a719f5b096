// A stop-the-world pause (GC, SIGSTOP, a frozen VM): the process keeps its state and its
// timers, but runs nothing until it resumes; what arrives meanwhile waits (process.ts resumeNode).
import { heapPush } from "./queue.ts";
import { r3 } from "./clock.ts";
import type { World } from "./world.ts";
import type { NodeRt } from "./types.ts";
import { resumeEntry } from "./queue-entry.ts";

export function pauseNode(w: World, node: NodeRt, ms: number): boolean {
  if (node.status === "crashed" || node.status === "stopped") return false;
  node.status = "paused";
  node.pausedUntil = Math.max(node.pausedUntil, r3(w.s.now + ms));
  node.pauseEpoch++;
  heapPush(w.s.queue, resumeEntry(node.pausedUntil, w.s.seq++, node.idx, node.inc, node.pauseEpoch));
  return true;
}
