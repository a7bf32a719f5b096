import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { createSimulation } from "../../index.ts";
import { faultArb, network } from "../../testing/arbitraries.ts";
import { safetyProblems } from "../../testing/checks.ts";

const timing = fc.integer({ min: 1000, max: 8000 }).chain((ttl) =>
  fc.record({
    ttl: fc.constant(ttl),
    renew: fc.integer({ min: 100, max: ttl - 1 }),
    poll: fc.integer({ min: 100, max: 3000 }),
  }),
);

describe("database row lease properties", () => {
  it("under any fault schedule: one row, epoch +1 per new holder, fenced writes never go back", () => {
    let changes = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }).chain((nodes) =>
          fc.record({
            protocol: fc.constant("database"),
            nodes: fc.constant(nodes),
            seed: fc.integer(),
            until: fc.constant(20_000),
            network,
            timing,
            boot: fc.integer({ min: 0, max: 2000 }),
            options: fc.record({ margin: fc.integer({ min: 0, max: 900 }), checkBeforeWrite: fc.boolean() }),
            fencing: fc.constantFrom("token", "none", "sequencer"),
            work: fc.record({ every: fc.integer({ min: 0, max: 1000 }) }),
            faults: fc.array(faultArb("database", nodes, 20_000), { maxLength: 8 }),
          }),
        ),
        (sc) => {
          const sim = createSimulation(sc, { trace: "roles" }).run();
          changes += sim.state.mon.leaderChanges;
          expect(safetyProblems(sim.trace, sc.fencing)).toEqual([]);
          const holders = sim.trace
            .filter((e) => e.type === "holder" && e.holder !== null)
            .map((e) => (e as { token: number }).token);
          expect(holders).toEqual(holders.map((_, i) => holders[0] + i)); // exactly one more per takeover
        },
      ),
      { numRuns: 1000, seed: 81 },
    );
    expect(changes).toBeGreaterThan(200);
  });

  it("without pauses or clock faults, the holder stops (send + ttl on its clock) before the row expires (receipt + ttl): never two believers", () => {
    const calm = (f: unknown) =>
      ["crash", "restart", "isolate", "partition", "heal", "shutdown", "store-outage", "network"].includes(
        (f as { do: string }).do,
      );
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 5 }).chain((nodes) =>
          fc.record({
            protocol: fc.constant("database"),
            nodes: fc.constant(nodes),
            seed: fc.integer(),
            until: fc.constant(30_000),
            network,
            timing,
            faults: fc.array(faultArb("database", nodes, 30_000).filter(calm), { maxLength: 8 }),
          }),
        ),
        (sc) => {
          expect(createSimulation(sc, { trace: "roles" }).run().summary().overlap).toBe(0);
        },
      ),
      { numRuns: 300, seed: 82 },
    );
  });

  it("a holder paused beyond the ttl and a poll: another takes the row while it is frozen (overlap); its late write changes 0 rows", () => {
    fc.assert(
      fc.property(
        fc.record({
          nodes: fc.integer({ min: 2, max: 5 }),
          seed: fc.integer(),
          ttl: fc.integer({ min: 2000, max: 8000 }),
          extra: fc.integer({ min: 5000, max: 9000 }),
        }),
        ({ nodes, seed, ttl, extra }) => {
          const s = createSimulation({
            protocol: "database",
            nodes,
            seed,
            until: 5000 + ttl + extra + 5000,
            timing: { ttl, renew: Math.floor(ttl / 3), poll: 1000 },
            work: { every: 500 },
            faults: [{ at: 5000, do: "pause", node: "leader", for: ttl + extra, during: "write" }],
          }).run();
          const sum = s.summary();
          expect(sum.hazards.map((v) => v.property)).toContain("overlap");
          expect(sum.writes.rejected).toBeGreaterThan(0);
          expect(s.trace.some((e) => e.type === "write" && e.result === "rejected" && e.rows === 0)).toBe(
            true,
          );
        },
      ),
      { numRuns: 100, seed: 83 },
    );
  });
});
