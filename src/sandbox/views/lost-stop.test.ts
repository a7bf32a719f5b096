// A message lost on a cut link stops short of the cut's cross and never crosses it (review 4a
// #12: on /start's majority screen the dots sat on the crosses of n5–n2 and n4–n2, and it was
// unclear whether messages got through). The old drawing stopped every lost dot halfway, which
// is where a link's mark usually sits.
import { describe, expect, it } from "vitest";
import { alongLink, fractionAlong, lostStop } from "./link-marks.ts";

const dist = (p: { x: number; y: number }, q: { x: number; y: number }) => Math.hypot(p.x - q.x, p.y - q.y);

describe("lostStop", () => {
  it("a straight link: the dot halts 16 px before the cross, on the sender's side", () => {
    const a = { x: 0, y: 0 };
    const b = { x: 200, y: 0 };
    const mark = { x: 100, y: 0 };
    const stop = lostStop(a, b, null, mark, 16);
    const at = alongLink(a, b, null, stop);
    expect(dist(at, mark)).toBeCloseTo(16, 5);
    expect(at.x).toBeLessThan(mark.x);
    // Halfway, where lost dots used to stop, is on the cross itself.
    expect(dist(alongLink(a, b, null, 0.5), mark)).toBeLessThan(1);
  });
  it("from the other end it halts on that side", () => {
    const a = { x: 200, y: 0 };
    const b = { x: 0, y: 0 };
    const mark = { x: 60, y: 0 };
    const at = alongLink(a, b, null, lostStop(a, b, null, mark, 16));
    expect(at.x).toBeCloseTo(76, 5);
  });
  it("a bent link: measured around its bend", () => {
    const a = { x: 0, y: 0 };
    const via = [{ x: 100, y: 0 }];
    const b = { x: 100, y: 100 };
    const mark = { x: 100, y: 50 };
    expect(fractionAlong(a, b, via, mark)).toBeCloseTo(0.75, 5);
    const at = alongLink(a, b, via, lostStop(a, b, via, mark, 16));
    expect(at).toEqual({ x: 100, y: 34 });
  });
  it("a cross next to the sender: it never starts past it", () => {
    const a = { x: 0, y: 0 };
    const b = { x: 200, y: 0 };
    expect(lostStop(a, b, null, { x: 5, y: 0 }, 16)).toBe(0);
  });
});
