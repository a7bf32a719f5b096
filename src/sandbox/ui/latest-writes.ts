// A leader writes about once a second, but the narration tells only its first write with each
// token (narration.ts), so "Latest" kept showing "0.41 s n2 wrote to the resource" at 2.6 s while
// Last writes listed 1.41 s and 2.41 s (review 6b #7). Here the first write's line counts the
// writes that followed it and moves to the newest one's time: "2.41 s n2 wrote to the resource
// with token 2", with a "×3" badge beside it (TimesBadge.tsx), not in the sentence.
import type { TraceEvent } from "../../engine/index.ts";

type Write = Extract<TraceEvent, { type: "write" }>;

/** `lines`: the narration of `events` (oldest first); `eventOf`: the event a line tells of.
 *  Returns the lines, oldest first by the time they now show, each with the event its Why?
 *  explains (the newest write for a counted line) and, for a counted line, `times`. The count is exact: the narration and the
 *  events cover the same window, so every write after the narrated first one is in `events`. */
export function withRepeatedWrites<L extends { t: number; text: string }>(
  lines: readonly L[],
  eventOf: (l: L) => TraceEvent | undefined,
  events: readonly TraceEvent[],
): Array<L & { event: TraceEvent | undefined; times?: number }> {
  let moved = false;
  const out = lines.map((l) => {
    const e = eventOf(l);
    if (!e || e.type !== "write" || e.result !== "accepted") return { ...l, event: e };
    let n = 0;
    let last: Write | null = null;
    for (const x of events) {
      if (x.type !== "write" || x.t <= e.t || x.result !== "accepted") continue;
      if (x.node !== e.node || x.token !== e.token) continue;
      n++;
      last = x;
    }
    if (!last) return { ...l, event: e };
    moved = true;
    // The line shows the newest write's time, so the count alone says the rest.
    return { ...l, t: last.t, times: n + 1, event: last };
  });
  // Array.prototype.sort is stable: lines at one moment keep their order.
  return moved ? out.sort((a, b) => a.t - b.t) : out;
}
