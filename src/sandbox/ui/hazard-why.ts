// The Why? of "Two leaders" (review 6b #11: the hazard was the one line in Latest without one).
// An overlap is not a decision with a rule of its own: it begins when a node starts leading while
// another still believes it leads. Its Why? explains that election (whose chain runs back to the
// fault), after one sentence that names both believers and how long the older one had led.
import type { TraceEvent } from "../../engine/index.ts";
import { whenOf } from "../why.ts";

type LeaderStart = Extract<TraceEvent, { type: "leader-start" }>;

export interface HazardWhy {
  /** the election that made the second believer: its Why? is the hazard's */
  event: LeaderStart;
  intro: string;
}

const listOf = (xs: string[]) =>
  xs.length <= 2 ? xs.join(" and ") : `${xs.slice(0, -1).join(", ")} and ${xs[xs.length - 1]}`;

/** `history`: the run's historic events (leader starts among them), oldest first. */
export function overlapWhy(
  v: TraceEvent | undefined,
  history: readonly TraceEvent[],
  tokenWord: string,
): HazardWhy | null {
  if (!v || v.type !== "violation" || v.property !== "overlap" || !v.leaders || v.leaders.length < 2)
    return null;
  const leaders = v.leaders;
  const startOf = (node: string, token: number): LeaderStart | undefined => {
    for (let i = history.length - 1; i >= 0; i--) {
      const e = history[i];
      if (e.t > v.t) continue;
      if (e.type === "leader-start" && e.node === node && e.token === token) return e;
    }
    return undefined;
  };
  const starts = leaders.map((l) => ({ ...l, start: startOf(l.node, l.token) }));
  const newest = starts.reduce<(typeof starts)[number] | null>(
    (best, s) => (s.start && (!best?.start || s.start.t >= best.start.t) ? s : best),
    null,
  );
  if (!newest?.start) return null;
  const older = starts.filter((s) => s !== newest);
  const named = listOf(leaders.map((l) => `${l.node} (${tokenWord} ${l.token})`));
  const since = older
    .map((s) => (s.start ? `${s.node} had led since ${whenOf(s.start.t)}` : `${s.node} had led before`))
    .join("; ");
  const both = leaders.length === 2 ? "both" : "all";
  const learned =
    older.length === 1
      ? "had not yet learned it had lost its place, so it still believed it led"
      : "none had yet learned it had lost its place, so each still believed it led";
  return {
    event: newest.start,
    intro:
      `${named} ${both} believed they led. ${newest.node} became leader at ${whenOf(newest.start.t)}, ` +
      `for the reasons below; ${since} and ${learned}.`,
  };
}
