// The resource of a mesh (nodes that talk to each other) sits under the ring, not in its middle
// where the peer links cross (review 6a #11: in a five-node Raft run about eight links crossed
// its box and heartbeats piled on its border). Pure layout: checked without a DOM.
import { describe, expect, it } from "vitest";
import { clusterHeight, layoutCluster, resourceOutside, underRing } from "./layout.ts";
import { segmentHitsBox } from "./link-marks.ts";

describe("the resource under a mesh's ring", () => {
  for (const width of [343, 490, 700])
    for (let n = 4; n <= 9; n++)
      it(`${n} nodes at ${width} px: no peer link crosses the resource's box, and the box is below every node`, () => {
        expect(resourceOutside(n, false)).toBe(true);
        const L = layoutCluster(n, width, clusterHeight(n, width, true) + underRing(width), false);
        expect(L.resourceOutside).toBe(true);
        // The widest the box grows (cluster-scene.ts serverBoxes) and its 26 px half-height.
        const half = width < 560 ? 76 : 84;
        const box = {
          x0: L.resource.x - half,
          y0: L.resource.y - 26,
          x1: L.resource.x + half,
          y1: L.resource.y + 26,
        };
        for (let i = 0; i < n; i++)
          for (let j = i + 1; j < n; j++)
            expect(segmentHitsBox(L.nodes[i], L.nodes[j], box), `n${i + 1}–n${j + 1}`).toBe(false);
        const lowest = Math.max(...L.nodes.map((p) => p.y));
        expect(box.y0).toBeGreaterThan(lowest + L.nodeRadius);
        expect(box.y1).toBeLessThanOrEqual(L.height);
      });

  it("keeps the middle where the middle is free: three nodes, a store, a /start screen without the resource", () => {
    expect(resourceOutside(3, false)).toBe(false);
    expect(resourceOutside(5, true)).toBe(false);
    expect(resourceOutside(5, false, false)).toBe(false);
    expect(layoutCluster(3, 490, 320, false).resourceOutside).toBe(false);
  });
});
