import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { createSimulation } from "../../index.ts";
import { faultArb, network } from "../../testing/arbitraries.ts";
import { safetyProblems } from "../../testing/checks.ts";

const ids = (n: number) => Array.from({ length: n }, (_, i) => `n${i + 1}`);

describe("bully properties", () => {
  it("under any fault schedule: tokens never repeat across nodes, epochs never go back, fenced writes never go back", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9 }).chain((nodes) =>
          fc.record({
            protocol: fc.constant("bully"),
            nodes: fc.constant(nodes),
            seed: fc.integer(),
            until: fc.constant(3000),
            network,
            timing: fc
              .record({ answer: fc.integer({ min: 5, max: 60 }), ping: fc.integer({ min: 20, max: 300 }) })
              .map((t) => ({ ...t, coordinator: t.answer * 3 })),
            fencing: fc.constantFrom("token", "none"),
            work: fc.record({ every: fc.integer({ min: 0, max: 300 }) }),
            faults: fc.array(faultArb("bully", nodes, 3000), { maxLength: 8 }),
          }),
        ),
        (sc) => {
          const sim = createSimulation(sc, { trace: "roles" }).run();
          expect(safetyProblems(sim.trace, sc.fencing)).toEqual([]);
        },
      ),
      { numRuns: 400, seed: 41 },
    );
  });

  it("with only crashes and restarts and timeouts above the real delay: once quiet, the highest live id coordinates and everyone agrees", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 9 }).chain((nodes) =>
          fc.record({
            nodes: fc.constant(nodes),
            seed: fc.integer(),
            delay: fc.integer({ min: 0, max: 8 }),
            jitter: fc.integer({ min: 0, max: 4 }),
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
          // Tanswer = 2·Ttrans + Tproc with Ttrans the real maximum delay: the synchrony bully assumes.
          const answer = 2 * (delay + jitter) + 2;
          const sim = createSimulation({
            protocol: "bully",
            nodes,
            seed,
            until: 2500,
            network: { delay, jitter, loss: 0 },
            timing: { answer, coordinator: 3 * answer + 10, ping: 100 },
            faults,
          }).run();
          const live = sim.state.nodes.filter((n) => n.status === "up");
          if (live.length === 0) return;
          const max = live[live.length - 1];
          expect(live.filter((n) => n.believes).map((n) => n.id)).toEqual([max.id]);
          for (const n of live) expect(n.p.coordinator).toBe(max.idx);
        },
      ),
      { numRuns: 300, seed: 42 },
    );
  });

  it("a partition that cuts the coordinator off: each side has a coordinator, and the overlap monitor fires", () => {
    fc.assert(
      fc.property(
        fc.record({
          nodes: fc.integer({ min: 3, max: 9 }),
          seed: fc.integer(),
          at: fc.integer({ min: 300, max: 1000 }),
          cut: fc.integer({ min: 1, max: 8 }),
        }),
        ({ nodes, seed, at, cut }) => {
          const k = Math.min(cut, nodes - 1); // the coordinator's side: the k highest ids
          const all = ids(nodes);
          const s = createSimulation(
            {
              protocol: "bully",
              nodes,
              seed,
              until: at + 1000,
              faults: [{ at, do: "partition", groups: [all.slice(0, nodes - k), all.slice(nodes - k)] }],
            },
            { trace: "roles" },
          )
            .run()
            .summary();
          expect(s.maxConcurrentLeaders).toBe(2);
          expect(s.hazards.map((v) => v.property)).toContain("overlap");
          expect(s.leaders.at(-1)!.node).toBe(`n${nodes - k}`); // the minority side's highest id
        },
      ),
      { numRuns: 150, seed: 43 },
    );
  });
});
