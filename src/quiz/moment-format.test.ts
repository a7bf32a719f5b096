// Review times are written one way for everyone: day, month name, year and a 24-hour clock, so
// "12/5/2026" (12 May or 5 December?) never appears.
import { describe, expect, it } from "vitest";
import { formatMoment } from "./due";

describe("formatMoment", () => {
  it("writes the day before a month name, and a 24-hour clock without seconds", () => {
    expect(formatMoment(new Date(2026, 11, 5, 7, 45, 29))).toBe("5 Dec 2026, 07:45");
    expect(formatMoment(new Date(2026, 4, 12, 19, 3, 0))).toBe("12 May 2026, 19:03");
  });

  it("never writes a date with slashes or AM/PM", () => {
    for (let m = 0; m < 12; m++) {
      const text = formatMoment(new Date(2027, m, 28, 23, 59));
      expect(text).not.toMatch(/\/|AM|PM/);
      expect(text).toMatch(/^28 [A-Z][a-z]{2} 2027, 23:59$/);
    }
  });
});
