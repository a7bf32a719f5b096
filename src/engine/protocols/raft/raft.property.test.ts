import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { createSimulation } from "../../index.ts";
import { raftScenario } from "../../testing/arbitraries.ts";
import { safetyProblems } from "../../testing/checks.ts";

describe("raft properties over random fault schedules", () => {
  it("at most one leader per term, one vote per node per term, terms never go back", () => {
    let leaders = 0;
    fc.assert(
      fc.property(raftScenario(), (sc) => {
        const sim = createSimulation(sc).run();
        const problems = safetyProblems(sim.trace, sc.fencing);
        leaders += sim.trace.filter((e) => e.type === "leader-start").length;
        // Every node's term only grows, also across crash and restart.
        const last = new Map<string, number>();
        for (const e of sim.trace) {
          if (e.type !== "role") continue;
          if (e.term < (last.get(e.node) ?? 0)) problems.push(`${e.node} term went back to ${e.term}`);
          last.set(e.node, e.term);
        }
        expect(problems).toEqual([]);
      }),
      { numRuns: 1500, seed: 20240601 },
    );
    expect(leaders).toBeGreaterThan(1500); // the schedules really did elect leaders
  });
});
