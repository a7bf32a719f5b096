import { describe, expect, it } from "vitest";
import { createSimulation, presets, type TraceEvent } from "../../engine/index.ts";
import { eventOfLine, narrateAll, newNarrationContext } from "../narration.ts";
import { latestLines } from "./LatestPanel.tsx";
import { withRepeatedWrites } from "./latest-writes.ts";

describe("Latest counts a leader's repeated writes", () => {
  // review 6b #7: at 2.6 s Latest still showed "0.41 s n2 wrote to the resource" while Last
  // writes listed 1.41 s and 2.41 s.
  it("shows the newest write's time and how many there were, with the newest write for its Why?", () => {
    const sc = structuredClone(presets["fencing-diagram"].scenario);
    const trace = (createSimulation(sc, { trace: "full" }).run() as unknown as { trace: TraceEvent[] }).trace;
    const events = trace.filter((e) => e.t <= 2_600);
    const narration = narrateAll(events, newNarrationContext("etcd", "token"));
    const writes = events.filter((e) => e.type === "write" && e.result === "accepted");
    expect(writes.length).toBe(3);
    const lines = withRepeatedWrites(narration, eventOfLine, events);
    const newest = latestLines(lines, null, 1)[0];
    expect(newest.t).toBe(writes[2].t);
    // The count is apart from the sentence (review 12a #2: "(2 times)" read as part of it).
    expect(newest.text).toBe("n2 wrote to the resource with token 2");
    expect(newest.times).toBe(3);
    expect(newest.event).toBe(writes[2]);
    // Nothing else changed: every other line is there, in time order.
    expect(lines.length).toBe(narration.length);
    expect(lines.map((l) => l.t)).toEqual([...lines.map((l) => l.t)].sort((a, b) => a - b));
  });
  it("leaves a single write's line as it was", () => {
    const w = { t: 410, type: "write", node: "n2", token: 2, result: "accepted", maxSeen: 2, sentAt: 400 };
    const line = { t: 410, text: "n2 wrote to the resource with token 2" };
    const out = withRepeatedWrites([line], () => w as TraceEvent, [w as TraceEvent]);
    expect(out).toEqual([{ ...line, event: w }]);
  });
});
