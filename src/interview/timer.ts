// The interview clock, as pure functions of (clock, phase durations, now). Nothing here reads the
// real time, so tests drive it with fake time. A phase whose time box runs out hands over to the
// next one, carrying the overflow, as an interviewer would move on; the last phase stops at zero.
export type Clock = {
  phaseIndex: number;
  /** Active time spent in the current phase, up to `runningSince`. */
  elapsedMs: number;
  /** Epoch ms when the clock last started running; null while paused. */
  runningSince: number | null;
  /** Active time spent in the phases already finished (absent in clocks saved before it existed). */
  doneMs?: number;
};

export type ClockView = {
  phaseIndex: number;
  remainingMs: number;
  running: boolean;
  /** The last phase's time box is spent. */
  timeUp: boolean;
};

export const minutesToMs = (minutes: number) => Math.round(minutes * 60_000);

export function startClock(now: number): Clock {
  return { phaseIndex: 0, elapsedMs: 0, runningSince: now, doneMs: 0 };
}

function rawElapsed(clock: Clock, now: number): number {
  return clock.elapsedMs + (clock.runningSince === null ? 0 : Math.max(0, now - clock.runningSince));
}

/** Folds the running time into the clock, moving on through every phase whose box has run out. */
export function settle(clock: Clock, durations: readonly number[], now: number): Clock {
  const last = durations.length - 1;
  let phaseIndex = Math.min(clock.phaseIndex, last);
  let elapsed = rawElapsed(clock, now);
  let doneMs = clock.doneMs ?? 0;
  while (phaseIndex < last && elapsed >= durations[phaseIndex]) {
    elapsed -= durations[phaseIndex];
    doneMs += durations[phaseIndex];
    phaseIndex++;
  }
  if (phaseIndex === last) elapsed = Math.min(elapsed, durations[last]);
  return { phaseIndex, elapsedMs: elapsed, runningSince: clock.runningSince === null ? null : now, doneMs };
}

export function pause(clock: Clock, durations: readonly number[], now: number): Clock {
  return { ...settle(clock, durations, now), runningSince: null };
}

export function resume(clock: Clock, now: number): Clock {
  return clock.runningSince === null ? { ...clock, runningSince: now } : clock;
}

/** The learner moves on early: the next phase starts with its whole time box. */
export function nextPhase(clock: Clock, durations: readonly number[], now: number): Clock {
  const settled = settle(clock, durations, now);
  if (settled.phaseIndex >= durations.length - 1) return settled;
  return {
    phaseIndex: settled.phaseIndex + 1,
    elapsedMs: 0,
    runningSince: settled.runningSince === null ? null : now,
    doneMs: (settled.doneMs ?? 0) + settled.elapsedMs,
  };
}

export function view(clock: Clock, durations: readonly number[], now: number): ClockView {
  const s = settle(clock, durations, now);
  const remainingMs = Math.max(0, durations[s.phaseIndex] - s.elapsedMs);
  return {
    phaseIndex: s.phaseIndex,
    remainingMs,
    running: s.runningSince !== null,
    timeUp: s.phaseIndex === durations.length - 1 && remainingMs === 0,
  };
}

/** Active time used so far, in ms (pauses excluded; a phase left early counts only the time spent in it). */
export function usedMs(clock: Clock, durations: readonly number[], now: number): number {
  const s = settle(clock, durations, now);
  return (s.doneMs ?? 0) + s.elapsedMs;
}

/** m:ss, rounding up so the display reads 0:00 only when time is really up. */
export function formatClock(ms: number): string {
  const total = Math.ceil(Math.max(0, ms) / 1000);
  const m = Math.floor(total / 60);
  const s = total % 60;
  return `${m}:${String(s).padStart(2, "0")}`;
}

/** Spoken form for screen readers: "3 minutes 5 seconds". */
export function speakDuration(ms: number): string {
  const total = Math.ceil(Math.max(0, ms) / 1000);
  const m = Math.floor(total / 60);
  const s = total % 60;
  const parts: string[] = [];
  if (m) parts.push(`${m} minute${m === 1 ? "" : "s"}`);
  if (s || !m) parts.push(`${s} second${s === 1 ? "" : "s"}`);
  return parts.join(" ");
}

/**
 * What to announce politely when the clock moves from `before` to `after`: a new phase, one minute
 * left, and time up. Never once a second: everything else returns null.
 */
export function milestone(
  before: ClockView | null,
  after: ClockView,
  phaseTitles: readonly string[],
): string | null {
  const title = phaseTitles[after.phaseIndex] ?? `Phase ${after.phaseIndex + 1}`;
  if (!before || before.phaseIndex !== after.phaseIndex)
    return `${title} phase, ${speakDuration(after.remainingMs)} on the clock.`;
  if (after.timeUp && !before.timeUp) return "Time is up. Finish your answer and submit it when ready.";
  if (before.remainingMs > 60_000 && after.remainingMs <= 60_000 && after.remainingMs > 0)
    return `One minute left in the ${title} phase.`;
  return null;
}
