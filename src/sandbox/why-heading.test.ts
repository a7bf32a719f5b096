// The Why? panel names the moment it explains by its time (review 3a item 4): a lesson's event
// label ("n2 stopped leading") has none, and the run may have played on past that moment.
import { describe, expect, it } from "vitest";
import { whyHeading } from "./why.ts";

describe("the Why? heading", () => {
  it("adds the event's time when the label has none", () => {
    expect(whyHeading("n2 stopped leading (now a candidate)", { t: 4380 })).toBe(
      "Why? n2 stopped leading (now a candidate), at 4.38 s",
    );
  });
  it("moves a label's own time to the end", () => {
    expect(whyHeading("25.4 s: the resource refused n2's write", { t: 25_400 })).toBe(
      "Why? the resource refused n2's write, at 25.4 s",
    );
  });
  it("reads as a title: one question, no chain of colons (review 14b #13)", () => {
    const h = whyHeading(
      "28.0 s: n3 became leader: every key made before its own is gone, so it writes with token 3",
      {
        t: 28_007,
      },
    );
    expect(h).toBe("Why? n3 became leader, at 28.0 s");
    expect(h.split(":")).toHaveLength(1);
  });
});
