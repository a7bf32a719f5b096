import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { createSimulation } from "../../index.ts";
import { kubernetesScenario } from "../../testing/arbitraries.ts";
import { safetyProblems } from "../../testing/checks.ts";

describe("kubernetes properties over random fault schedules", () => {
  it("one holder per resourceVersion, leaseTransitions grow per new holder, fenced writes never go back", () => {
    let changes = 0;
    fc.assert(
      fc.property(kubernetesScenario(), (sc) => {
        const sim = createSimulation(sc, { trace: "roles" }).run();
        changes += sim.state.mon.leaderChanges;
        expect(safetyProblems(sim.trace, sc.fencing)).toEqual([]);
      }),
      { numRuns: 1500, seed: 20240603 },
    );
    expect(changes).toBeGreaterThan(300);
  });
});

describe("kubernetes: the monitors fire where the lessons say it breaks", () => {
  it("a leader paused beyond leaseDuration + the follower's poll: overlap and a rejected (or, unfenced, stale) write", () => {
    fc.assert(
      fc.property(
        fc.record({
          nodes: fc.integer({ min: 2, max: 5 }),
          seed: fc.integer(),
          at: fc.integer({ min: 5000, max: 10_000 }),
          extra: fc.integer({ min: 6000, max: 10_000 }),
        }),
        ({ nodes, seed, at, extra }) => {
          const sc = (fencing: string) => ({
            protocol: "kubernetes",
            nodes,
            seed,
            until: at + 15_000 + extra + 5000,
            fencing,
            work: { every: 500 },
            faults: [{ at, do: "pause", node: "leader", for: 15_000 + extra, during: "write" }],
          });
          const on = createSimulation(sc("token")).run().summary();
          expect(on.overlap).toBeGreaterThan(0);
          expect(on.writes.rejected).toBeGreaterThan(0);
          const off = createSimulation(sc("none")).run().summary();
          expect(off.writes.staleAccepted).toBeGreaterThan(0);
        },
      ),
      { numRuns: 100, seed: 11 },
    );
  });

  it("under client-go defaults with the API server cut off, never two believers", () => {
    fc.assert(
      fc.property(
        fc.record({
          nodes: fc.integer({ min: 2, max: 5 }),
          seed: fc.integer(),
          at: fc.integer({ min: 5000, max: 30_000 }),
          cut: fc.integer({ min: 1000, max: 40_000 }),
          drift: fc.integer({ min: -100, max: 100 }),
        }),
        ({ nodes, seed, at, cut, drift }) => {
          const clocks = Object.fromEntries(
            Array.from({ length: nodes }, (_, i) => [`n${i + 1}`, { drift: drift * (i % 2 ? 1 : -1) }]),
          );
          const s = createSimulation(
            {
              protocol: "kubernetes",
              nodes,
              seed,
              until: at + cut + 30_000,
              clocks,
              // client-go's default: ReleaseOnCancel off. With it on, a release blocked by the cut
              // keeps the old leader working up to renewDeadline longer (kubernetes.test.ts).
              options: { releaseOnCancel: false },
              faults: [{ at, do: "partition", groups: [["leader"], ["store"]], for: cut }],
            },
            { trace: "roles" },
          )
            .run()
            .summary();
          expect(s.maxConcurrentLeaders).toBe(1);
          expect(s.overlap).toBe(0);
        },
      ),
      { numRuns: 300, seed: 13 },
    );
  });
});
