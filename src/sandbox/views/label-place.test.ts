// The picture's text placement, without a DOM: given the boxes already drawn, every label placed
// covers none of them and no other label, and stays inside the picture; alike messages merge.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  boxAround,
  boxInside,
  boxesOverlap,
  coveredLabels,
  firstFree,
  mergeMarks,
  spotsAround,
  type Box,
} from "./label-place.ts";

const bounds: Box = { x0: 0, y0: 0, x1: 400, y1: 300 };

describe("firstFree", () => {
  it("takes the first candidate that is inside and clear, skipping covered and clipped ones", () => {
    const taken = [{ x0: 100, y0: 100, x1: 200, y1: 140 }];
    const cands = [
      boxAround({ x: 150, y: 120 }, 40, 12), // on the taken box
      boxAround({ x: 398, y: 20 }, 40, 12), // past the right edge
      boxAround({ x: 150, y: 160 }, 40, 12), // clear
    ];
    expect(firstFree(cands, taken, bounds)).toEqual(cands[2]);
  });

  it("keeps a gap: a box touching a taken one within the gap is refused", () => {
    const taken = [{ x0: 0, y0: 0, x1: 50, y1: 50 }];
    expect(firstFree([{ x0: 51, y0: 10, x1: 80, y1: 20 }], taken, bounds, 2)).toBeNull();
    expect(firstFree([{ x0: 53, y0: 10, x1: 80, y1: 20 }], taken, bounds, 2)).not.toBeNull();
  });

  it("returns null when nothing fits, so the caller draws nothing rather than a covered label", () => {
    const taken = [{ x0: 0, y0: 0, x1: 400, y1: 300 }];
    expect(firstFree(spotsAround({ x: 200, y: 150 }, 60, 13), taken, bounds)).toBeNull();
  });
});

describe("spotsAround", () => {
  it("tries the preferred side first, and no spot covers the dot itself", () => {
    const at = { x: 200, y: 150 };
    const right = spotsAround(at, 60, 13, 1);
    const left = spotsAround(at, 60, 13, -1);
    expect(right[0].x0).toBeGreaterThan(at.x);
    expect(left[0].x1).toBeLessThan(at.x);
    const dot = boxAround(at, 8, 8);
    for (const b of right) expect(boxesOverlap(b, dot)).toBe(false);
  });
});

describe("labels placed greedily among boxes", () => {
  // Random nodes and boxes, random labels beside random dots: whatever is placed overlaps
  // nothing drawn and no other placed label, and lies inside the picture.
  const rect = fc.record({
    x: fc.integer({ min: 0, max: 380 }),
    y: fc.integer({ min: 0, max: 280 }),
    w: fc.integer({ min: 10, max: 120 }),
    h: fc.integer({ min: 10, max: 50 }),
  });
  const label = fc.record({
    x: fc.integer({ min: 0, max: 400 }),
    y: fc.integer({ min: 0, max: 300 }),
    w: fc.integer({ min: 20, max: 140 }),
  });
  it("never overlaps and never leaves the picture", () => {
    fc.assert(
      fc.property(fc.array(rect, { maxLength: 12 }), fc.array(label, { maxLength: 30 }), (rects, labels) => {
        const fixed: Box[] = rects.map((r) => ({ x0: r.x, y0: r.y, x1: r.x + r.w, y1: r.y + r.h }));
        const taken = [...fixed];
        const placed: Box[] = [];
        for (const l of labels) {
          const b = firstFree(spotsAround({ x: l.x, y: l.y }, l.w, 13), taken, bounds);
          if (!b) continue;
          taken.push(b);
          placed.push(b);
        }
        for (const [i, b] of placed.entries()) {
          expect(boxInside(b, bounds)).toBe(true);
          for (const f of fixed) expect(boxesOverlap(b, f)).toBe(false);
          for (const o of placed.slice(i + 1)) expect(boxesOverlap(b, o)).toBe(false);
        }
      }),
    );
  });
});

describe("mergeMarks", () => {
  it("merges alike messages into one counted label beside the dot nearest their middle", () => {
    const grants = Array.from({ length: 16 }, (_, i) => ({ text: "LeaseGrant", at: { x: i * 10, y: 50 } }));
    const merged = mergeMarks([...grants, { text: "VoteResp term 3 ✓", at: { x: 5, y: 5 } }]);
    expect(merged.map((m) => m.text)).toEqual(["16 × LeaseGrant", "VoteResp term 3 ✓"]);
    expect(merged[0].count).toBe(16);
    expect(merged[0].members).toHaveLength(16);
    // The middle of 0..150 is 75: the dots at 70 and 80 are nearest; the first of them wins.
    expect(merged[0].at).toEqual({ x: 70, y: 50 });
    expect(merged[1]).toMatchObject({ count: 1, at: { x: 5, y: 5 } });
  });

  it("keeps different labels apart (a granted and a refused vote are two labels)", () => {
    const merged = mergeMarks([
      { text: "VoteResp term 3 ✓", at: { x: 0, y: 0 } },
      { text: "VoteResp term 3 ✗", at: { x: 1, y: 1 } },
    ]);
    expect(merged).toHaveLength(2);
  });
});

describe("coveredLabels", () => {
  it("keeps the first of two labels that cover each other (in placing order) and leaves the other unshown", () => {
    const a = { x0: 0, y0: 0, x1: 50, y1: 10 };
    const b = { x0: 40, y0: 5, x1: 90, y1: 15 };
    const c = { x0: 100, y0: 0, x1: 150, y1: 10 };
    expect([...coveredLabels([a, b, c], [0, 1, 2])]).toEqual([1]);
    expect([...coveredLabels([a, b, c], [1, 0, 2])]).toEqual([0]);
  });
  it("does not count touching edges or a 1 px graze, nor empty labels", () => {
    const a = { x0: 0, y0: 0, x1: 50, y1: 10 };
    const b = { x0: 49, y0: 0, x1: 99, y1: 10 };
    expect(coveredLabels([a, b, null], [0, 1, 2]).size).toBe(0);
  });
});
