import { describe, expect, it } from "vitest";
import { faultButton, faultHint, type FaultState } from "./guided-fault.ts";

const playing: FaultState = {
  ready: true,
  ended: false,
  acted: false,
  until: 40_000,
  frozen: null,
  frozenNow: false,
  leader: "n2",
  started: true,
};

describe("the /start fault button", () => {
  it("offers to pause the leader by name while a leader runs", () => {
    expect(faultButton(playing)).toEqual({
      off: false,
      label: "GC pause the leader",
      detail: " (n2) for 4 s",
    });
    expect(faultHint(playing)).toBe("GC pause the leader any time before 40 s.");
  });

  it("does not invite a second pause once the learner has paused; its words follow the run", () => {
    // Paused n2, no leader yet: the others vote.
    const voting = { ...playing, acted: true, frozen: "n2", frozenNow: true, leader: null };
    expect(faultButton(voting)).toEqual({
      off: true,
      label: "n2 is paused",
      detail: ": watch the vote",
    });
    expect(faultHint(voting)).toMatch(/^n2 is paused for 4 s: watch the others elect/);
    // n3 now leads while n2 still sleeps: the vote is over, so the words say so and point at what
    // comes next (review 18a #6: "n2 is paused: watch the vote" stayed up after the election;
    // before that the old button read "Pause the leader (n3) for 4 s").
    const after = { ...voting, leader: "n3" };
    expect(faultButton(after)).toEqual({
      off: true,
      label: "n3 leads now",
      detail: ": watch n2's late write",
    });
    expect(faultHint(after)).toBe("n3 was elected while n2 is paused: watch n2's late write when it wakes.");
    // n2 woke and follows n3: the button no longer says it is paused (it read "Paused" here).
    expect(faultButton({ ...after, frozenNow: false })).toEqual({
      off: true,
      label: "n2 woke up",
      detail: ": watch its write",
    });
    // Its late write refused (the pause played out): the button takes a press again, naming the
    // leader the run has now, and the line under it says so (it stayed off to the run's end).
    const settled = { ...after, frozenNow: false, settled: true };
    expect(faultButton(settled)).toEqual({
      off: false,
      label: "GC pause the leader",
      detail: " (n3) for 4 s",
    });
    expect(faultHint(settled)).toBe("n2's late write was refused. Try again: GC pause the new leader, n3.");
    // At the end, Start again begins a new try; the button waits for it and says why, without
    // naming a leader the next try may not have.
    const ended = { ...after, frozenNow: false, ended: true };
    expect(faultButton(ended)).toEqual({
      off: true,
      label: "GC pause the leader",
      detail: ": run ended",
    });
    expect(faultButton({ ...playing, ended: true })).toMatchObject({
      off: true,
      label: "GC pause the leader",
    });
  });

  it("takes a press before the first leader once the run has started, and keeps it", () => {
    const electing = { ...playing, leader: null };
    expect(faultButton({ ...electing, started: false }).off).toBe(true);
    expect(faultHint({ ...electing, started: false })).toBe("Wait for a leader: press Play.");
    // before the run has loaded, the same line: it holds its place from the first paint
    expect(faultHint({ ...electing, ready: false, started: false })).toBe("Wait for a leader: press Play.");
    expect(faultButton(electing).off).toBe(false);
    expect(faultHint(electing)).toMatch(/^No leader yet/);
    expect(faultButton({ ...electing, pending: true }).off).toBe(true);
    expect(faultHint({ ...electing, pending: true })).toMatch(/pauses as soon as one is elected/);
  });

  it("never shares a word with the screen's other buttons, so a name picks one button", () => {
    // ("n2 is back" matched the screen's Back button: for voice control and tests alike)
    const states: FaultState[] = [
      playing,
      { ...playing, ready: false, leader: null, started: false },
      { ...playing, acted: true, frozen: "n2", frozenNow: true, leader: "n3" },
      { ...playing, acted: true, frozen: "n2", frozenNow: false, leader: "n3" },
      { ...playing, acted: true, frozen: "n2", frozenNow: false, leader: "n3", ended: true },
      { ...playing, ended: true },
    ];
    for (const st of states) {
      const { label, detail } = faultButton(st);
      expect(label + detail).not.toMatch(/\b(back|next|play|stop|start again)\b/i);
    }
  });
});
