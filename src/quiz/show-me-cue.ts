// The line "Show me in the sandbox" opens with: what to press, what happens next and what to
// watch for, from the question's own run. The run opens paused just before the moment the
// question asks about, so a learner who only looks at it sees nothing happen.
import type { Fault } from "../engine/index.ts";
import { describeFault } from "../engine/search/describe.ts";

const secs = (ms: number) => `${Number((ms / 1000).toFixed(2))} s`;

/** What Play will show from `at`: the next planned fault and when it comes, or the one still
 *  under way ("from 9 s, the leader pauses for 2.5 s at 10 s"). */
export function playCue(faults: readonly Fault[], at: number): string {
  const sorted = [...faults].sort((a, b) => a.at - b.at);
  const next = sorted.find((f) => f.at >= at);
  if (next) {
    const gap = next.at - at;
    const what = describeFault(next);
    // Said by the run's own clock, not "in 1 s": the line stays on screen while the run plays,
    // and "in 1 s" still read so after the pause had come and gone (review 9a #6).
    return gap >= 100 ? `Press Play: from ${secs(at)}, ${what}.` : `Press Play: ${what}.`;
  }
  const ongoing = sorted.filter((f) => f.for !== undefined && f.at + f.for > at).at(-1);
  if (ongoing)
    return `Press Play: ${describeFault(ongoing)}, and it is still under way until ${secs(ongoing.at + (ongoing.for ?? 0))}.`;
  return "Press Play and watch the run from here.";
}

/** The question a prediction asks, without its setup: the prompt's last sentence that asks. */
export function askedQuestion(prompt: string): string {
  const asks = prompt.split(/(?<=[.!?])\s+/).filter((s) => s.trim().endsWith("?"));
  return (asks.at(-1) ?? prompt).trim();
}

/** The fault the question's moment is: the next planned one from `at`, or the one under way. */
export function cueMoment(faults: readonly Fault[], at: number): Fault | null {
  const sorted = [...faults].sort((a, b) => a.at - b.at);
  return (
    sorted.find((f) => f.at >= at) ??
    sorted.filter((f) => f.for !== undefined && f.at + f.for > at).at(-1) ??
    null
  );
}

/** A narrated line of the run, as the sandbox's Latest shows it. */
export interface RunLine {
  t: number;
  text: string;
  tone: string;
}

/** What came of the moment, from the run's own lines since it: a stale write accepted first,
 *  then a write refused, then a new leader, then two leaders at once; the earliest of the kind. */
export function outcomeOf(lines: readonly RunLine[], from: number): string | null {
  for (const tone of ["bad", "good", "leader", "hazard"]) {
    const l = lines.find((x) => x.t >= from && x.tone === tone);
    if (l) return l.text;
  }
  return null;
}

/** Where the run stands: its clock, whether it plays, when the learner first acted, its lines. */
export interface RunNow {
  now: number;
  playing: boolean;
  actedAt: number | null;
  lines: readonly RunLine[];
}

/** The cue as the run goes on (review 9a #6: "Press Play: in 1 s…" still showed at 12.7 s, after
 *  the pause): before the moment, what Play will show; during it, that it is under way; after
 *  it, what came of it, from the run's lines. A learner who acted before the moment is told that
 *  the run's own plan gave way to theirs. */
export function followCue(faults: readonly Fault[], at: number, run: RunNow): string {
  const moment = cueMoment(faults, at);
  if (!moment) return run.playing ? "Watch the run from here." : playCue(faults, run.now);
  const what = describeFault(moment);
  const end = moment.at + (moment.for ?? 0);
  if (run.actedAt !== null && run.actedAt <= moment.at)
    return `You acted at ${secs(run.actedAt)}, before the moment (${what}), so the run now follows your actions instead of its plan. Reopen it from your question to see the moment itself.`;
  if (run.now < moment.at) return run.playing ? `Coming up: ${what}.` : playCue(faults, run.now);
  if (run.now < end)
    return `Now: ${what}, under way until ${secs(end)}.${run.playing ? "" : " Press Play to go on."}`;
  const outcome = outcomeOf(run.lines, moment.at);
  return outcome
    ? `Done: ${what}. What came of it: ${outcome}. More in Latest.`
    : `Done: ${what}.${run.playing ? " Watch Latest for what follows." : " Press Play to see what follows."}`;
}
