import { describe, expect, it } from "vitest";
import { presets, presetNames } from "./presets.ts";
import { parseScenario } from "./schema.ts";
import { SPECS } from "../protocols/registry.ts";

describe("presets", () => {
  // The names are the registry's (each protocol's presets.ts); content that names a preset is
  // checked against them by scripts/content-check.ts.
  it("has unique names, each preset valid", () => {
    expect(presetNames.length).toBeGreaterThan(0);
    expect(new Set(presetNames).size, "a preset name used twice").toBe(presetNames.length);
    expect(Object.keys(presets).sort()).toEqual([...presetNames].sort());
    for (const name of presetNames) {
      const p = presets[name];
      expect(p.name).toBe(name);
      expect(p.title.length).toBeGreaterThan(5);
      expect(p.description).not.toContain("\n");
      expect(() => parseScenario(p.scenario)).not.toThrow();
    }
    // The sandbox's example list shows titles, not names: two runs of one title could not be
    // told apart there (review 18b #3: Raft's and etcd's paused-leader runs shared one).
    const titles = presetNames.map((n) => presets[n].title);
    const twice = titles.filter((t, k) => titles.indexOf(t) !== k);
    expect(twice, "a preset title used twice").toEqual([]);
  });
  it("lives in the folder of the protocol it runs, grouped in the registry's order", () => {
    for (const [name, spec] of Object.entries(SPECS))
      for (const p of spec.presets) expect(p.scenario.protocol, p.name).toBe(name);
    const order = presetNames.map((n) => Object.keys(SPECS).indexOf(presets[n].scenario.protocol as string));
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });
});
