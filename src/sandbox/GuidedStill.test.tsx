import { describe, expect, it } from "vitest";
import { createSimulation, presetNames } from "../engine/index.ts";
import { presetScenario } from "./scenarios.ts";
import { storeLabel } from "./labels.ts";
import { STILLS } from "./GuidedStill.tsx";
import { parseDuration } from "../engine/index.ts";

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
      // Each node's timer arc as the live picture draws it at 0 s (views/cluster-nodes.ts): the
      // time to its deadline over the longest timeout; a run with no election timer, no arcs.
      const et = (scenario.timing as { electionTimeout?: [string, string] } | undefined)?.electionTimeout;
      const timers = f.nodes.map((n) => {
        const d = (n.view as { electionDeadline?: unknown }).electionDeadline;
        return typeof d === "number" && et ? (d - n.localClockMs) / (parseDuration(et[1]) ?? NaN) : null;
      });
      if (timers.every((x) => x === null)) expect(still.timers).toBeUndefined();
      else {
        expect(still.timers?.length).toBe(f.nodes.length);
        timers.forEach((x, i) => expect(Math.abs((x ?? 0) - still.timers![i])).toBeLessThan(0.001));
      }
    });
});
