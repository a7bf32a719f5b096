// The words of the notices the controller shows about the run itself (a replaced plan, a crash).
import { formatSeconds } from "./format-seconds.ts";

/** Short, and shown beside the picture (never above it): the caption said when the plan was. */
export function replacedPlanNotice(at: number, dropped: number): string {
  return `Your action at ${formatSeconds(at)} replaced ${dropped > 1 ? `the ${dropped} planned faults` : "the planned fault"}: from now on only your actions happen.`;
}

/** The worker crashed near `t`: restarted from the scenario, or given up on after repeated failures. */
export function crashNotice(why: string, t: number, restarted: boolean): string {
  return restarted
    ? `Sorry: ${why}. It was restarted from your scenario at ${formatSeconds(t)}; nothing you did is lost.`
    : `The simulation keeps failing near ${formatSeconds(t)} (${why}). Rewind to an earlier moment or start a new run, then choose Restart the simulation.`;
}
