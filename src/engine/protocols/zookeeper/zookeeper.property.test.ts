import { describe, expect, it } from "vitest";
import type { StoreState } from "../../servers/state.ts";
import fc from "fast-check";
import { createSimulation } from "../../index.ts";
import { faultArb, network } from "../../testing/arbitraries.ts";
import { safetyProblems } from "../../testing/checks.ts";

const timing = fc.record({
  tickTime: fc.integer({ min: 100, max: 1000 }),
  sessionTimeout: fc.integer({ min: 100, max: 15_000 }),
});

describe("zookeeper recipe properties", () => {
  it("under any fault schedule: one holder (the smallest sequence), tokens grow per new holder, fenced writes never go back", () => {
    let changes = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }).chain((nodes) =>
          fc.record({
            protocol: fc.constant("zookeeper"),
            nodes: fc.constant(nodes),
            seed: fc.integer(),
            until: fc.constant(20_000),
            network,
            timing,
            boot: fc.integer({ min: 0, max: 2000 }),
            options: fc.record({ watch: fc.constantFrom("predecessor", "leader") }),
            fencing: fc.constantFrom("token", "none", "sequencer"),
            work: fc.record({ every: fc.integer({ min: 0, max: 1000 }) }),
            faults: fc.array(faultArb("zookeeper", nodes, 20_000), { maxLength: 8 }),
          }),
        ),
        (sc) => {
          const sim = createSimulation(sc, { trace: "roles" });
          sim.runUntil(sc.until, () => {
            // The holder the store reports is always the owner of the smallest live sequence.
            const zs = Object.values((sim.state.store as StoreState).zk!.znodes).sort(
              (a, b) => a.seq - b.seq,
            );
            return (zs[0]?.owner ?? null) !== (sim.state.store as StoreState).holder;
          });
          expect(sim.now).toBe(sc.until);
          changes += sim.state.mon.leaderChanges;
          expect(safetyProblems(sim.trace, sc.fencing)).toEqual([]);
        },
      ),
      { numRuns: 800, seed: 71 },
    );
    expect(changes).toBeGreaterThan(150);
  });

  it("without pauses or clock faults, the Disconnected rule (2T/3) beats the server's expiry (T): never two believers", () => {
    const calm = (f: unknown) =>
      ["crash", "restart", "isolate", "partition", "heal", "shutdown", "store-outage"].includes(
        (f as { do: string }).do,
      );
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 6 }).chain((nodes) =>
          fc.record({
            protocol: fc.constant("zookeeper"),
            nodes: fc.constant(nodes),
            seed: fc.integer(),
            until: fc.constant(30_000),
            network: fc.record({
              delay: fc.integer({ min: 0, max: 10 }),
              jitter: fc.integer({ min: 0, max: 10 }),
              loss: fc.constant(0),
            }),
            timing: fc.record({
              tickTime: fc.integer({ min: 200, max: 1000 }),
              sessionTimeout: fc.integer({ min: 1000, max: 10_000 }),
            }),
            faults: fc.array(faultArb("zookeeper", nodes, 30_000).filter(calm), { maxLength: 8 }),
          }),
        ),
        (sc) => {
          const s = createSimulation(sc, { trace: "roles" }).run().summary();
          expect(s.overlap).toBe(0);
        },
      ),
      { numRuns: 300, seed: 72 },
    );
  });

  it("a leader paused past its session timeout and a tick: the successor leads while it is frozen (overlap)", () => {
    fc.assert(
      fc.property(
        fc.record({
          nodes: fc.integer({ min: 2, max: 6 }),
          seed: fc.integer(),
          tick: fc.integer({ min: 200, max: 2000 }),
          ticks: fc.integer({ min: 2, max: 20 }),
          extra: fc.integer({ min: 500, max: 5000 }),
        }),
        ({ nodes, seed, tick, ticks, extra }) => {
          const T = tick * ticks;
          const s = createSimulation(
            {
              protocol: "zookeeper",
              nodes,
              seed,
              until: 5000 + T + 2 * tick + extra + 5000,
              timing: { tickTime: tick, sessionTimeout: T },
              faults: [{ at: 5000, do: "pause", node: "leader", for: T + 2 * tick + extra }],
            },
            { trace: "roles" },
          )
            .run()
            .summary();
          expect(s.maxConcurrentLeaders).toBe(2);
          expect(s.hazards.map((v) => v.property)).toContain("overlap");
        },
      ),
      { numRuns: 150, seed: 73 },
    );
  });
});
