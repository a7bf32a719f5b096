import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { clusterHeight, layoutCluster, underRing } from "./layout.ts";
import {
  alongLink,
  bendMark,
  distToSegment,
  markPoints,
  routeAround,
  segmentHitsBox,
  type Segment,
} from "./link-marks.ts";

describe("link marks", () => {
  // Five nodes in a full mesh, each also linked to the resource under the ring: the mesh's
  // diagonals and the resource links cross near many links' middles. The picture is as tall as
  // a phone's lesson picture, with the room the resource takes under the ring (cluster-geometry.ts).
  const L = layoutCluster(5, 343, clusterHeight(5, 343, true) + underRing(343), false);
  const ends = [...L.nodes, L.resource];
  const pairs: Array<[number, number]> = [];
  for (let i = 0; i < 5; i++) for (let j = i + 1; j < 5; j++) pairs.push([i, j]);
  for (let i = 0; i < 5; i++) pairs.push([i, 5]);
  const segs: Segment[] = pairs.map(([i, j]) => ({ a: ends[i], b: ends[j] }));
  const box = { x0: L.resource.x - 76, y0: L.resource.y - 26, x1: L.resource.x + 76, y1: L.resource.y + 26 };
  const marks = markPoints(segs, {
    circles: L.nodes.map((c) => ({ c, r: L.nodeRadius + 12 })),
    boxes: [box],
  });

  it("puts each link's mark on that link, nearer to it than to any other link", () => {
    marks.forEach((p, i) => {
      expect(distToSegment(p, segs[i])).toBeLessThan(0.01);
      for (let j = 0; j < segs.length; j++)
        if (j !== i) expect(distToSegment(p, segs[j]), `${pairs[i]} vs ${pairs[j]}`).toBeGreaterThan(8);
    });
  });

  it("keeps marks 24 px apart (two whole tap spots), 12 px off other links, off the nodes and out of the resource's box", () => {
    const gaps = marks.flatMap((p, i) => marks.slice(i + 1).map((q) => Math.hypot(p.x - q.x, p.y - q.y)));
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(24);
    marks.forEach((p, i) =>
      segs.forEach((s, j) => j !== i && expect(distToSegment(p, s)).toBeGreaterThanOrEqual(12)),
    );
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

// The search stops checking a point once it can neither be taken nor beat the best so far; it
// must place every mark exactly where checking everything would (the search as it was).
describe("link marks, checked in full or cut short", () => {
  type Obs = Parameters<typeof markPoints>[1];
  function fullSearch(segs: Segment[], obs: Obs, clear = 12, spot = 12) {
    const spots: Array<{ x: number; y: number }> = [];
    segs.forEach((s, i) => {
      const room = (p: { x: number; y: number }) => {
        for (const o of obs.circles) if (Math.hypot(p.x - o.c.x, p.y - o.c.y) < o.r + 2) return -Infinity;
        for (const b of obs.boxes)
          if (p.x > b.x0 - 5 && p.x < b.x1 + 5 && p.y > b.y0 - 5 && p.y < b.y1 + 5) return -Infinity;
        let c = Infinity;
        segs.forEach((t, j) => {
          if (j !== i) c = Math.min(c, distToSegment(p, t) - clear);
        });
        for (const q of spots) c = Math.min(c, Math.hypot(p.x - q.x, p.y - q.y) - 2 * spot);
        return c;
      };
      const at = (t: number) => ({ x: s.a.x + (s.b.x - s.a.x) * t, y: s.a.y + (s.b.y - s.a.y) * t });
      let best = at(0.5);
      let bestC = -Infinity;
      for (let k = 0; k <= 76; k++) {
        const p = at(0.5 + (k % 2 === 0 ? 1 : -1) * Math.ceil(k / 2) * 0.01);
        const c = room(p);
        if (c >= 0) {
          best = p;
          break;
        }
        if (c > bestC + 0.5) {
          bestC = c;
          best = p;
        }
      }
      spots.push(best);
    });
    return spots;
  }

  it("gives the same marks on full meshes of 3 to 14 nodes, with and without a store", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 14 }),
        fc.boolean(),
        fc.integer({ min: 300, max: 1200 }),
        fc.integer({ min: 300, max: 900 }),
        (n, store, w, h) => {
          const L = layoutCluster(n, w, h, store);
          const ends = [...L.nodes, L.resource, ...(L.store ? [L.store] : [])];
          const segs: Segment[] = [];
          for (let i = 0; i < ends.length; i++)
            for (let j = i + 1; j < ends.length; j++) segs.push({ a: ends[i], b: ends[j] });
          const obs: Obs = {
            circles: L.nodes.map((c) => ({ c, r: L.nodeRadius + 12 })),
            boxes: [
              { x0: L.resource.x - 84, y0: L.resource.y - 26, x1: L.resource.x + 84, y1: L.resource.y + 26 },
            ],
          };
          expect(markPoints(segs, obs)).toEqual(fullSearch(segs, obs));
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe("links routed around boxes", () => {
  const store = { x0: 150, y0: 100, x1: 250, y1: 150 };
  const resource = { x0: 140, y0: 180, x1: 260, y1: 230 };
  const boxes = [store, resource];
  const crossesNone = (pts: Array<{ x: number; y: number }>, own: typeof boxes) => {
    for (let i = 1; i < pts.length; i++)
      for (const b of boxes) if (!own.includes(b)) expect(segmentHitsBox(pts[i - 1], pts[i], b)).toBe(false);
  };

  it("leaves a link that crosses no other box straight", () => {
    expect(routeAround({ x: 200, y: 20 }, { x: 200, y: 125 }, boxes)).toEqual([]);
  });

  it("bends a node's link to the store around the resource it would run under", () => {
    const a = { x: 200, y: 300 }; // a node under the resource
    const b = { x: 200, y: 125 }; // the store's middle
    expect(segmentHitsBox(a, b, resource)).toBe(true);
    const via = routeAround(a, b, boxes);
    expect(via.length).toBeGreaterThan(0);
    crossesNone([a, ...via, b], [store]);
    // Its mark is on the bend, off the straight line (where it read as the resource's link).
    const m = bendMark(via) as { x: number; y: number };
    expect(Math.abs(m.x - 200)).toBeGreaterThan(50);
  });

  it("takes two bends when one corner cannot clear the box (a top node to the resource under the store)", () => {
    const a = { x: 200, y: 20 };
    const b = { x: 200, y: 205 };
    const via = routeAround(a, b, boxes);
    expect(via).toHaveLength(2);
    crossesNone([a, ...via, b], [resource]);
  });

  it("places a message along the bent path: at its ends, and on a bend at that share of the length", () => {
    const a = { x: 0, y: 0 };
    const b = { x: 100, y: 100 };
    const via = [{ x: 100, y: 0 }];
    expect(alongLink(a, b, via, 0)).toEqual(a);
    expect(alongLink(a, b, via, 1)).toEqual(b);
    expect(alongLink(a, b, via, 0.5)).toEqual({ x: 100, y: 0 });
    expect(alongLink(a, b, via, 0.25)).toEqual({ x: 50, y: 0 });
    expect(alongLink(a, b, [], 0.5)).toEqual({ x: 50, y: 50 });
  });
});
