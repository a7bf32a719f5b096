import { describe, expect, it } from "vitest";
import { createSimulation, presets, HAS_STORE } from "./index.ts";

const ROLES = new Set(["follower", "candidate", "leader", "paused", "crashed"]);

describe("frames of every preset draw generically", () => {
  it.each(Object.keys(presets))("%s", (name) => {
    const sim = createSimulation(presets[name].scenario);
    for (const at of [0.5, 0.3 * sim.scenario.until, 0.7 * sim.scenario.until, sim.scenario.until]) {
      sim.runUntil(at);
      const f = sim.frame();
      expect(JSON.parse(JSON.stringify(f))).toEqual(f);
      for (const n of f.nodes) {
        expect(ROLES.has(n.role)).toBe(true);
        expect(typeof n.detail).toBe("string");
        expect(n.believesLeader).toBe(n.role === "leader" || (n.role === "paused" && n.token !== null));
      }
      const hasStore = HAS_STORE.includes(f.protocol as never);
      expect(f.store === null).toBe(!hasStore);
      if (f.store) expect(typeof f.store.kind).toBe("string");
      if (!hasStore || f.protocol === "heartbeat") for (const n of f.nodes) expect(n.lease).toBeNull();
    }
  });
});
