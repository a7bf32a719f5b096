// Two leaders that are over are told as over (issue 33 review 4b #3): at 16.4 s the headline still
// read "⚠ Two leaders at 10.5 s" and the metrics "At risk … yet", although n2 had stepped down at
// 11.4 s. The end comes from the history's leader-end events and the frame's believers now.
import { describe, expect, it } from "vitest";
import type { TraceEvent } from "../engine/index.ts";
import { latestOverlapEnd, overlapEndAt } from "./marks.ts";
import { SAFETY_ICON, safetyOf } from "./ui/NowMetrics.tsx";
import { pastTense } from "./ui/LatestPanel.tsx";

const start = (t: number, node: string, token: number): TraceEvent => ({
  t,
  type: "leader-start",
  node,
  token,
  term: token,
});
const end = (t: number, node: string, token: number): TraceEvent =>
  ({
    t,
    type: "leader-end",
    node,
    token,
    reason: "stepped down",
    cause: { kind: "role", to: "candidate" },
  }) as unknown as TraceEvent;
const overlap = (t: number): TraceEvent => ({
  t,
  type: "violation",
  property: "overlap",
  detail: "",
  severity: "hazard",
  leaders: [
    { node: "n2", token: 1 },
    { node: "n3", token: 2 },
  ],
});

const history = [start(1_000, "n2", 1), start(10_500, "n3", 2), overlap(10_500), end(11_400, "n2", 1)];

describe("overlapEndAt", () => {
  it("is the leader-end that leaves one leader", () => {
    expect(overlapEndAt(history, 10_500, 16_400)).toBe(11_400);
  });
  it("is null before that moment", () => {
    expect(overlapEndAt(history, 10_500, 11_000)).toBeNull();
  });
  it("waits out a third leader: two ends are needed to leave one", () => {
    const three = [
      ...history.slice(0, 3),
      start(10_800, "n1", 3),
      end(11_400, "n2", 1),
      end(12_000, "n1", 3),
    ];
    expect(overlapEndAt(three, 10_500, 16_400)).toBe(12_000);
  });
});

describe("latestOverlapEnd", () => {
  const frame = (t: number, believers: number) => ({ t, monitors: { believers } });
  it("is over once fewer than two believe they lead", () => {
    expect(latestOverlapEnd({ history, frame: frame(16_400, 1) })).toBe(11_400);
  });
  it("is not over while two still believe, whatever the events say", () => {
    expect(latestOverlapEnd({ history, frame: frame(16_400, 2) })).toBeNull();
  });
  it("is nothing without an overlap", () => {
    expect(latestOverlapEnd({ history: history.slice(0, 2), frame: frame(16_400, 1) })).toBeNull();
  });
});

describe("safetyOf an overlap that is over", () => {
  it("says it in the past tense, with when it ended, and drops the amber", () => {
    expect(safetyOf(890, 0, 2, "token", 11_400)).toEqual({
      tone: "past",
      label: "Two leaders, stale writes refused",
      text: "for 0.89 s, ended at 11.4 s; fencing on: 2 refused, none applied",
    });
  });
  it("is neutral once over: only 'one leader at a time so far' gets the green tick (review 5b #17)", () => {
    expect(SAFETY_ICON[safetyOf(890, 0, 2, "token", 11_400).tone]).not.toBe("✓");
    expect(SAFETY_ICON[safetyOf(0, 0, 0, "token").tone]).toBe("✓");
  });
  it("never says 'at risk … yet' once it is over", () => {
    const s = safetyOf(890, 0, 0, "token", 11_400);
    expect(s.tone).toBe("past");
    expect(s.label + s.text).not.toMatch(/risk|yet/i);
    expect(s.label).toBe("Two leaders, ended");
    expect(s.text).toBe("for 0.89 s, ended at 11.4 s; no stale write reached the resource");
  });
  it("a stale write accepted stays safety lost after the overlap", () => {
    expect(safetyOf(890, 1, 0, "off", 11_400).tone).toBe("violation");
  });
  it("the headline's line turns to the past tense", () => {
    expect(pastTense("n2 (token 1) and n3 (token 2) both believe they lead")).toBe(
      "n2 (token 1) and n3 (token 2) both believed they led",
    );
  });
});
