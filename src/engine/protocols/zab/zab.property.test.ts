import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { createSimulation } from "../../index.ts";
import { faultArb, network } from "../../testing/arbitraries.ts";
import { safetyProblems } from "../../testing/checks.ts";

// The servers' own work in discovery and sync (the snapshot, the epoch writes, the server's
// start) is scaled to the tick: at the 50 ms ticks drawn here, the defaults measured on a real
// JVM (about 250 ms in all) would outlast initLimit, as they would on a real ensemble.
const timing = fc
  .record({
    tickTime: fc.integer({ min: 50, max: 400 }),
    initLimit: fc.integer({ min: 2, max: 10 }),
    syncLimit: fc.integer({ min: 2, max: 5 }),
    finalizeWait: fc.integer({ min: 20, max: 200 }),
  })
  .map((t) => ({
    ...t,
    maxNotificationInterval: 2000,
    snapshotWrite: Math.round(t.tickTime / 8),
    epochWrite: Math.round(t.tickTime / 50),
    serverStartup: Math.round(t.tickTime / 25),
  }));
const histories = (n: number) =>
  fc.option(
    fc.array(fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 20 })), {
      minLength: n,
      maxLength: n,
    }),
    { nil: null },
  );

describe("zab properties", () => {
  it("under any fault schedule: at most one established leader per epoch, epochs never go back, fenced writes never go back", () => {
    let leaders = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 7 }).chain((nodes) =>
          fc.record({
            protocol: fc.constant("zab"),
            nodes: fc.constant(nodes),
            seed: fc.integer(),
            until: fc.constant(8000),
            network,
            timing,
            options: fc.record({ histories: histories(nodes), appendWrites: fc.boolean() }),
            fencing: fc.constantFrom("token", "none"),
            work: fc.record({ every: fc.integer({ min: 0, max: 400 }) }),
            faults: fc.array(faultArb("zab", nodes, 8000), { maxLength: 8 }),
          }),
        ),
        (sc) => {
          const sim = createSimulation(sc, { trace: "roles" }).run();
          leaders += sim.trace.filter((e) => e.type === "leader-start").length;
          expect(safetyProblems(sim.trace, sc.fencing)).toEqual([]);
        },
      ),
      { numRuns: 1500, seed: 61 },
    );
    expect(leaders).toBeGreaterThan(1500);
  });

  it("after the faults stop and every server is back, a leader is established and it holds the best (epoch, zxid) among the quorum", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 7 }).chain((nodes) =>
          fc.record({
            nodes: fc.constant(nodes),
            seed: fc.integer(),
            timing,
            hist: histories(nodes),
            faults: fc.array(
              faultArb("zab", nodes, 3000).filter(
                (f) => !["network", "slow", "clock"].includes((f as { do: string }).do),
              ),
              { maxLength: 6 },
            ),
          }),
        ),
        ({ nodes, seed, timing: t, hist, faults }) => {
          const back = Array.from({ length: nodes }, (_, i) => ({
            at: 3001,
            do: "restart",
            node: `n${i + 1}`,
          }));
          const sim = createSimulation(
            {
              protocol: "zab",
              nodes,
              seed,
              until: 30_000,
              timing: t,
              options: { histories: hist },
              faults: [...faults, { at: 3000, do: "heal" }, ...back],
            },
            { trace: "roles" },
          ).run();
          const leaders = sim.state.nodes.filter((n) => n.believes);
          expect(leaders).toHaveLength(1);
          const L = leaders[0].p;
          for (const n of sim.state.nodes) {
            expect(n.p.d.currentEpoch).toBeLessThanOrEqual(L.d.currentEpoch);
            if (n.p.state === "FOLLOWING" && n.p.established) expect(n.p.leader).toBe(leaders[0].idx);
          }
        },
      ),
      { numRuns: 300, seed: 62 },
    );
  });

  it("a leader frozen past syncLimit: the others establish a new epoch while it still believes (overlap), never the same epoch, and its late writes are fenced", () => {
    fc.assert(
      fc.property(
        fc.record({
          nodes: fc.integer({ min: 3, max: 7 }),
          seed: fc.integer(),
          t: timing,
          extra: fc.integer({ min: 1000, max: 4000 }),
        }),
        ({ nodes, seed, t, extra }) => {
          const freeze = t.syncLimit * t.tickTime + t.initLimit * t.tickTime + extra;
          const s = createSimulation({
            protocol: "zab",
            nodes,
            seed,
            until: 3000 + freeze + 3000,
            timing: t,
            work: { every: 100 },
            faults: [{ at: 3000, do: "pause", node: "leader", for: freeze, during: "write" }],
          })
            .run()
            .summary();
          expect(s.hazards.map((v) => v.property)).toContain("overlap");
          expect(s.violations.map((v) => v.property)).not.toContain("one-leader-per-term");
          expect(s.writes.rejected).toBeGreaterThan(0);
        },
      ),
      { numRuns: 150, seed: 63 },
    );
  });
});
