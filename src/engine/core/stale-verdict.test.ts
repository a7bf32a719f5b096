// Red only for lost safety (review 14b #2): a stale write is safety lost only when the resource
// applies it after a higher token (Kleppmann, "How to do distributed locking", 2016: the resource
// rejects a token lower than the highest it has seen); a deposed leader's write that lands before
// the newer leader has written anything overwrote nothing newer: a hazard (two leaders acting).
// Both exact traces: a fixed seed and schedule each.
import { describe, expect, it } from "vitest";
import { createSimulation, presets, runScenario, writeVerdict, type TraceEvent } from "../index.ts";

const writes = (trace: TraceEvent[]) =>
  trace.filter((e): e is Extract<TraceEvent, { type: "write" }> => e.type === "write");

/** bully-basic (seed 1) with the reviewer's split at 0.86 s: n1 n2 | n3 n4 n5 and the resource. */
const bullySplit = () => {
  const sc = structuredClone(presets["bully-basic"].scenario) as { faults: unknown[] };
  sc.faults = [
    {
      at: 860,
      do: "partition",
      groups: [
        ["n1", "n2"],
        ["n3", "n4", "n5", "resource"],
      ],
    },
    ...sc.faults,
  ];
  return sc;
};

describe("a stale write: hazard or lost safety", () => {
  it("bully split at 0.86 s: n5's write at 1.00 s landed before n2 (token 202) wrote: a hazard, not a violation", () => {
    const { trace, summary } = runScenario(bullySplit());
    expect(
      writes(trace).map((w) => [w.node, w.token, w.result, w.maxSeen, Math.round(w.t), writeVerdict(w)]),
    ).toEqual([
      ["n5", 105, "accepted", 105, 2, "ok"],
      ["n5", 105, "stale-accepted", 105, 1003, "early"],
    ]);
    const starts = trace.filter((e) => e.type === "leader-start").map((e) => [e.node, e.token]);
    expect(starts).toEqual([
      ["n5", 105],
      ["n2", 202],
      ["n1", 301],
    ]);
    expect(summary.violations).toEqual([]);
    expect(summary.hazards.map((h) => h.property)).toContain("stale-write");
    // The frame the sandbox draws says the same: one stale write, none applied out of order.
    const sim = createSimulation(bullySplit());
    sim.runUntil(1100);
    expect(sim.frame().resource).toMatchObject({ staleAccepted: 1, outOfOrder: 0 });
    expect(sim.frame().resource.lastWrites.at(-1)).not.toHaveProperty("outOfOrder");
  });

  it("fencing-off: the paused leader's late write lands after its successor's: red, the fencing-monotonic violation", () => {
    const { trace, summary } = runScenario(presets["fencing-off"].scenario);
    const lost = writes(trace).filter((w) => writeVerdict(w) === "lost");
    expect(lost.length).toBeGreaterThan(0);
    const first = lost[0];
    // Every write applied below the highest seen is one violation, at the same moment.
    expect(summary.violations.filter((v) => v.property === "fencing-monotonic").map((v) => v.at)).toEqual(
      lost.map((w) => w.t),
    );
    // The successor had written a higher token before the old leader's write landed.
    expect(writes(trace).some((w) => w.t < first.t && w.node !== first.node && w.token > first.token)).toBe(
      true,
    );
    const sim = createSimulation(presets["fencing-off"].scenario);
    sim.runUntil(first.t + 1);
    expect(sim.frame().resource.outOfOrder).toBe(lost.filter((w) => w.t < first.t + 1).length);
    expect(sim.frame().resource.lastWrites.at(-1)).toMatchObject({ node: first.node, outOfOrder: true });
  });

  it("every preset: a write is 'lost' exactly when the monitors record fencing-monotonic", () => {
    for (const [name, p] of Object.entries(presets)) {
      const { trace, summary } = runScenario(p.scenario);
      const lost = writes(trace).filter((w) => writeVerdict(w) === "lost").length;
      expect(lost, name).toBe(summary.violations.filter((v) => v.property === "fencing-monotonic").length);
    }
  });
});
