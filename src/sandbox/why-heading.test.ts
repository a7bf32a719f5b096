// The Why? panel names the moment it explains by its time (review 3a item 4): a lesson's event
// label ("n2 stopped leading") has none, and the run may have played on past that moment.
import { describe, expect, it } from "vitest";
import { whyHeading } from "./why.ts";

describe("the Why? heading", () => {
  it("adds the event's time when the label has none", () => {
    expect(whyHeading("n2 stopped leading (now a candidate)", { t: 4380 })).toBe(
      "Why? n2 stopped leading (now a candidate) (at 4.38 s)",
    );
  });
  it("keeps a label that already says when", () => {
    expect(whyHeading("25.4 s: the resource refused n2's write", { t: 25_400 })).toBe(
      "Why? 25.4 s: the resource refused n2's write",
    );
  });
});
