// The figures are computed the same way from a real and an engine trial; these pin down what
// each one means on hand-made trials.
import { describe, expect, it } from "vitest";
import { figuresOf, dist, outcomes } from "./figures.ts";
import type { Trial } from "./record.ts";

const trial = (over: Partial<Trial>): Trial => ({ scenario: "etcd-cut", side: "real", trial: 0, phase: 0, faults: [], leaders: [], end: 20_000, ...over });

describe("figuresOf", () => {
  it("a cut the old leader outlives: failover, higher token, and both believing for a while", () => {
    const f = figuresOf(trial({
      faults: [{ at: 5000, do: "cut", node: "n1", for: 5000 }],
      leaders: [{ node: "n1", token: 7, from: 300, to: 8400 }, { node: "n2", token: 8, from: 7800, to: null }],
    }));
    expect(f).toEqual({ failover: true, tokenUp: true, termDelta: null, oldStepsDown: true, overlap: true, wrote: null, refused: null, failoverMs: 2800, oldEndMs: 3400, overlapMs: 600 });
  });

  it("the writes: who the resource let write, in order, and whose stale writes it refused", () => {
    const f = figuresOf(trial({
      faults: [{ at: 5000, do: "cut", node: "n1", for: 5000 }],
      leaders: [{ node: "n1", token: 7, from: 300, to: 8400 }, { node: "n2", token: 8, from: 7800, to: null }],
      writes: [
        { t: 300, node: "n1", token: 7, result: "accepted" }, { t: 7800, node: "n2", token: 8, result: "accepted" },
        { t: 10_010, node: "n1", token: 7, result: "rejected" }, { t: 10_020, node: "n1", token: 7, result: "rejected" },
      ],
    }));
    expect(f).toMatchObject({ wrote: "old,new", refused: "old" });
    const quiet = figuresOf(trial({
      faults: [{ at: 5000, do: "pause", node: "n1", for: 1000 }],
      leaders: [{ node: "n1", token: 2, from: 300, to: null }],
      writes: [{ t: 300, node: "n1", token: 2, result: "accepted" }, { t: 6000, node: "n1", token: 2, result: "accepted" }],
    }));
    expect(quiet).toMatchObject({ wrote: "old", refused: "none" });
  });

  it("a crash: the old leader ends at the fault, so no overlap is measured", () => {
    const f = figuresOf(trial({
      scenario: "raft-crash",
      faults: [{ at: 3000, do: "crash", node: "n3" }],
      leaders: [{ node: "n3", token: 2, term: 2, from: 1500, to: 3000 }, { node: "n2", token: 4, term: 4, from: 5700, to: null }],
    }));
    expect(f).toMatchObject({ failover: true, termDelta: 2, overlap: null, oldEndMs: null, overlapMs: null, failoverMs: 2700 });
  });

  it("Zab's terms are epochs, the high 32 bits of the zxid", () => {
    const f = figuresOf(trial({
      scenario: "zab-crash",
      faults: [{ at: 3000, do: "crash", node: "n3" }],
      leaders: [{ node: "n3", token: 2 ** 32, from: 100, to: 3000 }, { node: "n2", token: 2 * 2 ** 32, from: 3400, to: null }],
    }));
    expect(f.termDelta).toBe(1);
  });

  it("a pause that does not outlive the lease: no failover, the leader keeps leading", () => {
    const f = figuresOf(trial({ faults: [{ at: 5000, do: "pause", node: "n1", for: 1000 }], leaders: [{ node: "n1", token: 2, from: 300, to: null }] }));
    expect(f).toMatchObject({ failover: false, tokenUp: null, oldStepsDown: false, overlap: null, failoverMs: null });
  });

  it("refuses a trial in which nobody led at the fault", () => {
    expect(() => figuresOf(trial({ faults: [{ at: 100, do: "crash", node: "n1" }], leaders: [{ node: "n1", token: 2, from: 300, to: null }] }))).toThrow(/nobody led/);
  });
});

describe("dist and outcomes", () => {
  it("min, median and max; the median of an even count is the mean of the middle two", () => {
    expect(dist([3, 1, 4, 2])).toEqual({ n: 4, min: 1, median: 2.5, max: 4 });
    expect(dist([])).toBeNull();
  });
  it("counts each discrete value", () => {
    const base = { failover: true, tokenUp: true, termDelta: 1, oldStepsDown: true, overlap: null, wrote: null, refused: null, failoverMs: 1, oldEndMs: null, overlapMs: null };
    expect(outcomes([base, { ...base, termDelta: 2 }, base], "termDelta")).toEqual({ 1: 2, 2: 1 });
  });
});
