// What "Try to break it" tells the learner about what it found: a hazard (two believers, fencing
// may still hold) is not called a break, and a failure's nodes carry their numbers in words.
import { describe, expect, it } from "vitest";
import { hazardNote, ordinal, plainDetail, replayTitle } from "./break-it-result.tsx";
import { propertyWords } from "./break-it-words.ts";
import { termLabelOf } from "../labels.ts";

describe("Try to break it, in the learner's words", () => {
  it("names a replayed hazard as a hazard and a lost safety property as a break", () => {
    expect(replayTitle("overlap")).toBe("The smallest schedule that shows the hazard");
    expect(replayTitle("overlap")).not.toMatch(/breaks/);
    expect(replayTitle("fencing-monotonic")).toBe("The smallest schedule that breaks it");
    // A stale write that landed before the newer leader's first write overwrote nothing newer: a
    // hazard (amber in the sandbox); one applied after a newer write is fencing-monotonic.
    expect(replayTitle("stale-write")).toBe("The smallest schedule that shows the hazard");
  });

  it("calls two believers what Latest and the metrics call them, and says what a hazard is", () => {
    expect(propertyWords("overlap")).toBe("Two leaders at once");
    expect(hazardNote("overlap")).toMatch(/^A hazard is a danger, not lost safety: .*stale write/);
    expect(hazardNote("leaderless:5")).not.toMatch(/fencing/);
  });

  it("spells out each believer's number with the protocol's word", () => {
    const etcd = termLabelOf(null, "etcd").tokenWord;
    expect(plainDetail("2 nodes believe they lead: n2(2), n3(3)", etcd)).toBe(
      `2 nodes believe they lead: n2 (${etcd} 2), n3 (${etcd} 3)`,
    );
    expect(plainDetail("2 nodes believe they lead: n2(2), n3(3)", etcd)).not.toMatch(/n\d\(/);
    // Text without the pattern is left alone.
    expect(plainDetail("n1 leads with term 4, already led by n2", "term")).toBe(
      "n1 leads with term 4, already led by n2",
    );
  });

  it("says which schedule found it as an ordinal: 1st, 2nd, 3rd, 11th, 22nd, 1,003rd", () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 111, 1003].map(ordinal)).toEqual([
      "1st",
      "2nd",
      "3rd",
      "4th",
      "11th",
      "12th",
      "13th",
      "21st",
      "22nd",
      "111th",
      "1,003rd",
    ]);
  });
});
