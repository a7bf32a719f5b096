// A schedule's scenario is built from the search's parsed base without parsing the base again
// (scenarioWithFaults): it must be exactly what the whole parse gives, for every preset and
// for the schedules the search draws, and refuse what the parse refuses with the same words.
import { describe, expect, it } from "vitest";
import { parseScenario, presets, ScenarioError } from "../index.ts";
import { scenarioWithFaults } from "../scenario/schema.ts";
import { prepare, scheduleAt } from "./prepare.ts";

const message = (fn: () => unknown): string => {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(ScenarioError);
    return (e as Error).message;
  }
  throw new Error("expected a ScenarioError");
};

describe("scenarioWithFaults", () => {
  it("equals the whole parse for every preset's scenario and the schedules drawn for it", () => {
    let checked = 0;
    for (const [name, preset] of Object.entries(presets)) {
      const p = prepare({ scenario: preset.scenario, property: "overlap" });
      for (const i of [0, 1, 7, 50]) {
        const faults = scheduleAt(p, i);
        const whole = parseScenario({ ...p.base, faults });
        expect(scenarioWithFaults(p.base, faults), `${name}, schedule ${i}`).toEqual(whole);
        checked += faults.length;
      }
      // The preset's own faults too (durations as text, named nodes, "leader").
      const raw = (preset.scenario as { faults?: unknown[] }).faults ?? [];
      expect(scenarioWithFaults(p.base, raw), name).toEqual(parseScenario({ ...p.base, faults: raw }));
    }
    expect(checked).toBeGreaterThan(0);
  });

  it("refuses what the parse refuses, with the same message", () => {
    const base = parseScenario({ protocol: "raft", nodes: 5, until: "30s" });
    for (const faults of [
      [{ at: "40s", do: "crash", node: "n1" }],
      [{ at: "1s", do: "crash", node: "n9" }],
      [{ at: "1s", do: "explode", node: "n1" }],
      [{ at: "1s", do: "crash", node: "store" }],
    ]) {
      expect(message(() => scenarioWithFaults(base, faults))).toBe(
        message(() => parseScenario({ ...base, faults })),
      );
    }
  });
});
