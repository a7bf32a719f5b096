import { describe, expect, it } from "vitest";
import { overlapCells } from "./timeline-spans.ts";

describe("overlapCells", () => {
  it("stripes two leaders only on the lanes of the nodes that believed they led", () => {
    // Review 5a #9: n2 (lane 1) and n3 (lane 2) both led from 17.5 s to 25.4 s; n1 (lane 0)
    // never led, yet the stripe ran across its lane too.
    const model = {
      overlap: [{ from: 17_500, to: 25_400, count: 2 }],
      bands: [
        { node: 1, from: 1_000, to: 25_400, token: 2, term: 2 },
        { node: 2, from: 17_500, to: 35_000, token: 3, term: 3 },
      ],
    };
    const cells = overlapCells(model, 20, 13);
    expect(cells.map((c) => [c.node, c.from, c.to, c.y, c.h])).toEqual([
      [1, 17_500, 25_400, 33, 13],
      [2, 17_500, 25_400, 46, 13],
    ]);
    expect(cells.some((c) => c.node === 0)).toBe(false);
  });
});
