import { describe, expect, it } from "vitest";
import { createSimulation, presetNames } from "../engine/index.ts";
import { presetScenario } from "./scenarios.ts";
import { storeLabel } from "./labels.ts";
import { STILLS } from "./GuidedStill.tsx";

describe("/start's still pictures draw what each run's first frame shows", () => {
  it("knows every start-* run", () => {
    expect(Object.keys(STILLS).sort()).toEqual(presetNames.filter((n) => n.startsWith("start-")).sort());
  });

  for (const [name, still] of Object.entries(STILLS))
    it(`${name}: its nodes (followers in term 0), its store's name and whether it shows the resource`, () => {
      const scenario = presetScenario(name)!;
      const f = createSimulation(structuredClone(scenario)).frame();
      expect(f.nodes.length).toBe(still.nodes);
      expect(f.nodes.every((n) => n.role === "follower")).toBe(true);
      expect(still.store ?? null).toBe(f.store ? storeLabel(f.store.kind) : null);
      // GuidedRun leaves the resource out of a run whose leader writes nothing.
      const writes = ((scenario.work as { every?: unknown } | undefined)?.every ?? 1) !== 0;
      expect(still.resource).toBe(writes);
    });
});
