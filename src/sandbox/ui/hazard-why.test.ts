import { describe, expect, it } from "vitest";
import { createSimulation, explainable, presets, type TraceEvent } from "../../engine/index.ts";
import { overlapWhy } from "./hazard-why.ts";

const traceOf = (name: string) =>
  (
    createSimulation(structuredClone(presets[name].scenario), { trace: "full" }).run() as unknown as {
      trace: TraceEvent[];
    }
  ).trace;

describe("the Why? of two leaders at once", () => {
  // review 6b #11: "Two leaders" was the one entry in Latest without a Why? (the overlap is no
  // rule's decision, so it had nothing to explain).
  it("explains the election that made the second believer, after naming both and since when", () => {
    const trace = traceOf("fencing-diagram");
    const v = trace.find((e) => e.type === "violation" && e.property === "overlap");
    expect(v && explainable(v)).toBe(false);
    const why = overlapWhy(v, trace, "token");
    expect(why).not.toBeNull();
    expect(why!.event).toMatchObject({ type: "leader-start", node: "n3", token: 3 });
    expect(explainable(why!.event)).toBe(true);
    expect(why!.intro).toBe(
      "n2 (token 2) and n3 (token 3) both believed they led. n3 became leader at 17.5 s, for the " +
        "reasons below; n2 had led since 0.41 s and had not yet learned it had lost its place, so it " +
        "still believed it led.",
    );
  });
  it("leaves every other event to its own Why?", () => {
    const trace = traceOf("fencing-diagram");
    const write = trace.find((e) => e.type === "write");
    expect(overlapWhy(write, trace, "token")).toBeNull();
    expect(overlapWhy(undefined, trace, "token")).toBeNull();
  });
});
