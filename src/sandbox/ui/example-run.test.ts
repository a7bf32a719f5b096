// The "Example run" select names the run on screen (review 15b #5: the default run showed
// "Billing job: the leader crashes").
import { describe, expect, it } from "vitest";
import { presets } from "../../engine/index.ts";
import { DEFAULT_SCENARIO, presetScenario } from "../scenarios.ts";
import { loadedExample } from "./example-run.ts";

describe("loadedExample", () => {
  it("the default run is none of the examples: the select shows its neutral choice", () => {
    expect(loadedExample({ kind: "default" }, structuredClone(DEFAULT_SCENARIO))).toBe("");
  });
  it("an example opened by name is named, acted on or not", () => {
    const name = Object.keys(presets)[3];
    expect(loadedExample({ kind: "preset", name }, presetScenario(name)!)).toBe(name);
    expect(loadedExample({ kind: "preset", name }, { ...presetScenario(name)!, faults: [] })).toBe(name);
  });
  it("a share link of an untouched example is that example; a changed one is none", () => {
    const name = Object.keys(presets)[5];
    expect(loadedExample({ kind: "link" }, presetScenario(name)!)).toBe(name);
    expect(loadedExample({ kind: "link" }, { ...presetScenario(name)!, seed: 987654 })).toBe("");
  });
});
