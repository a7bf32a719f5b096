import { describe, expect, it } from "vitest";
import { FIRST_STEPS } from "./screens";

const screen = (id: string) => FIRST_STEPS.find((s) => s.id === id)!;

describe("the /start screens' words match what the learner can do and see", () => {
  it("screen 1 asks for a replay, not for Next event on a run that has ended", () => {
    expect(screen("a-leader").again).toMatch(/^press Play again/);
    expect(screen("a-leader").again).not.toMatch(/Next event/);
  });

  it("screen 5 names the one node that stands (only n4 does in this run)", () => {
    expect(screen("a-majority").watch).toMatch(/n4 stands again and again/);
    expect(screen("a-majority").watch).not.toMatch(/They stand/);
  });

  it("the last screen says what a garbage-collection pause is", () => {
    expect(screen("your-turn").sentence).toMatch(/garbage-collection pause freezes a program/);
  });
});
