// The caption above the picture is made from the run's planned faults, and the safety line from
// the monitors: both must say what the run does, in words that agree with its numbers.
import { describe, expect, it } from "vitest";
import { presets } from "../engine/index.ts";
import { plannedFaults, watchLine } from "./caption.ts";
import { checkScenario } from "./scenarios.ts";
import { safetyOf } from "./ui/NowMetrics.tsx";

const parsed = (name: string) => {
  const c = checkScenario(presets[name].scenario);
  if (!c.ok) throw new Error(c.message);
  return c.scenario;
};

describe("watchLine", () => {
  it("says when the planned fault happens and what it is", () => {
    expect(watchLine(parsed("billing-crash"))).toBe("Press Play: the leader crashes at 15.5 s.");
    expect(watchLine(parsed("raft-basic"))).toBe("Press Play: the leader crashes at 2 s.");
    expect(watchLine(parsed("k8s-apiserver-cut"))).toBe(
      "Press Play: the leader loses the API server for 40 s at 30 s.",
    );
  });

  it("says 'about' for a pause that waits for the leader's next write (it lands a little later)", () => {
    expect(watchLine(parsed("fencing-off"))).toBe(
      "Press Play: the leader pauses for 15 s in the middle of a write at about 10 s.",
    );
  });

  it("names the first two in time order and counts the rest; nothing when nothing is planned", () => {
    expect(watchLine(parsed("raft-partition"))).toBe(
      "Press Play: the leader and n1 are cut off from n3, n4 and n5 at 2 s; then the network heals at 6 s.",
    );
    expect(watchLine(parsed("raft-split-vote"))).toBeNull();
    expect(watchLine(null)).toBeNull();
  });
});

describe("safetyOf", () => {
  it("two leaders with every stale write refused is a hazard (amber) that fencing contained, not a violation", () => {
    expect(safetyOf(3990, 0, 2, "token")).toEqual({
      tone: "hazard",
      label: "Two leaders, stale writes refused",
      text: "for 3.99 s so far; fencing on: 2 refused, none applied",
    });
    // said in plain words: "held" read as a lock being held (review 17a #10)
    expect(safetyOf(3990, 0, 1, "token").label).toBe("Two leaders, stale write refused");
  });
  it("an older write applied after a newer one is safety lost (red), said as writes that got through", () => {
    expect(safetyOf(6640, 1, 0, "off")).toEqual({
      tone: "violation",
      label: "Two leaders, writes got through",
      text: "1 older write applied after a newer one; two leaders for 6.64 s",
    });
    expect(safetyOf(0, 2, 0, "off")).toMatchObject({ tone: "violation", label: "Stale writes got through" });
  });
  it("an old leader's write before the new leader wrote is a hazard (amber), never safety lost", () => {
    expect(safetyOf(900, 0, 0, "token", null, 1)).toEqual({
      tone: "hazard",
      label: "Two leaders, both acting",
      text: "for 0.9 s so far; 1 write from the old leader landed before the new one wrote, so nothing newer was overwritten",
    });
    expect(safetyOf(900, 0, 0, "token", 1800, 1).tone).toBe("past");
    expect(safetyOf(0, 0, 0, "off", null, 2)).toMatchObject({ tone: "past", label: "Old leader wrote" });
  });
  it("a very short overlap is never shown as 0 s", () => {
    expect(safetyOf(3, 0, 1, "token").text).toBe("for 3 ms so far; fencing on: 1 refused, none applied");
    expect(safetyOf(0.2, 0, 1, "token").text).toBe(
      "for under 1 ms so far; fencing on: 1 refused, none applied",
    );
  });
  it("with fencing off, an overlap with no stale write yet is a risk, never 'refused'", () => {
    // issue 33 review: the fencing lesson's first run said "Contained" with fencing off.
    const off = safetyOf(2630, 0, 0, "off");
    expect(off).toEqual({
      tone: "hazard",
      label: "Two leaders, no fencing",
      text: "for 2.63 s so far; nothing refuses a stale write here",
    });
    expect(off.label + off.text).not.toMatch(/contain|safe|held/i);
  });
  it("with fencing on, 'stale write refused' only once the token has refused one", () => {
    expect(safetyOf(2630, 0, 0, "token").label).toBe("Two leaders now");
    expect(safetyOf(2630, 0, 1, "token").label).toBe("Two leaders, stale write refused");
    for (const s of [safetyOf(2630, 0, 1, "token"), safetyOf(890, 0, 2, "token", 11_400)])
      expect(s.label + s.text).not.toMatch(/held/);
  });
  it("names the hazard one way, 'Two leaders', in every state (review 6b #5)", () => {
    const states = [
      safetyOf(2630, 0, 0, "token"),
      safetyOf(2630, 0, 1, "token"),
      safetyOf(2630, 0, 0, "off"),
      safetyOf(2630, 1, 0, "off"),
      safetyOf(890, 0, 2, "token", 11_400),
      safetyOf(890, 0, 0, "token", 11_400),
    ];
    for (const st of states) {
      expect(st.label).toMatch(/^Two leaders/);
      expect(st.label + st.text).not.toMatch(/split brain|at risk|contained|\bover\b/i);
    }
  });
  it("one leader at a time is neither", () => {
    expect(safetyOf(0, 0, 0, "token").tone).toBe("ok");
  });
});

describe("watchLine follows the clock and the learner's actions", () => {
  it("names only the planned faults still ahead of the clock", () => {
    const sc = parsed("raft-partition");
    expect(watchLine(sc, 3000)).toBe("Press Play: the network heals at 6 s.");
    expect(watchLine(sc, 10410)).toBeNull();
  });
  it("says nothing planned once the learner's action replaced the plan, and never counts it as planned", () => {
    const sc = parsed("billing-crash");
    const acted = {
      ...sc,
      faults: [...sc.faults.filter((f) => f.at < 4310), { do: "crash" as const, node: "leader", at: 4310 }],
    };
    expect(watchLine(acted, 4310, 4310)).toBeNull();
    expect(watchLine(acted, 12000, 4310)).toBeNull();
    expect(plannedFaults(acted.faults, 4310)).toHaveLength(0);
    expect(plannedFaults(acted.faults, null)).toHaveLength(1);
  });
  it("keeps the planned faults before the learner's first action", () => {
    const sc = parsed("raft-partition");
    expect(plannedFaults(sc.faults, 4000).map((f) => f.at)).toEqual([2000]);
    expect(watchLine(sc, 1000, 4000)).toBe(
      "Press Play: the leader and n1 are cut off from n3, n4 and n5 at 2 s.",
    );
  });
});
