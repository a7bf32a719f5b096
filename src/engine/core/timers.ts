// A node's named timers on its own monotonic clock: one timer per name, re-arming makes the
// older event stale (its generation no longer matches), a slow node's timers stretch, and
// timerNoise adds the OS's scheduling lateness.
import { heapPush } from "./queue.ts";
import { nextFloat } from "./random.ts";
import { localAt, simAtLocal, r3 } from "./clock.ts";
import type { World } from "./world.ts";
import type { NodeRt } from "./types.ts";

export function armTimer(w: World, node: NodeRt, name: string, ms: number): void {
  const s = w.s;
  // Scheduling noise only when asked for, so scenarios without it keep their exact traces.
  const noise = s.scenario.timerNoise > 0 ? s.scenario.timerNoise * nextFloat(s.rng) : 0;
  const due = r3(localAt(node.clock, s.now) + Math.max(0, ms) * node.slow + noise);
  const gen = ++node.timerGen;
  // The event armed before under this name (if any) is dead from now on: counted, and swept
  // from the queue in bulk (queue.ts sweepDeadTimers) instead of being popped one by one.
  if ((node.timers[name] ?? 0) > 0) s.dead = (s.dead ?? 0) + 1;
  node.timers[name] = gen;
  node.armedAt[name] = s.now;
  node.due[name] = due;
  let at = simAtLocal(node.clock, due);
  if (at < s.now) at = s.now;
  heapPush(s.queue, { at, seq: s.seq++, kind: "timer", node: node.idx, inc: node.inc, name, gen, due });
}

export function cancelTimer(w: World, node: NodeRt, name: string): void {
  if ((node.timers[name] ?? 0) > 0) w.s.dead = (w.s.dead ?? 0) + 1;
  node.timers[name] = 0;
  node.due[name] = -1;
}
