import { describe, expect, it } from "vitest";
import { scrollForPlay, scrollToShowWhole } from "./whole-on-play.ts";

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

describe("scrollForPlay", () => {
  const picture = { top: 340, bottom: 790 };
  it("brings the title to the window's top when title, picture and column fit together", () => {
    // Review 9a #10: Play brought up the picture only; the metrics beside it stayed below 800 px.
    expect(scrollForPlay(picture, { top: 300, bottom: 830 }, 800)).toBe(292);
    expect(scrollForPlay({ top: -100, bottom: 350 }, { top: -140, bottom: 390 }, 800)).toBe(-148);
  });
  it("leaves an embed whose title is already at the top where it is", () => {
    expect(scrollForPlay({ top: 48, bottom: 500 }, { top: 8, bottom: 540 }, 800)).toBe(0);
  });
  it("shows the picture whole when the embed is taller than the window", () => {
    expect(scrollForPlay(picture, { top: 300, bottom: 1200 }, 800)).toBe(0);
    expect(scrollForPlay({ top: 700, bottom: 1200 }, null, 800)).toBe(408);
  });
});
