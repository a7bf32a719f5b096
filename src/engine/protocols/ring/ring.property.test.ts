import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { createSimulation } from "../../index.ts";
import { faultArb, network } from "../../testing/arbitraries.ts";
import { safetyProblems } from "../../testing/checks.ts";

const ids = (n: number) => Array.from({ length: n }, (_, i) => `n${i + 1}`);

describe("ring properties", () => {
  it("under any fault schedule: tokens never repeat across nodes, epochs never go back, fenced writes never go back", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9 }).chain((nodes) =>
          fc.record({
            protocol: fc.constant("ring"),
            nodes: fc.constant(nodes),
            seed: fc.integer(),
            until: fc.constant(3000),
            network,
            timing: fc.record({
              answer: fc.integer({ min: 5, max: 60 }),
              ping: fc.integer({ min: 20, max: 300 }),
              round: fc.integer({ min: 100, max: 800 }),
            }),
            fencing: fc.constantFrom("token", "none"),
            work: fc.record({ every: fc.integer({ min: 0, max: 300 }) }),
            faults: fc.array(faultArb("ring", nodes, 3000), { maxLength: 8 }),
          }),
        ),
        (sc) => {
          const sim = createSimulation(sc, { trace: "roles" }).run();
          expect(safetyProblems(sim.trace, sc.fencing)).toEqual([]);
        },
      ),
      { numRuns: 300, seed: 51 },
    );
  });

  it("with only crashes and restarts: once quiet, the highest live id leads and everyone agrees", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 9 }).chain((nodes) =>
          fc.record({
            nodes: fc.constant(nodes),
            seed: fc.integer(),
            delay: fc.integer({ min: 0, max: 5 }),
            jitter: fc.integer({ min: 0, max: 3 }),
            faults: fc.array(
              fc.record({
                at: fc.integer({ min: 0, max: 1500 }),
                do: fc.constantFrom("crash", "restart"),
                node: fc.constantFrom(...ids(nodes), "leader"),
              }),
              { maxLength: 6 },
            ),
          }),
        ),
        ({ nodes, seed, delay, jitter, faults }) => {
          const sim = createSimulation({
            protocol: "ring",
            nodes,
            seed,
            until: 3500,
            network: { delay, jitter, loss: 0 },
            timing: { answer: 2 * (delay + jitter) + 2, ping: 100, round: 400 },
            faults,
          }).run();
          const live = sim.state.nodes.filter((n) => n.status === "up");
          if (live.length === 0) return;
          const max = live[live.length - 1];
          expect(live.filter((n) => n.believes).map((n) => n.id)).toEqual([max.id]);
          for (const n of live) expect(n.p.leader).toBe(max.idx);
        },
      ),
      { numRuns: 250, seed: 52 },
    );
  });

  it("a partition that cuts the leader off: each side has a leader, and the overlap monitor fires", () => {
    fc.assert(
      fc.property(
        fc.record({
          nodes: fc.integer({ min: 3, max: 9 }),
          seed: fc.integer(),
          at: fc.integer({ min: 300, max: 1000 }),
          cut: fc.integer({ min: 1, max: 8 }),
        }),
        ({ nodes, seed, at, cut }) => {
          const k = Math.min(cut, nodes - 1);
          const all = ids(nodes);
          const s = createSimulation(
            {
              protocol: "ring",
              nodes,
              seed,
              until: at + 1500,
              faults: [{ at, do: "partition", groups: [all.slice(0, nodes - k), all.slice(nodes - k)] }],
            },
            { trace: "roles" },
          )
            .run()
            .summary();
          expect(s.maxConcurrentLeaders).toBe(2);
          expect(s.hazards.map((v) => v.property)).toContain("overlap");
          expect(s.leaders.at(-1)!.node).toBe(`n${nodes - k}`);
        },
      ),
      { numRuns: 150, seed: 53 },
    );
  });
});
