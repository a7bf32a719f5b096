// How far "Show me" scrolls a phone so the whole picture is on the first screen, keeping the cue.
import { describe, expect, it } from "vitest";
import { scrollToFit } from "./first-screen.ts";

describe("scrollToFit", () => {
  it("scrolls the site header wholly away, the cue first on screen, when the picture is cut", () => {
    // The walk's phone: cue at 158 px, picture ending at 902 px of an 812 px screen. Scrolling
    // only the 98 px the picture needed left the nav cut through its middle.
    expect(scrollToFit(158, 902, 812)).toBe(150);
  });
  it("never scrolls the cue off the top, even if the picture then stays cut", () => {
    expect(scrollToFit(40, 1200, 812)).toBe(32);
  });
  it("does nothing when the picture already fits", () => {
    expect(scrollToFit(158, 700, 812)).toBe(0);
  });
});
