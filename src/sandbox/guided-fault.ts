// The words around the one fault a /start screen hands the learner (pause the leader): the
// button's label and the line under it, from the run's state. Pure, so a unit test can read them.
import { formatSeconds } from "./format-seconds.ts";

/** How long the learner's pause lasts: longer than the 2 s the slowest election timer can
 *  draw (start-* presets), so a follower always takes over before the leader wakes. */
export const PAUSE_MS = 4000;

export interface FaultState {
  ready: boolean;
  ended: boolean;
  /** the learner has paused the leader in this playing of the run */
  acted: boolean;
  /** the run's end, ms */
  until: number;
  /** the node the learner paused, and whether it is still paused */
  frozen: string | null;
  frozenNow: boolean;
  leader: string | null;
  /** the run has been played or stepped */
  started: boolean;
  /** the learner pressed Pause before a leader was elected: it pauses the first one */
  pending?: boolean;
  /** the pause has played out: the paused node woke and its late write was refused (or had
   *  time to be), so the learner may pause the leader again (review 15a #4) */
  settled?: boolean;
}

/** The line under the button. The screen stays meaningful if the learner does nothing: while
 *  the run plays it says by when to act; a run that ended says what happened (or did not). */
export function faultHint(s: FaultState): string {
  const untilS = formatSeconds(s.until);
  // Before the run can play (its chunk or worker still loading) it already says what to do
  // first, so the line is there from the first paint and nothing under it moves when the run is.
  if (!s.ready) return s.started ? "" : "Wait for a leader: press Play.";
  if (s.ended)
    return s.acted
      ? "The run has ended. Press Start again to give the leader a GC pause at another moment."
      : // One line at 1280 (the screen's Back and Next keep their place): short.
        `No GC pause by ${untilS}, so the leader led throughout. Press Start again to try.`;
  // Once another leads, the vote is over: what is left to watch is the paused node's late write.
  if (s.frozen && s.frozenNow && s.leader && s.leader !== s.frozen)
    return `${s.leader} was elected while ${s.frozen} is paused: watch ${s.frozen}'s late write when it wakes.`;
  if (s.frozen && s.frozenNow)
    return `${s.frozen} is paused for ${PAUSE_MS / 1000} s: watch the others elect a new leader, then the late write when ${s.frozen} wakes.`;
  // Played out: another go, at the leader the run has now (named, as the button names it).
  if (s.frozen && s.settled && s.leader)
    return `${s.frozen}'s late write was refused. Try again: GC pause the new leader, ${s.leader}.`;
  if (s.frozen && !s.settled) return `${s.frozen} woke up: look for its refused write in the list.`;
  if (s.pending) return "Pressed: the leader pauses as soon as one is elected.";
  if (!s.leader)
    return s.started ? "No leader yet: one is elected in about a second." : "Wait for a leader: press Play.";
  return s.started ? `GC pause the leader any time before ${untilS}.` : "";
}

/** Whether the button is off, and what it says. Its words start with "GC", never "Pause": the
 *  clock's own button beside it reads "Pause" while the run plays, and two buttons starting with
 *  one word were pressed for each other (review 14a #2); "GC pause" is the screen's own name for
 *  the fault (its sentence says what garbage collection (GC) does). The label fits beside Play on
 *  a phone, where only the label shows: the leader's name is in the detail. Once the learner has paused
 *  the leader, the run plays its consequence out: a second pause mid-run would blur the refused write it leads to,
 *  so the button is off while the node is paused and until its late write has been refused, and its words
 *  follow the run, so they are never stale: who is paused and what to watch, then who woke up and what
 *  to watch. Then it takes a press again, naming the new leader (it stayed off to the run's end, so a
 *  learner could try only once a run; review 15a #4). On a phone only the label shows (guided-run.css):
 *  it carries the state. */
export function faultButton(s: FaultState): { off: boolean; label: string; detail: string } {
  if (s.ended) return { off: true, label: "GC pause the leader", detail: ": run ended" };
  // The vote is watched only until it has a winner (review 18a #6: "n3 is paused: watch the
  // vote" stayed up after n2 had been elected).
  if (s.acted && s.frozen && s.frozenNow && s.leader && s.leader !== s.frozen)
    return { off: true, label: `${s.leader} leads now`, detail: `: watch ${s.frozen}'s late write` };
  if (s.acted && s.frozen && s.frozenNow)
    return { off: true, label: `${s.frozen} is paused`, detail: ": watch the vote" };
  if (s.acted && s.frozen && !s.settled)
    return { off: true, label: `${s.frozen} woke up`, detail: ": watch its write" };
  return {
    // Once the run has started the button takes a press even before a leader is elected (it
    // pauses the first one): a press refused there was retried and scrolled the page (10a #3).
    off: !s.ready || (!s.leader && !s.started) || Boolean(s.pending),
    label: "GC pause the leader",
    detail: `${s.leader ? ` (${s.leader})` : ""} for ${PAUSE_MS / 1000} s`,
  };
}
