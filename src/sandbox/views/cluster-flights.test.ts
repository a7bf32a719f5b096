import { describe, expect, it } from "vitest";
import { onePerLink } from "./cluster-flights.ts";

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
