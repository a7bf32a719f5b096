// The event that matters most recently: a refused or stale write, a new leader, split brain, a
// lease or session expiry, or a fault (the cause, kept until its effect shows). It stays marked (in the "Latest" panel and on the resource) until the
// next such event, so a rejection that happens between two heartbeats is still on screen when
// the learner looks. Pure over the page's event list, so seeking back moves the mark back too.
import { appliedOutOfOrder, type TraceEvent } from "../engine/index.ts";
import { narrate, newNarrationContext, type Tone } from "./narration.ts";
import { formatSeconds } from "./format-seconds.ts";

/** "stale": a write applied after a higher token (safety lost, red); "early": a deposed leader's
 *  write that landed before the newer leader's first (two leaders acting: a hazard, amber). */
export type MarkKind =
  "rejected" | "stale" | "early" | "leader" | "split-brain" | "expiry" | "fault" | "repair";

export interface Mark {
  kind: MarkKind;
  t: number;
  /** the event's narration line */
  text: string;
  tone: Tone;
  /** a short title for the kind ("Write refused") */
  title: string;
  /** the writer, for write marks (the resource shows the marked write) */
  node?: string;
  token?: number;
  /** the event itself, for its Why? */
  event?: TraceEvent;
}

const TITLES: Record<MarkKind, string> = {
  rejected: "Write refused",
  stale: "Stale write accepted",
  early: "Old leader wrote",
  leader: "New leader",
  "split-brain": "Two leaders",
  expiry: "Lease expired",
  fault: "Fault",
  // A heal or a restart undoes a fault: calling it a fault told the learner something broke.
  repair: "Repair",
};

/** The kind of mark an event makes, or null when it is not one of the events that matter. */
export function markKind(e: TraceEvent): MarkKind | null {
  switch (e.type) {
    case "write":
      if (e.result === "rejected") return "rejected";
      if (e.result !== "stale-accepted") return null;
      return appliedOutOfOrder(e) ? "stale" : "early";
    case "leader-start":
      return "leader";
    case "violation":
      return e.property === "overlap" ? "split-brain" : null;
    case "lease":
      return e.action === "expire" ? "expiry" : null;
    case "fault":
      // The cause stays marked until its effect (a new leader, an expiry, a refusal) shows.
      if (e.effect === "no-effect") return null;
      return e.fault === "heal" || e.fault === "restart" ? "repair" : "fault";
    default:
      return null;
  }
}

/** The latest mark among the events (the page's list, in time order), or null before any. */
/** Which mark heads an instant that holds several (headline.ts): a write's fate or a safety
 *  event before the leader and fault changes that come with it. */
const MARK_RANK: Record<MarkKind, number> = {
  stale: 3,
  "split-brain": 2,
  early: 2,
  rejected: 2,
  leader: 1,
  expiry: 1,
  fault: 1,
  repair: 0,
};

/** The index of the latest mark, the highest-ranked among those shown at its instant. */
function latestMarkAt(events: readonly TraceEvent[]): number {
  let best = -1;
  for (let i = events.length - 1; i >= 0; i--) {
    const kind = markKind(events[i]);
    if (!kind) continue;
    if (best >= 0 && formatSeconds(events[i].t) !== formatSeconds(events[best].t)) break;
    if (best < 0 || MARK_RANK[kind] > MARK_RANK[markKind(events[best])!]) best = i;
  }
  return best;
}

export function latestMark(events: readonly TraceEvent[], protocol: string, fencing: string): Mark | null {
  const i = latestMarkAt(events);
  if (i >= 0) {
    const e = events[i];
    const kind = markKind(e)!;
    const ctx = newNarrationContext(protocol, fencing);
    // Who leads at that moment, so a pause armed for a follower's write says it waits (the
    // history holds every leader-start and leader-end).
    for (let j = 0; j < i; j++) {
      const b = events[j];
      if (b.type === "leader-start") ctx.leaders.add(b.node);
      else if (b.type === "leader-end") ctx.leaders.delete(b.node);
    }
    const line = narrate(e, ctx);
    const write = e.type === "write" ? { node: e.node, token: e.token } : {};
    return {
      kind,
      t: e.t,
      text: line?.text ?? TITLES[kind],
      tone: kind === "repair" ? "good" : (line?.tone ?? "info"),
      title: TITLES[kind],
      event: e,
      ...write,
    };
  }
  return null;
}

/** Memoised per event list: the store hands out a new array only when events arrive. Every
 *  event that makes a mark is a historic one (engine/session/window.ts historic), so the
 *  page's historic events find it however long ago it was. */
let memo: { events: readonly TraceEvent[]; protocol: string; fencing: string; mark: Mark | null } | null =
  null;
export function markOf(s: {
  history: readonly TraceEvent[];
  frame: { protocol: string; resource: { mode: string } } | null;
}): Mark | null {
  const protocol = s.frame?.protocol ?? "raft";
  const fencing = s.frame?.resource.mode ?? "token";
  if (memo && memo.events === s.history && memo.protocol === protocol && memo.fencing === fencing)
    return memo.mark;
  const mark = latestMark(s.history, protocol, fencing);
  memo = { events: s.history, protocol, fencing, mark };
  return mark;
}

/** The window a sequence diagram opens on when the learner names none: from just before the
 *  last event that matters (or the last fault) up to 2 s after it, never past now; the last 3 s
 *  when nothing has happened yet. So it shows the crash or the refusal, not the heartbeats
 *  before it. */
export function defaultDiagramWindow(
  events: readonly TraceEvent[],
  now: number,
): { from: number; to: number; around: number | null } {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i];
    if (e.t > now) continue;
    if (markKind(e)) {
      const from = Math.max(0, e.t - 300);
      return { from, to: Math.max(Math.min(now, e.t + 2000), from + 1), around: e.t };
    }
  }
  return { from: Math.max(0, now - 3000), to: now, around: null };
}

/** When the overlap of two leaders that the event at `from` found came to an end: the first
 *  leader-end after it that leaves fewer than two leaders (leader-start and leader-end are
 *  historic, so the page's history holds them), or null while it goes on. So the picture and
 *  the metrics can say a hazard is over ("ended at 11.4 s") instead of keeping it up as a
 *  present danger. */
export function overlapEndAt(history: readonly TraceEvent[], from: number, now: number): number | null {
  let i = history.findIndex((e) => e.t >= from && e.type === "violation" && e.property === "overlap");
  if (i < 0) return null;
  let leaders = 2;
  for (i++; i < history.length; i++) {
    const e = history[i];
    if (e.t > now) break;
    if (e.type === "leader-start") leaders++;
    else if (e.type === "leader-end" && --leaders < 2) return e.t;
    else if (e.type === "violation" && e.property === "overlap") leaders = Math.max(leaders, 2);
  }
  return null;
}

/** The latest overlap's end (overlapEndAt), given the frame's count of nodes that believe they
 *  lead now: while two still believe, it has not ended whatever the events say. -1: it has
 *  ended (fewer than two believe) but no event in the history says when. null: none, or not over. */
export function latestOverlapEnd(s: {
  history: readonly TraceEvent[];
  frame: { t: number; monitors: { believers: number } } | null;
}): number | null {
  const f = s.frame;
  if (!f || f.monitors.believers >= 2) return null;
  for (let i = s.history.length - 1; i >= 0; i--) {
    const e = s.history[i];
    if (e.t > f.t || e.type !== "violation" || e.property !== "overlap") continue;
    return overlapEndAt(s.history, e.t, f.t) ?? -1;
  }
  return null;
}
