import { describe, expect, it } from "vitest";
import { createSimulation, presets, type TraceEvent } from "../../engine/index.ts";
import { groupAlike, groupNote, writeOrigins } from "./write-origin.ts";
import { whenOf } from "../why.ts";

type Write = Extract<TraceEvent, { type: "write" }>;

describe("two refused writes at one instant are told apart", () => {
  // review 6b #9: the fencing run showed "n2 2 refused: 2 < 3" twice, "Writes refused 2", and
  // nothing said why there were two.
  it("names the write held over a mid-write pause and the one its timer queued during it", () => {
    const trace = (
      createSimulation(structuredClone(presets["fencing-diagram"].scenario), {
        trace: "full",
      }).run() as unknown as {
        trace: TraceEvent[];
      }
    ).trace;
    const refused = trace.filter((e): e is Write => e.type === "write" && e.result === "rejected");
    expect(refused.length).toBe(2);
    expect(refused[0].sentAt).toBe(refused[1].sentAt);
    const origins = writeOrigins(refused, trace);
    expect(refused.map((w) => origins.get(w))).toEqual([
      "held over its pause from 10.4 s",
      "next write, due during its pause",
    ]);
    // Beside the picture the two read the same ("25.4 s n2 2 refused: 2 < 3"): one row, ×2, and
    // a note that says what the two writes were, so the count of refused writes (2) agrees.
    // Newest first, as the table lists them.
    const groups = groupAlike([...refused].reverse(), whenOf);
    expect(groups.map((g) => g.length)).toEqual([2]);
    expect(groupNote(groups[0], origins)).toBe("Sent as n2 woke: its held write, then the next");
  });
  it("says nothing of a write sent on its own, not on waking", () => {
    const w = {
      t: 500,
      type: "write",
      node: "n1",
      token: 1,
      result: "rejected",
      maxSeen: 2,
      sentAt: 450,
    } as Write;
    expect(writeOrigins([w], []).size).toBe(0);
  });
});
