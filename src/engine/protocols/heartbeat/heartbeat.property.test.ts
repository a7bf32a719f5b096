import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { createSimulation } from "../../index.ts";
import { faultArb, network } from "../../testing/arbitraries.ts";
import { safetyProblems } from "../../testing/checks.ts";

const timing = fc.integer({ min: 50, max: 1000 }).chain((hb) =>
  fc.record({
    heartbeat: fc.constant(hb),
    timeout: fc.integer({ min: hb + 1, max: hb * 6 }),
    fence: fc.integer({ min: 1, max: 2000 }),
  }),
);

describe("heartbeat pair properties", () => {
  it("under any fault schedule: tokens never repeat across nodes, epochs never go back, fenced writes never go back", () => {
    fc.assert(
      fc.property(
        fc.record({
          protocol: fc.constant("heartbeat"),
          nodes: fc.constant(2),
          seed: fc.integer(),
          until: fc.constant(20_000),
          network,
          timing,
          options: fc.record({
            stonith: fc.constantFrom("fire", "confirm", "off"),
            primary: fc.constantFrom("n1", "n2"),
          }),
          fencing: fc.constantFrom("token", "none"),
          work: fc.record({ every: fc.integer({ min: 0, max: 1000 }) }),
          faults: fc.array(faultArb("heartbeat", 2, 20_000), { maxLength: 8 }),
        }),
        (sc) => {
          const sim = createSimulation(sc, { trace: "roles" }).run();
          expect(safetyProblems(sim.trace, sc.fencing)).toEqual([]);
        },
      ),
      { numRuns: 800, seed: 91 },
    );
  });

  it("a partition that outlasts the deadtime: both down when both reach the fence device, both active when neither does", () => {
    fc.assert(
      fc.property(
        fc.record({
          seed: fc.integer(),
          t: timing,
          at: fc.integer({ min: 2000, max: 5000 }),
          stonith: fc.constantFrom("fire", "confirm"),
        }),
        ({ seed, t, at, stonith }) => {
          const run = (groups: string[][]) =>
            createSimulation(
              {
                protocol: "heartbeat",
                seed,
                until: at + t.timeout + t.fence + 2000,
                timing: t,
                options: { stonith },
                faults: [{ at, do: "partition", groups }],
              },
              { trace: "roles" },
            ).run();
          const down = run([["n1"], ["n2"]]);
          expect(down.state.nodes.map((n) => n.status)).toEqual(["crashed", "crashed"]);
          const split = run([["n1"], ["n2"], ["store"]]);
          if (stonith === "fire") expect(split.state.nodes.filter((n) => n.believes)).toHaveLength(2);
          else expect(split.state.nodes.filter((n) => n.believes)).toHaveLength(1); // confirm: the standby waits for ever
        },
      ),
      { numRuns: 200, seed: 92 },
    );
  });
});
