import { describe, expect, it } from "vitest";
import { scrollForPlay, scrollForPlayOnPhone, scrollToShowWhole, shareOnScreen } from "./whole-on-play.ts";

describe("scrollToShowWhole", () => {
  it("leaves a picture that is already whole on screen where it is", () => {
    expect(scrollToShowWhole(100, 600, 800)).toBe(0);
  });
  it("brings a picture whose foot is below the window up just far enough", () => {
    expect(scrollToShowWhole(700, 1200, 800)).toBe(408);
  });
  it("brings a picture cut at the top down to show its top", () => {
    expect(scrollToShowWhole(-200, 300, 800)).toBe(-208);
  });
  it("shows the top of a picture taller than the window", () => {
    expect(scrollToShowWhole(500, 1400, 800)).toBe(492);
  });
});

describe("shareOnScreen", () => {
  it("measures the part of a box inside the window", () => {
    expect(shareOnScreen(0, 400, 800)).toBe(1);
    expect(shareOnScreen(600, 1000, 800)).toBe(0.5);
    expect(shareOnScreen(-300, 100, 800)).toBe(0.25);
    expect(shareOnScreen(900, 1300, 800)).toBe(0);
  });
});

describe("scrollForPlay", () => {
  it("never moves the page under a pointer that pressed Play", () => {
    // Review 14a #1: Play pressed at y 280 moved to y 50 (the page scrolled 230 px).
    expect(scrollForPlay({ top: 250, bottom: 730 }, 800, true)).toBe(0);
    expect(scrollForPlay({ top: 700, bottom: 1180 }, 800, true)).toBe(0);
  });
  it("from the keyboard, leaves a picture that is mostly on screen where it is", () => {
    expect(scrollForPlay({ top: 430, bottom: 910 }, 800, false)).toBe(0);
  });
  it("from the keyboard, shows a picture mostly off screen whole, with the least move", () => {
    expect(scrollForPlay({ top: 700, bottom: 1180 }, 800, false)).toBe(388);
    expect(scrollForPlay({ top: -400, bottom: 80 }, 800, false)).toBe(-408);
  });
});

describe("scrollForPlayOnPhone", () => {
  it("moves the least that shows the controls and the picture under them (review 16a #1)", () => {
    // The reviewer's phone: controls at 332, the picture from 460 to 850 in an 812 px window.
    expect(scrollForPlayOnPhone({ top: 332 }, { top: 460, bottom: 850 }, 812)).toBe(850 - 812 + 8);
    // Already whole: no move.
    expect(scrollForPlayOnPhone({ top: 100 }, { top: 200, bottom: 600 }, 812)).toBe(0);
    // Controls and picture taller than the window: the picture alone, whole.
    expect(scrollForPlayOnPhone({ top: 0 }, { top: 400, bottom: 1100 }, 812)).toBe(1100 - 812 + 8);
  });
});
