import { describe, expect, it } from "vitest";
import { estimateMinutes, minutesProblem, WORDS_PER_MINUTE } from "./lesson-minutes.ts";

const prose = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(" ");

describe("lesson minutes", () => {
  it("splits path and deep dives, reads captions, skips diagram sources, and adds time per sandbox", () => {
    const body = `${prose(WORDS_PER_MINUTE * 2)}\n\n<Sandbox preset="p" caption="${prose(10)}" />\n\n<Diagram caption="c" chart={\`${prose(500)}\`} />\n\n<DeepDive title="t">\n\n${prose(WORDS_PER_MINUTE)}\n\n</DeepDive>\n`;
    const e = estimateMinutes(body);
    expect(e.deepDiveWords).toBe(WORDS_PER_MINUTE);
    expect(e.pathWords).toBe(WORDS_PER_MINUTE * 2 + 10 + 1);
    expect(e.path).toBeCloseTo(2 + 11 / WORDS_PER_MINUTE + 0.5, 5);
    expect(e.deepDive).toBeCloseTo(1, 5);
  });
  it("accepts a figure within a quarter (or a minute) of the estimate and refuses an overstatement", () => {
    expect(minutesProblem("x", 9, 8)).toBeNull();
    expect(minutesProblem("x", 2, 1.2)).toBeNull();
    expect(minutesProblem("x", 10, 6)).toMatch(/says 10 min, but its text reads in about 6 min/);
  });
});
