// The duration scanner (issue 40): linear, bounded, and accepting exactly what the old pattern
// did. The budget is counted in steps (characters the scanner looked at), never in time, so a
// busy machine cannot make it flaky and a quadratic scanner cannot pass it.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { parseDuration, scanDuration } from "./duration.ts";
import { MAX_DURATION_CHARS } from "./input-limits.ts";

/** The pattern this scanner replaced. Only ever run here, on strings of at most 64 characters,
 *  where its backtracking is harmless. */
const OLD = /^\s*(\d+(?:\.\d+)?|\.\d+)\s*(us|ms|s|m|h)?\s*$/;
const UNITS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
function old(v: string): number | null {
  const m = OLD.exec(v);
  if (!m) return null;
  const ms = Number(m[1]) * UNITS[m[2] ?? "ms"];
  return Number.isFinite(ms) ? Math.round(ms * 1000) / 1000 : null;
}

/** Linear: each character is looked at a bounded number of times (the character that ends one
 *  run of digits or spaces is looked at again by the next check), whatever the string. */
const STEP_BUDGET = (length: number) => 4 * length + 4;

const alphabet = fc.constantFrom(
  " ",
  "\t",
  "\u00a0",
  "\u2003",
  "\ufeff",
  "0",
  "1",
  "9",
  ".",
  "u",
  "m",
  "s",
  "h",
  "x",
  "-",
  "e",
  "+",
);
const shortInput = fc.array(alphabet, { maxLength: MAX_DURATION_CHARS }).map((cs) => cs.join(""));
// The pattern's worst cases and variations of them, far past the limit.
const adversarial = fc
  .tuple(
    fc.constantFrom("1", "1.5", ".5", "12"),
    fc.constantFrom(" ", "\u00a0", "\t", "1", "0"),
    fc.integer({ min: 1, max: 200_000 }),
    fc.constantFrom("x", "", "s", "ms", " x", "1x"),
  )
  .map(([head, filler, n, tail]) => head + filler.repeat(n) + tail);

describe("parseDuration", () => {
  it("accepts exactly what the old pattern accepted, with the same value", () => {
    fc.assert(
      fc.property(shortInput, (v) => {
        expect(parseDuration(v)).toBe(old(v));
      }),
      { numRuns: 5000 },
    );
    for (const [v, ms] of [
      ["250ms", 250],
      ["10s", 10_000],
      [" 2m ", 120_000],
      ["1.5s", 1500],
      ["1h", 3_600_000],
      ["500us", 0.5],
      [".5s", 500],
      ["7", 7],
    ] as const) {
      expect(parseDuration(v)).toBe(ms);
    }
    for (const v of ["", "1.", "s", "1 m s", "1mss", "-1s", "1e3", "x"]) expect(parseDuration(v)).toBeNull();
  });

  it("never spends more than its step budget, on any input", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          shortInput,
          adversarial,
          fc.string({ maxLength: 500 }),
          fc.string({ unit: "binary", maxLength: 200 }),
        ),
        (v) => {
          const { steps } = scanDuration(v);
          // Past the limit it does not look at the string at all.
          if (v.length > MAX_DURATION_CHARS) expect(steps).toBe(0);
          else expect(steps).toBeLessThanOrEqual(STEP_BUDGET(v.length));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it("refuses the issue's freezing input at once", () => {
    for (const n of [1_000, 300_000, 10_000_000]) {
      const r = scanDuration(`1${" ".repeat(n)}x`);
      expect(r).toEqual({ ms: null, steps: 0 });
    }
    // the longest string it reads is still linear
    const edge = `1${" ".repeat(MAX_DURATION_CHARS - 2)}x`;
    expect(scanDuration(edge).steps).toBeLessThanOrEqual(STEP_BUDGET(edge.length));
  });
});
