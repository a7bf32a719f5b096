// Which trace events the page needs, and the trace window the log table asks for. Message
// traffic (send, deliver, drop) and term bumps stay in the session: the page draws messages
// from the frame and the "sent" list, never from the narration's event list.
import type { TraceEvent } from "../core/trace.ts";
import type { TraceLog, TraceView } from "../core/trace-log.ts";

const QUIET = new Set(["send", "deliver", "drop", "term"]);

/** Trace events the page keeps (narration, timeline, tours). */
export const narratable = (e: TraceEvent): boolean => !QUIET.has(e.type);

/** narratable(log.at(i)), without building message events (of those only a stall narrates). */
export const narratableAt = (log: TraceLog, i: number): boolean =>
  log.isMessage(i) ? log.typeAt(i) === "stall" : narratable(log.at(i) as TraceEvent);

/** First index whose time is at least t (the trace is in time order). */
function lowerBound(trace: TraceView, t: number): number {
  let lo = 0;
  let hi = trace.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((trace.at(mid) as TraceEvent).t < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** A row of the log table: every event but deliveries, term bumps and lease renewals. */
export const logRow = (e: TraceEvent): boolean =>
  e.type !== "deliver" && e.type !== "term" && !(e.type === "lease" && e.action === "renew");

/** logRow(log.at(i)), without building message events. */
export const logRowAt = (log: TraceLog, i: number): boolean =>
  log.isMessage(i) ? log.typeAt(i) !== "deliver" : logRow(log.at(i) as TraceEvent);

/** Events from `from` to `to` (ms, inclusive) for the log table (logRow), at most `limit`. */
export function traceWindow(
  trace: TraceView,
  from: number,
  to: number,
  limit: number,
): { events: TraceEvent[]; truncated: boolean } {
  const events: TraceEvent[] = [];
  let truncated = false;
  for (let i = lowerBound(trace, from); i < trace.length; i++) {
    const e = trace.at(i) as TraceEvent;
    if (e.t > to) break;
    if (!logRow(e)) continue;
    if (events.length >= limit) {
      truncated = true;
      break;
    }
    events.push(e);
  }
  return { events, truncated };
}

/** What choosing historic events remembers: tokens whose first accepted write came earlier, and
 *  the term of each node's latest vote for itself. */
export interface HistoricMemo {
  wrote: Set<number>;
  campaign: Map<string, number>;
}

export const newHistoricMemo = (): HistoricMemo => ({ wrote: new Set(), campaign: new Map() });

/** Narratable events the page keeps for the whole run, beside its recent window of them (the
 *  session keeps them too, to send a page that loads a long run): what its whole-run views
 *  show (faults, leader changes, refused or stale writes, violations, lease expiries: the
 *  timeline and its marks, the write log, the marked event, the failover time), and every event
 *  that later narration depends on (the page's NarrationContext in src/sandbox/narration.ts: a
 *  node's vote for itself that starts a run of elections, and the first accepted write of each
 *  token). They grow with leader changes and faults, not with time. `memo` is what the choice
 *  reads and records (see HistoricMemo). */
export function historic(e: TraceEvent, memo: HistoricMemo): boolean {
  switch (e.type) {
    case "fault":
    case "leader-start":
    case "leader-end":
    case "violation":
      return true;
    case "lease":
      return e.action === "expire";
    case "vote": {
      if (!e.granted || e.pre || e.candidate !== e.node) return false;
      // Only an election that does not follow the node's own in the term before: a split vote
      // that never ends would otherwise add one per node per timeout, for ever. Narration before
      // a window then knows a node's streak began, not its latest term, so the window's first
      // line for that node says it started an election rather than that it timed out again.
      const prev = memo.campaign.get(e.node);
      memo.campaign.set(e.node, e.term);
      return prev !== e.term - 1;
    }
    case "write":
      if (e.result !== "accepted") return true;
      if (memo.wrote.has(e.token)) return false;
      memo.wrote.add(e.token);
      return true;
    default:
      return false;
  }
}
