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
