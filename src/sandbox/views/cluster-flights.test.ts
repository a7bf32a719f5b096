import { describe, expect, it } from "vitest";
import { onePerLink } from "./cluster-flights.ts";
import { msgAt, rimOf } from "./cluster-geometry.ts";
import type { Scene } from "./cluster-scene.ts";

describe("message dots in the picture", () => {
  it("draw at most one dot per link: a heartbeat sent while its link still carries one is not drawn", () => {
    const beat = (from: string, to: string, id: number) => ({ id, from, to });
    const batch = [beat("n1", "n2", 1), beat("n1", "n3", 2), beat("n1", "n2", 3), beat("n2", "n1", 4)];
    // Nothing in the air: one dot for n1-n2 (the reply on the same link waits), one for n1-n3.
    expect(onePerLink([], batch).map((m) => m.id)).toEqual([1, 2]);
    // n1-n2 still carries a dot: only n1-n3 gets one.
    expect(onePerLink([{ from: "n2", to: "n1" }], batch).map((m) => m.id)).toEqual([2]);
  });
});

describe("a message dot starts and stops at its nodes' rims (review 12a #9: heartbeats piled on the leader's 'n1')", () => {
  const scene = {
    layout: {
      nodes: [
        { x: 100, y: 100 },
        { x: 300, y: 100 },
      ],
      nodeRadius: 20,
      store: null,
      resource: { x: 200, y: 400 },
    },
    routes: new Map(),
    width: 900,
    storeW: 0,
    resourceW: 0,
    resourceH: 52,
  } as unknown as Scene;
  const rim = rimOf(scene);
  it("never draws a dot over a node: just sent, it sits at the sender's rim; arriving, at the receiver's", () => {
    expect(rim).toBeGreaterThan(20);
    const start = msgAt(scene, "n1", "n2", 0)!;
    const end = msgAt(scene, "n1", "n2", 1)!;
    expect(Math.hypot(start.x - 100, start.y - 100)).toBeCloseTo(rim, 0);
    expect(Math.hypot(end.x - 300, end.y - 100)).toBeCloseTo(rim, 0);
    for (let p = 0; p <= 1; p += 0.05) {
      const at = msgAt(scene, "n1", "n2", p)!;
      expect(
        Math.min(Math.hypot(at.x - 100, at.y - 100), Math.hypot(at.x - 300, at.y - 100)),
      ).toBeGreaterThanOrEqual(rim - 0.5);
    }
  });
  it("still moves along the whole link between the rims, halfway at the middle", () => {
    expect(msgAt(scene, "n1", "n2", 0.5)).toEqual({ x: 200, y: 100 });
  });
});
