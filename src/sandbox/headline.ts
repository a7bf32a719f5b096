// Which event heads "Latest" (the sandbox, lessons) and "What just happened" (/start) when several
// happen at one instant. A screen is about a write's fate or a safety event; the role and term
// changes that come with it are its context. On /start's screen 7 a paused leader woke, stepped
// down, adopted the new term and had its late write refused, all shown at 7.2 s: the line about
// the term came from the next frame (a frame's time, later than the write's own 7.214 s) and so
// was newest, and the refused write, the event the screen said to watch, was a grey second line
// (review 18a #5). Screen 9 showed it right only because its write fell in a later tenth.
import type { Tone } from "../engine/protocols/spec.ts";

/** How much a line's tone claims the headline: a stale write applied or a safety loss (bad),
 *  then a hazard or a write refused by fencing (the only "good" lines besides a store coming
 *  back), then everything else. */
export function toneRank(tone: Tone): number {
  if (tone === "bad") return 3;
  if (tone === "hazard" || tone === "good") return 2;
  return 0;
}

/** `lines` in time order (oldest first), where lines shown at one instant (`instant` gives the
 *  time as the page prints it) are ordered by `rank`, the highest last: the newest line is the
 *  headline, so the event a screen is about heads the instant it happened in. Stable. */
export function subjectLast<L extends { t: number }>(
  lines: readonly L[],
  instant: (t: number) => string,
  rank: (l: L) => number,
): L[] {
  const sorted = [...lines].sort((a, b) => a.t - b.t);
  const out: L[] = [];
  let i = 0;
  while (i < sorted.length) {
    const at = instant(sorted[i].t);
    let j = i + 1;
    while (j < sorted.length && instant(sorted[j].t) === at) j++;
    out.push(...sorted.slice(i, j).sort((a, b) => rank(a) - rank(b)));
    i = j;
  }
  return out;
}
