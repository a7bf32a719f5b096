import { describe, expect, it } from "vitest";
import { splitLine } from "./resource-fit.ts";

const chars = (s: string) => s.length * 7;

describe("a resource line too long for its box breaks where its halves are most even", () => {
  it("breaks a stale write's line between who wrote and what happened", () => {
    expect(splitLine("✗ n2 token 2 accepted, stale", chars)?.parts).toEqual([
      "✗ n2 token 2",
      "accepted, stale",
    ]);
  });
  it("keeps every word: the halves joined by what stood between them are the line", () => {
    for (const line of [
      "two leaders · fencing held",
      "✗ n2 token 2 accepted, stale",
      "fencing off · max token 2",
    ]) {
      const cut = splitLine(line, chars)!;
      expect(cut.parts.join(cut.gap)).toBe(line);
    }
  });
  it("leaves a single word whole", () => {
    expect(splitLine("0x100000002", chars)).toBeNull();
  });
});

describe("a line with separators breaks at one, so no line starts or ends with a dangling '·' (review 12a #13)", () => {
  it("breaks 'fencing off · max token 2' at its separator, which the break replaces", () => {
    expect(splitLine("fencing off · max token 2", chars)).toEqual({
      parts: ["fencing off", "max token 2"],
      gap: " · ",
    });
  });
  it("picks the separator that leaves the halves most even", () => {
    expect(splitLine("two leaders · fencing held · ✓ n2 token 2", chars)?.parts).toEqual([
      "two leaders · fencing held",
      "✓ n2 token 2",
    ]);
  });
  it("breaks at a space only when no separator break fits, and never beside a separator", () => {
    // Either separator break leaves a half of 24 characters or more; a space break, 15.
    const line = "ab · cdefghij klmnopqrstu · v";
    const cut = splitLine(line, chars, 12 * 7)!;
    expect(cut.gap).toBe(" ");
    for (const p of cut.parts) expect(p).not.toMatch(/^·|·$/);
    expect(cut.parts.join(cut.gap)).toBe(line);
  });
  it("never leaves '·' at a line's end or start, whatever the widths", () => {
    const line = "fencing off · max token 2";
    const skewed = (s: string) => (s.includes("fencing") ? s.length * 20 : s.length);
    for (const p of splitLine(line, skewed)!.parts) expect(p.trim()).not.toMatch(/^·|·$/);
  });
});
