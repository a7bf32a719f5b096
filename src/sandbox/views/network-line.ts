// The line that explains the network as it is at the moment on screen (review 15b #1: after a
// heal, the split's explanation stayed beside the picture in the present tense). The learner's
// acts on the network are remembered with the cuts each left and its moment; the line is worked
// out from the frame shown, so a heal, a timed heal, a rewind or a seek each change it, and
// scrubbing back into a split brings that split's words back. Pure.
import type { Frame } from "../../engine/index.ts";
import { explainCuts, type ExplainOpts } from "./cut-explain.ts";

/** One act on the network (a cut, a heal, an isolation, a split): its name, the cuts it left
 *  (as cutsKey writes them) and the simulated time of the frame that first showed it. */
export interface NetAct {
  what: string;
  cuts: string;
  at: number;
}

/** The cut directions of a frame as one string, the same for the same set in any order. */
export function cutsKey(cuts: Frame["cuts"]): string {
  return cuts
    .map(([a, b]) => `${a}>${b}`)
    .sort()
    .join(" ");
}

/** What explains the network in frame `f`: the newest act at or before its moment that left
 *  exactly these cuts names it; cuts no act of the learner's left (a planned fault, a shortcut)
 *  are named as cut now; with nothing cut, a line only after an act (its heal) and never before. */
export function networkLine(f: Frame, acts: readonly NetAct[], opts: ExplainOpts): string | null {
  const key = cutsKey(f.cuts);
  const past = acts.filter((a) => a.at <= f.t);
  if (!key) return past.length ? "Every link is whole now: every message gets through." : null;
  const act = past.reverse().find((a) => a.cuts === key);
  return `${act ? act.what : "Links cut now"}: ${explainCuts(f, f.cuts, opts)}`;
}
