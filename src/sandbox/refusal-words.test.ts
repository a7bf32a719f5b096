import { describe, expect, it } from "vitest";
import { refusalWords } from "./refusal-words.ts";
import { roomAfterAct } from "./run-room.ts";
import { actedRunLine } from "./acted-run-line.ts";
import { parseScenario, presets } from "../engine/index.ts";

describe("a refused action in words (review 14b #12)", () => {
  it("an act at the run's end: one colon, the time bar's seconds, and the ways on", () => {
    const w = refusalWords("at: the run has ended at 8000 ms; extend it or rewind before acting");
    expect(w).toBe("Can't act at 8.00 s: the run has ended. Rewind, or keep it running for 30 s more.");
  });
  it("another field is named in words, milliseconds become seconds, never a doubled colon", () => {
    const w = refusalWords("faults[0].for: must be at least 1500 ms");
    expect(w).toBe("That action was refused because of its for: must be at least 1.50 s.");
    expect(w).not.toMatch(/: \w+: /);
  });
});

describe("room to see what an action does (review 14b #6)", () => {
  it("an act in the last 5 s extends the run to 10 s after it, on a whole second, and says so", () => {
    const r = roomAfterAct({ frame: { t: 860, until: 2000 }, ended: false });
    expect(r).toEqual({
      by: 9000,
      until: 11000,
      notice: "Run extended to 11 s so you can see what follows.",
    });
  });
  it("no extension with room left, at the end, or with nothing showing", () => {
    expect(roomAfterAct({ frame: { t: 1000, until: 8000 }, ended: false })).toBeNull();
    expect(roomAfterAct({ frame: { t: 8000, until: 8000 }, ended: true })).toBeNull();
    expect(roomAfterAct({ frame: null, ended: false })).toBeNull();
  });
});

describe("the run's line after the learner's action replaced the plan (review 14b #7)", () => {
  const parsed = parseScenario(presets["bully-basic"].scenario);
  it("names the replaced fault and the moment the learner took over", () => {
    const line = actedRunLine("bully-basic", parsed, 860);
    expect(line).toMatch(
      /^Your run: the same 5 nodes, with your own actions from 0.86 s in place of the planned fault \(the leader crashes at 1 s\)\.$/,
    );
  });
  it("keeps the example's own line before any action, or when the action came after the plan", () => {
    expect(actedRunLine("bully-basic", parsed, null)).toBeNull();
    expect(actedRunLine("bully-basic", parsed, parsed.until)).toBeNull();
  });
});
