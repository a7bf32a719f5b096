import { describe, expect, it } from "vitest";
import { leaderLine } from "./label-leaders.ts";

describe("leaderLine: a label placed away from its node is joined to it", () => {
  const c = { x: 100, y: 100 };
  it("no line for a label right beside its node", () => {
    expect(leaderLine(c, 10, { x0: 115, y0: 95, x1: 160, y1: 105 }, 14)).toBeNull();
  });
  it("a label further off gets a line from just outside the node's edge to the box's nearest point", () => {
    const seg = leaderLine(c, 10, { x0: 100, y0: 160, x1: 150, y1: 172 }, 14)!;
    expect(seg).not.toBeNull();
    expect(Math.hypot(seg.x1 - c.x, seg.y1 - c.y)).toBeCloseTo(12);
    // Straight down to the box's top edge (its nearest point is straight below the node), 2 px short.
    expect(seg.x2).toBeCloseTo(100);
    expect(seg.y2).toBeCloseTo(158);
  });
});
