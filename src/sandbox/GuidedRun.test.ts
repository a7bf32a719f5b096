// The guided run's "What just happened": newest first, and a line told twice at one moment (two
// writes refused together) is told once with its count, never listed twice.
import { describe, expect, it } from "vitest";
import { latestLines } from "./GuidedRun.tsx";
import type { Line } from "./narration.ts";

const line = (t: number, text: string): Line => ({ t, text, tone: "info", important: false });

describe("latestLines", () => {
  it("puts the newest first and keeps at most the asked number", () => {
    const out = latestLines([line(1000, "a"), line(2000, "b"), line(3000, "c"), line(4000, "d")], 3);
    expect(out.map((l) => l.text)).toEqual(["d", "c", "b"]);
  });

  it("tells a line repeated at one moment once, with how many times", () => {
    const refused = "The resource rejected n2's write: token 1 is older than 2";
    const out = latestLines(
      [line(4600, "n1 became leader in term 2"), line(7140, refused), line(7141, refused)],
      3,
    );
    expect(out.map((l) => [l.text, l.times])).toEqual([
      [refused, 2],
      ["n1 became leader in term 2", 1],
    ]);
  });

  it("keeps the same words at two different moments as two lines", () => {
    const out = latestLines([line(1000, "n4 timed out"), line(3000, "n4 timed out")], 3);
    expect(out.map((l) => l.times)).toEqual([1, 1]);
  });
});
