// The page's main-thread work per frame, read from a Chromium trace (scripts/bench/ui.ts).
/** The q-quantile of xs (nearest rank below), 0 for none. */
export const quantile = (xs: number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))] : 0;
};

/** The renderer main thread's busy time per frame interval, from a Chromium trace: its top-level
 *  tasks (ThreadControllerImpl::RunTask, which hold scripts, style, layout and paint) laid over
 *  consecutive 1000/60 ms windows. The rAF interval alone cannot show headroom: it is the
 *  display's pace whether a frame takes 2 ms of work or 16. */
export function busyPerFrame(
  trace: { traceEvents?: TraceEvent[] } | TraceEvent[],
  intervalMs = 1000 / 60,
): { median: number; p95: number; share: number; windows: number } {
  const events = Array.isArray(trace) ? trace : (trace.traceEvents ?? []);
  const main = events.find((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain");
  if (!main) throw new Error("the trace has no renderer main thread");
  const tasks = events
    .filter(
      (e) =>
        e.pid === main.pid &&
        e.tid === main.tid &&
        e.ph === "X" &&
        e.name === "ThreadControllerImpl::RunTask" &&
        e.dur !== undefined,
    )
    .map((e) => [e.ts / 1000, (e.ts + (e.dur as number)) / 1000] as const)
    .sort((a, b) => a[0] - b[0]);
  if (tasks.length === 0) throw new Error("the trace holds no main-thread task");
  const start = tasks[0][0];
  const end = Math.max(...tasks.map((t) => t[1]));
  const n = Math.max(1, Math.floor((end - start) / intervalMs));
  const busy = new Array<number>(n).fill(0);
  let covered = 0;
  let reach = -Infinity; // tasks can nest; count overlapping time once
  for (const [a0, b] of tasks) {
    const a = Math.max(a0, reach);
    if (b <= a) continue;
    reach = b;
    covered += b - a;
    for (let w = Math.floor((a - start) / intervalMs); w < n && start + w * intervalMs < b; w++) {
      const lo = Math.max(a, start + w * intervalMs);
      const hi = Math.min(b, start + (w + 1) * intervalMs);
      if (hi > lo) busy[w] += hi - lo;
    }
  }
  return {
    median: quantile(busy, 0.5),
    p95: quantile(busy, 0.95),
    share: covered / (end - start),
    windows: n,
  };
}
export type TraceEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string };
};
