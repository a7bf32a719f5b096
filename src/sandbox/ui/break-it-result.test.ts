// What "Try to break it" tells the learner about what it found: the words follow what the smallest
// schedule's run shows (a stale write applied is a break, two believers with every stale write
// refused a hazard), and a failure's nodes carry their numbers in words.
import { describe, expect, it } from "vitest";
import {
  findingHeadline,
  findingNote,
  findingOf,
  ordinal,
  plainDetail,
  replayTitle,
} from "./break-it-result.tsx";
import { presets, runScenario, type Summary } from "../../engine/index.ts";
import { search } from "../../engine/search/index.ts";
import { propertyWords } from "./break-it-words.ts";
import { termLabelOf } from "../labels.ts";

describe("Try to break it, in the learner's words", () => {
  const run = (writes: Partial<Summary["writes"]>, violations: string[] = []) => ({
    writes: { accepted: 3, rejected: 0, staleAccepted: 0, ...writes },
    violations: violations.map((property) => ({ property, at: 1, detail: "" })),
  });

  it("words each found kind by what the run shows, not by the property searched for", () => {
    // An older write applied after a newer one: lost safety, whatever was searched for.
    for (const property of ["stale-write", "overlap", "fencing-monotonic"]) {
      const f = findingOf(property, run({ staleAccepted: 1 }, ["fencing-monotonic"]));
      expect(f.kind).toBe("lost");
      expect(findingHeadline(f, propertyWords(property))).toBe(
        "Broken: safety lost (an older write was applied after a newer one)",
      );
      expect(findingNote(f)).not.toMatch(/hazard|not lost safety|whether fencing/);
      expect(replayTitle(f)).toBe("The smallest schedule that breaks it");
    }
    // A stale write applied before the new leader's first write: still a break, never "not lost".
    const early = findingOf("stale-write", run({ staleAccepted: 1 }));
    expect(early.kind).toBe("stale-accepted");
    expect(findingHeadline(early, "A stale write is accepted")).toBe("Broken: a stale write was accepted");
    expect(findingNote(early)).not.toMatch(/hazard|not lost safety/);
    expect(replayTitle(early)).toBe("The smallest schedule that breaks it");
    // Two leaders with every stale write refused: the hazard the token contained.
    const held = findingOf("overlap", run({ rejected: 2 }));
    expect(held.kind).toBe("contained");
    expect(findingHeadline(held, propertyWords("overlap"))).toBe("Found a hazard (two leaders at once)");
    expect(findingNote(held)).toMatch(
      /^A hazard is a danger, not lost safety: .*refused every stale write \(2 refused\)/,
    );
    expect(replayTitle(held)).toBe("The smallest schedule that shows the hazard");
    expect(findingNote(findingOf("overlap", run({})))).toMatch(/no stale write reached the resource/);
    // Nobody leading: a hazard with nothing written, and no word about fencing.
    const gap = findingOf("leaderless:5", run({}));
    expect(gap.kind).toBe("leaderless");
    expect(findingNote(gap)).not.toMatch(/fencing/);
    // Two leaders in one term (raft, no resource): lost, in the protocol's rule's words.
    const term = findingOf("one-leader-per-term", run({}, ["one-leader-per-term"]));
    expect(findingHeadline(term, "x")).toBe("Broken: safety lost (two leaders in the same term)");
  });

  it("the fencing lesson's search, fencing off: a stale write applied reads as lost safety (review 17a #2)", () => {
    for (const property of ["stale-write", "overlap"]) {
      const o = search({ scenario: presets["fencing-off"].scenario, property });
      expect(o.found).toBe(true);
      const f = findingOf(property, runScenario(o.counterexample, { trace: "roles" }).summary);
      expect(f.kind).toBe("lost");
      expect(`${findingHeadline(f, propertyWords(property))} ${findingNote(f)}`).not.toMatch(
        /hazard|not lost safety|whether fencing refused/,
      );
    }
    // Fencing on, the same search for two leaders: the hazard the token contained.
    const o = search({ scenario: presets["fencing-diagram"].scenario, property: "overlap" });
    const f = findingOf("overlap", runScenario(o.counterexample, { trace: "roles" }).summary);
    expect(f.kind).toBe("contained");
    expect(findingNote(f)).toMatch(/refused every stale write/);
  }, 120_000);

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
