import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { createSimulation } from "../../index.ts";
import { faultArb, network } from "../../testing/arbitraries.ts";
import { safetyProblems } from "../../testing/checks.ts";

const version = fc.record({
  binary: fc.constantFrom("1.31", "1.32", "1.33"),
  emulation: fc.constantFrom("1.30", "1.31", "1.32"),
});
const versions = (nodes: number) =>
  fc
    .array(version, { minLength: nodes, maxLength: nodes })
    .map((vs) => Object.fromEntries(vs.map((v, i) => [`n${i + 1}`, v])));
const key = (v: { binary: string; emulation: string }) => `${v.emulation}|${v.binary}`;

describe("kubernetes coordinated election properties", () => {
  it("under any fault schedule: one holder, resourceVersion tokens grow per new holder, fenced writes never go back", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }).chain((nodes) =>
          fc.record({
            protocol: fc.constant("kubernetes"),
            nodes: fc.constant(nodes),
            seed: fc.integer(),
            until: fc.constant(40_000),
            network,
            boot: fc.integer({ min: 0, max: 3000 }),
            options: fc.record({
              coordinated: fc.constant(true),
              releaseOnCancel: fc.boolean(),
              versions: versions(nodes),
            }),
            fencing: fc.constantFrom("token", "none", "sequencer"),
            work: fc.record({ every: fc.integer({ min: 0, max: 1000 }) }),
            faults: fc.array(faultArb("kubernetes", nodes, 40_000), { maxLength: 6 }),
          }),
        ),
        (sc) => {
          const sim = createSimulation(sc, { trace: "roles" }).run();
          expect(safetyProblems(sim.trace, sc.fencing)).toEqual([]);
        },
      ),
      { numRuns: 250, seed: 101 },
    );
  });

  it("once every component is up and quiet, the holder is the candidate with the oldest emulation, then binary, version", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 4 }).chain((nodes) =>
          fc.record({
            nodes: fc.constant(nodes),
            seed: fc.integer(),
            boot: fc.integer({ min: 0, max: 5000 }),
            versions: versions(nodes),
            faults: fc.array(
              fc
                .record({
                  at: fc.integer({ min: 0, max: 20_000 }),
                  do: fc.constantFrom("crash", "shutdown", "pause"),
                  node: fc.constantFrom(...Array.from({ length: nodes }, (_, i) => `n${i + 1}`), "leader"),
                  for: fc.constant(3000),
                })
                .map((f) => (f.do === "pause" ? f : { at: f.at, do: f.do, node: f.node })),
              { maxLength: 4 },
            ),
          }),
        ),
        ({ nodes, seed, boot, versions: vs, faults }) => {
          const back = Array.from({ length: nodes }, (_, i) => ({
            at: 25_000,
            do: "restart",
            node: `n${i + 1}`,
          }));
          const sim = createSimulation(
            {
              protocol: "kubernetes",
              nodes,
              seed,
              boot,
              until: 90_000,
              options: { coordinated: true, releaseOnCancel: false, versions: vs },
              faults: [...faults, ...back],
            },
            { trace: "roles" },
          ).run();
          const best = Object.values(vs).map(key).sort()[0];
          const holder = sim.state.store.holder as string;
          expect(key((vs as Record<string, { binary: string; emulation: string }>)[holder])).toBe(best);
          expect(sim.state.nodes.filter((n) => n.believes).map((n) => n.id)).toEqual([holder]);
        },
      ),
      { numRuns: 60, seed: 102 },
    );
  });
});
