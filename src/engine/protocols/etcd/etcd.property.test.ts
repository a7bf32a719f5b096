import { describe, expect, it } from "vitest";
import type { StoreState } from "../../servers/state.ts";
import fc from "fast-check";
import { createSimulation } from "../../index.ts";
import { etcdScenario } from "../../testing/arbitraries.ts";
import { safetyProblems } from "../../testing/checks.ts";

describe("etcd properties over random fault schedules", () => {
  it("one holder at the store, strictly increasing tokens, fenced writes never go back", () => {
    let changes = 0;
    fc.assert(
      fc.property(etcdScenario(), (sc) => {
        const sim = createSimulation(sc, { trace: "roles" });
        sim.runUntil(sc.until, () => {
          // Holder <= 1 at every step: the lowest create revision is unique.
          const revs = Object.values((sim.state.store as StoreState).kv).map((kv) => kv.createRev);
          return new Set(revs).size !== revs.length;
        });
        expect(sim.now).toBe(sc.until);
        changes += sim.state.mon.leaderChanges;
        expect(safetyProblems(sim.trace, sc.fencing)).toEqual([]);
      }),
      { numRuns: 1500, seed: 20240602 },
    );
    expect(changes).toBeGreaterThan(300);
  });
});

describe("etcd: the monitors fire where the lessons say it breaks", () => {
  it("a leader paused mid-write beyond its lease: overlap; fencing off lands the stale write, fencing on rejects it", () => {
    fc.assert(
      fc.property(
        fc.record({
          nodes: fc.integer({ min: 2, max: 5 }),
          seed: fc.integer(),
          ttl: fc.integer({ min: 2, max: 8 }).map((x) => x * 1000), // whole seconds, as etcd grants
          at: fc.integer({ min: 3000, max: 6000 }),
          extra: fc.integer({ min: 3000, max: 8000 }),
        }),
        ({ nodes, seed, ttl, at, extra }) => {
          const sc = (fencing: string) => ({
            protocol: "etcd",
            nodes,
            seed,
            until: at + ttl + extra + 3000,
            fencing,
            work: { every: 500 },
            timing: { ttl, renew: Math.floor(ttl / 3) },
            faults: [{ at, do: "pause", node: "leader", for: ttl + extra, during: "write" }],
          });
          const off = createSimulation(sc("none")).run().summary();
          expect(off.writes.staleAccepted).toBeGreaterThan(0);
          expect(off.hazards.map((v) => v.property)).toEqual(
            expect.arrayContaining(["overlap", "stale-write"]),
          );
          const on = createSimulation(sc("token")).run().summary();
          expect(on.writes.rejected).toBeGreaterThan(0);
          expect(on.writes.staleAccepted).toBe(0);
        },
      ),
      { numRuns: 150, seed: 7 },
    );
  });
});
