import { describe, expect, it } from "vitest";
import {
  checkForm,
  containsPhrase,
  countSentences,
  findAcronyms,
  matchPoint,
  matchRubric,
  stem,
  words,
} from "./match";

describe("normalising words", () => {
  it("folds case, punctuation, accents, possessives and simple plurals", () => {
    expect(words("The Leader's LEASES expire; fencing-tokens, café!")).toEqual([
      "the",
      "leader",
      "lease",
      "expire",
      "fencing",
      "token",
      "cafe",
    ]);
    expect(words("watches, processes, policies, boxes")).toEqual(["watch", "process", "policy", "box"]);
  });
  it("keeps words whose final s is not a plural", () => {
    expect(["status", "consensus", "analysis", "loss", "gc", "ms"].map(stem)).toEqual([
      "status",
      "consensus",
      "analysis",
      "loss",
      "gc",
      "ms",
    ]);
  });
  it("splits numbers from units so 10s, 10 s and 10-s read the same", () => {
    expect(words("10s")).toEqual(words("10 s"));
    expect(words("a 10-s lease")).toEqual(["a", "10", "s", "lease"]);
  });
});

describe("phrases", () => {
  it("match whole words in order, not inside other words", () => {
    expect(containsPhrase(words("we release the lock"), "lease")).toBe(false);
    expect(containsPhrase(words("Split-brain happens"), "split brain")).toBe(true);
    expect(containsPhrase(words("brain split"), "split brain")).toBe(false);
  });
  it("match any ending with a trailing star", () => {
    expect(containsPhrase(words("the storage fences old writers"), "fenc*")).toBe(true);
    expect(containsPhrase(words("fencing"), "fenc*")).toBe(true);
    expect(containsPhrase(words("offence"), "fenc*")).toBe(false);
  });
  it("treat a star in the learner's text as punctuation", () => {
    expect(containsPhrase(words("**fencing** matters"), "fencing")).toBe(true);
  });
});

describe("key points", () => {
  const fencing = { id: "fencing", cues: ["fenc*", "token", { all: ["reject*", "old* leader"] }] };
  it("are found through any cue, with the sentence as evidence", () => {
    const m = matchPoint("We use a lease. Each write carries a Token that storage checks.", fencing);
    expect(m).toEqual({
      pointId: "fencing",
      found: true,
      cue: "token",
      evidence: "Each write carries a Token that storage checks.",
    });
  });
  it("need every part of an all-of cue in one sentence", () => {
    expect(matchPoint("Storage rejects writes from the older leader.", fencing).found).toBe(true);
    expect(matchPoint("Storage rejects bad writes. The older leader waits.", fencing).found).toBe(false);
  });
  it("prefer the rubric's first cue, so the evidence is the strongest sentence", () => {
    const crash = { id: "failover", cues: ["takes over", "10 s"] };
    const m = matchPoint("A lease with a 10 s TTL. If it crashes, another replica takes over.", crash);
    expect(m).toMatchObject({ cue: "takes over", evidence: "If it crashes, another replica takes over." });
  });
  it("are missing when no cue appears, and say so without evidence", () => {
    expect(matchPoint("Renew every 3 s and step down at 7 s.", fencing)).toEqual({
      pointId: "fencing",
      found: false,
      cue: null,
      evidence: null,
    });
  });
  it("shorten long evidence", () => {
    const long = `A fencing token ${"really ".repeat(40)}matters.`;
    const m = matchPoint(long, fencing);
    expect(m.evidence!.length).toBeLessThanOrEqual(160);
    expect(m.evidence!.endsWith("…")).toBe(true);
  });
  it("match a whole rubric in order", () => {
    const rubric = [fencing, { id: "lease", cues: ["lease", "ttl"] }];
    expect(matchRubric("A 10 s TTL.", rubric).map((m) => m.found)).toEqual([false, true]);
  });
  it("are safe with empty and odd input", () => {
    expect(matchPoint("", fencing).found).toBe(false);
    expect(matchPoint("<script>alert(1)</script> token", fencing).found).toBe(true);
  });
});

describe("form checks", () => {
  it("count sentences roughly", () => {
    expect(countSentences("One. Two! Three? Four")).toBe(4);
    expect(countSentences("   ")).toBe(0);
  });
  it("spot acronyms but not ordinary capitalised words", () => {
    expect(findAcronyms("The TTL and GC pauses; NTPs drift. Leader and I agree.")).toEqual([
      "TTL",
      "GC",
      "NTP",
    ]);
  });
  it("report each requested check", () => {
    expect(checkForm("One. Two.", { sentences: 2, plainWords: true })).toEqual([
      { id: "sentences", ok: true, text: "2 sentences written; 2 asked for." },
      { id: "plain-words", ok: true, text: "No acronyms spotted." },
    ]);
    expect(checkForm("The TTL.", { sentences: 5 })[0].ok).toBe(false);
    expect(checkForm("x", undefined)).toEqual([]);
  });
});
