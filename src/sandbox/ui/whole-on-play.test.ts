import { describe, expect, it } from "vitest";
import { scrollToShowWhole } from "./whole-on-play.ts";

describe("scrollToShowWhole", () => {
  it("leaves a picture that is already whole on screen where it is", () => {
    expect(scrollToShowWhole(100, 600, 800)).toBe(0);
  });
  it("brings a picture whose foot is below the window up just far enough", () => {
    // Review 5a #1: after Play only the top node showed at the window's foot.
    expect(scrollToShowWhole(700, 1200, 800)).toBe(408);
  });
  it("brings a picture cut at the top down to show its top", () => {
    expect(scrollToShowWhole(-200, 300, 800)).toBe(-208);
  });
  it("shows the top of a picture taller than the window", () => {
    expect(scrollToShowWhole(500, 1400, 800)).toBe(492);
  });
});
