// The Last writes box ends between rows (review 18b #2: a wrapped fourth row lost its second line).
import { describe, expect, it } from "vitest";
import { wholeRowsHeight } from "./whole-rows.ts";

const rows = (...hs: number[]) => {
  let top = 17;
  return hs.map((h) => {
    const r = { top, bottom: top + h };
    top += h;
    return r;
  });
};

describe("wholeRowsHeight", () => {
  it("leaves a box whose rows all fit under its cap alone", () => {
    expect(wholeRowsHeight(117, 17, rows(23, 23, 23))).toBeNull();
  });
  it("shows a mostly shown row whole: the billing tour's wrapped refusal (3 rows, then one of two lines)", () => {
    // rows end at 40, 63, 86, then the two-line refusal 86..132 under a 117 px cap
    expect(wholeRowsHeight(117, 17, rows(23, 23, 23, 46))).toBe(132);
  });
  it("leaves out a row that would barely show, ending the box at the row before", () => {
    // a fifth one-line row 109..132 would show 8 px under the cap
    expect(wholeRowsHeight(117, 17, rows(23, 23, 23, 23, 23))).toBe(109);
    // a three-line row mostly under the cap is left for the scroll
    expect(wholeRowsHeight(117, 17, rows(23, 23, 23, 69))).toBe(86);
  });
  it("always shows the first row whole, however tall", () => {
    expect(wholeRowsHeight(60, 17, rows(92))).toBe(109);
  });
});
