// Sweeping dead timers out of the queue changes no trace: the same scenario gives the same full
// trace with the sweep on every event and with it never run, across random schedules.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { createSimulation } from "../index.ts";
import { sweepDeadTimers } from "./engine.ts";
import { bindWorld } from "../wiring.ts";

describe("dead-timer sweep", () => {
  it("leaves every trace as it was, and pops fewer dead timers", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("raft", "bully", "ring", "etcd", "zab"),
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 3, max: 7 }),
        (protocol, seed, nodes) => {
          const sc = {
            protocol,
            nodes,
            seed,
            until: "20s",
            faults: [
              { at: "5s", do: "crash", node: "leader" },
              { at: "9s", do: "restart", node: "n1" },
            ],
          };
          const plain = createSimulation(sc, { trace: "full" });
          // Sweep before every step by hand (a sweep at any moment must be harmless).
          const swept = createSimulation(sc, { trace: "full" });
          const w = bindWorld(swept.state);
          for (;;) {
            sweepDeadTimers(w);
            if (swept.nextAt() >= swept.scenario.until) break;
            swept.step();
          }
          swept.runUntil(swept.scenario.until);
          plain.run();
          expect(JSON.stringify(swept.trace)).toBe(JSON.stringify(plain.trace));
          expect(swept.state.stats.events).toBe(plain.state.stats.events);
          expect(swept.state.stats.stale ?? 0).toBeLessThanOrEqual(plain.state.stats.stale ?? 0);
        },
      ),
      { numRuns: 25 },
    );
  });
});
