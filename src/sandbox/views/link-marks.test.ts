import { describe, expect, it } from "vitest";
import { layoutCluster } from "./layout.ts";
import { distToSegment, markPoints, type Segment } from "./link-marks.ts";

describe("link marks", () => {
  // Five nodes in a full mesh, each also linked to the resource in the middle: the mesh's
  // diagonals and the resource links cross near every link's middle.
  const L = layoutCluster(5, 343, 400, false);
  const ends = [...L.nodes, L.resource];
  const pairs: Array<[number, number]> = [];
  for (let i = 0; i < 5; i++) for (let j = i + 1; j < 5; j++) pairs.push([i, j]);
  for (let i = 0; i < 5; i++) pairs.push([i, 5]);
  const segs: Segment[] = pairs.map(([i, j]) => ({ a: ends[i], b: ends[j] }));
  const box = { x0: L.resource.x - 76, y0: L.resource.y - 26, x1: L.resource.x + 76, y1: L.resource.y + 26 };
  const marks = markPoints(segs, { circles: L.nodes.map((c) => ({ c, r: L.nodeRadius + 12 })), boxes: [box] });

  it("puts each link's mark on that link, nearer to it than to any other link", () => {
    marks.forEach((p, i) => {
      expect(distToSegment(p, segs[i])).toBeLessThan(0.01);
      for (let j = 0; j < segs.length; j++) if (j !== i) expect(distToSegment(p, segs[j]), `${pairs[i]} vs ${pairs[j]}`).toBeGreaterThan(8);
    });
  });

  it("keeps marks 24 px apart (two whole tap spots), 12 px off other links, off the nodes and out of the resource's box", () => {
    const gaps = marks.flatMap((p, i) => marks.slice(i + 1).map((q) => Math.hypot(p.x - q.x, p.y - q.y)));
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(24);
    marks.forEach((p, i) => segs.forEach((s, j) => j !== i && expect(distToSegment(p, s)).toBeGreaterThanOrEqual(12)));
    for (const p of marks) {
      for (const c of L.nodes) expect(Math.hypot(p.x - c.x, p.y - c.y)).toBeGreaterThan(L.nodeRadius + 12);
      expect(p.x > box.x0 && p.x < box.x1 && p.y > box.y0 && p.y < box.y1).toBe(false);
    }
  });
});

describe("a many-node ring held to a short picture", () => {
  it("spaces 20 nodes so their lease rings do not touch, in 582 x 384", () => {
    const L = layoutCluster(20, 582, 384, true);
    const ring = L.nodeRadius + 11.5; // the outer lease arc
    for (let i = 0; i < 20; i++) {
      const a = L.nodes[i];
      const b = L.nodes[(i + 1) % 20];
      expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeGreaterThan(2 * ring);
      expect(a.y - ring).toBeGreaterThanOrEqual(0);
      expect(a.y + ring).toBeLessThanOrEqual(384);
    }
  });
});
