import { describe, expect, it } from "vitest";
import { clockTells } from "./cluster-nodes.ts";
import { clusterHeight, layoutCluster } from "./layout.ts";

describe("the cluster picture's nodes", () => {
  it("show a clock line only when the clock tells something: a fault on it, or off true time", () => {
    const calm = { driftPpm: 0, wallClockMs: 6_800, localClockMs: 6_800 };
    expect(clockTells(calm, 6_800)).toBe(false);
    expect(clockTells({ ...calm, localClockMs: 6_850, wallClockMs: 6_850 }, 6_800)).toBe(false);
    expect(clockTells({ ...calm, driftPpm: 100_000 }, 6_800)).toBe(true);
    expect(clockTells({ ...calm, wallClockMs: 9_800 }, 6_800)).toBe(true);
    expect(clockTells({ ...calm, localClockMs: 6_900, wallClockMs: 6_900 }, 6_800)).toBe(true);
  });

  it("are numbered left to right in each row (n2 before n3 under n1; n2 before n5, n3 before n4)", () => {
    for (const [w, store] of [
      [900, false],
      [900, true],
      [343, false],
      [343, true],
    ] as const) {
      const three = layoutCluster(3, w, clusterHeight(3, w, w < 560), store).nodes;
      expect(three[0].y).toBeLessThan(three[1].y);
      expect(three[1].x).toBeLessThan(three[2].x);
      const five = layoutCluster(5, w, clusterHeight(5, w, w < 560), store).nodes;
      expect(five[1].x).toBeLessThan(five[4].x);
      expect(five[2].x).toBeLessThan(five[3].x);
    }
    // A pair stays n1 left, n2 right.
    const pair = layoutCluster(2, 900, 400, false).nodes;
    expect(pair[0].x).toBeLessThan(pair[1].x);
  });
});
