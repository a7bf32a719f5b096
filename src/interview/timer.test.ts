import { describe, expect, it } from "vitest";
import {
  formatClock,
  milestone,
  nextPhase,
  pause,
  resume,
  settle,
  speakDuration,
  startClock,
  usedMs,
  view,
} from "./timer";

const D = [60_000, 120_000, 120_000, 60_000]; // 1, 2, 2, 1 minutes
const T0 = 1_000_000;

describe("interview clock", () => {
  it("counts down the current phase while running", () => {
    const c = startClock(T0);
    expect(view(c, D, T0)).toEqual({ phaseIndex: 0, remainingMs: 60_000, running: true, timeUp: false });
    expect(view(c, D, T0 + 45_500).remainingMs).toBe(14_500);
  });

  it("stands still while paused and resumes where it stopped", () => {
    let c = startClock(T0);
    c = pause(c, D, T0 + 20_000);
    expect(view(c, D, T0 + 500_000)).toMatchObject({ phaseIndex: 0, remainingMs: 40_000, running: false });
    c = resume(c, T0 + 500_000);
    expect(view(c, D, T0 + 510_000).remainingMs).toBe(30_000);
    expect(resume(c, T0 + 600_000)).toBe(c); // resuming a running clock changes nothing
  });

  it("hands over to the next phase when a time box runs out, carrying the overflow", () => {
    const c = startClock(T0);
    expect(view(c, D, T0 + 70_000)).toMatchObject({ phaseIndex: 1, remainingMs: 110_000 });
    expect(view(c, D, T0 + 60_000 + 120_000 + 5_000)).toMatchObject({ phaseIndex: 2, remainingMs: 115_000 });
  });

  it("stops at zero in the last phase and says time is up", () => {
    const c = startClock(T0);
    const end = T0 + D.reduce((a, b) => a + b, 0);
    expect(view(c, D, end - 1)).toMatchObject({ phaseIndex: 3, timeUp: false });
    expect(view(c, D, end + 3_600_000)).toEqual({
      phaseIndex: 3,
      remainingMs: 0,
      running: true,
      timeUp: true,
    });
    expect(usedMs(c, D, end + 3_600_000)).toBe(360_000);
  });

  it("lets the learner move on early with a full next time box", () => {
    let c = startClock(T0);
    c = nextPhase(c, D, T0 + 10_000);
    expect(view(c, D, T0 + 10_000)).toMatchObject({ phaseIndex: 1, remainingMs: 120_000 });
    expect(usedMs(c, D, T0 + 10_000)).toBe(10_000); // only the time really spent in the phase left early
    const paused = nextPhase(pause(c, D, T0 + 20_000), D, T0 + 30_000);
    expect(view(paused, D, T0 + 99_000)).toMatchObject({
      phaseIndex: 2,
      remainingMs: 120_000,
      running: false,
    });
    const last = nextPhase(nextPhase(paused, D, T0), D, T0);
    expect(last.phaseIndex).toBe(3);
  });

  it("counts time used without pauses, and reads clocks saved before doneMs existed", () => {
    let c = startClock(T0);
    c = pause(c, D, T0 + 30_000);
    c = resume(c, T0 + 90_000);
    expect(usedMs(c, D, T0 + 100_000)).toBe(40_000);
    expect(usedMs({ phaseIndex: 1, elapsedMs: 5_000, runningSince: null }, D, T0)).toBe(5_000);
  });

  it("settles into a plain snapshot that gives the same view", () => {
    const c = startClock(T0);
    const s = settle(c, D, T0 + 75_000);
    expect(s).toEqual({ phaseIndex: 1, elapsedMs: 15_000, runningSince: T0 + 75_000, doneMs: 60_000 });
    expect(view(s, D, T0 + 80_000)).toEqual(view(c, D, T0 + 80_000));
  });

  it("formats for the eye and for the ear", () => {
    expect(formatClock(61_000)).toBe("1:01");
    expect(formatClock(500)).toBe("0:01");
    expect(formatClock(0)).toBe("0:00");
    expect(speakDuration(125_000)).toBe("2 minutes 5 seconds");
    expect(speakDuration(60_000)).toBe("1 minute");
    expect(speakDuration(0)).toBe("0 seconds");
  });
});

describe("announcements", () => {
  const titles = ["Clarify", "Design", "Deep dive", "Failure modes"];
  const v = (phaseIndex: number, remainingMs: number, timeUp = false) => ({
    phaseIndex,
    remainingMs,
    running: true,
    timeUp,
  });
  it("announce a new phase, one minute left and time up, and nothing else", () => {
    expect(milestone(null, v(0, 60_000), titles)).toBe("Clarify phase, 1 minute on the clock.");
    expect(milestone(v(0, 1_000), v(1, 120_000), titles)).toBe("Design phase, 2 minutes on the clock.");
    expect(milestone(v(1, 61_000), v(1, 60_000), titles)).toBe("One minute left in the Design phase.");
    expect(milestone(v(3, 1_000), v(3, 0, true), titles)).toMatch(/Time is up/);
  });
  it("stay quiet on ordinary seconds, so a screen reader is not flooded", () => {
    const spoken = [];
    let before = v(1, 120_000);
    for (let ms = 119_000; ms >= 0; ms -= 1_000) {
      const after = v(1, ms);
      const said = milestone(before, after, titles);
      if (said) spoken.push(said);
      before = after;
    }
    expect(spoken).toEqual(["One minute left in the Design phase."]);
  });
});
