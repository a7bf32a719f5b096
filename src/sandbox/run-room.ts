// Room to see what an action does: an action in a run's last few seconds extends that run (not
// the preset: its length and fingerprint stay as they are) so the effect can play out (review
// 14b #6: Bully's 2 s "coordinator crashes" ended 0.07 s after the learner's heal).
import { formatSeconds } from "./format-seconds.ts";

/** How every notice of a longer run starts (an embed says it beside its clock instead). */
export const EXTENDED = "Run extended to";
export const isExtendedNotice = (text: string) => text.startsWith(EXTENDED);

/** An action with less than this left before the run's end extends it. */
export const ROOM_MS = 5_000;
/** ...to at least this long after the action, on a whole second. */
export const AFTER_MS = 10_000;

/** How much to extend the run on screen before an action now, and the words that say so; null
 *  when there is room already, nothing is showing, or the run has ended (the action is refused
 *  there, with the ways on). */
export function roomAfterAct(s: {
  frame: { t: number; until: number } | null;
  ended: boolean;
}): { by: number; until: number; notice: string } | null {
  const f = s.frame;
  if (!f || s.ended || f.t >= f.until || f.until - f.t >= ROOM_MS) return null;
  const until = Math.ceil((f.t + AFTER_MS) / 1000) * 1000;
  return {
    by: until - f.until,
    until,
    notice: `${EXTENDED} ${formatSeconds(until)} so you can see what follows.`,
  };
}
