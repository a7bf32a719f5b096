// One vocabulary per protocol (issue 33): a Raft run says "term" wherever it shows the number a
// leader writes with (the Why? chain, its values, the resource box's word), the Why? chain names
// an election key by whose it is, and "majority" is the one word for the votes needed.
import { describe, expect, it } from "vitest";
import { createSimulation, explain, presets, type TraceEvent } from "../engine/index.ts";
import { termLabel } from "./labels.ts";
import { inTokenWord } from "./vocabulary.ts";
import { findTerm } from "../course/glossary.ts";

function chainOfLastLeader(preset: string) {
  const trace = createSimulation(structuredClone(presets[preset].scenario), { trace: "full" }).run()
    .trace as TraceEvent[];
  const i = trace.findLastIndex((e) => e.type === "leader-start");
  return explain(trace, i).chain;
}

describe("the run's own words", () => {
  it("a Raft chain reads in terms, never tokens, and says majority, never quorum", () => {
    const word = termLabel("raft").tokenWord;
    expect(word).toBe("term");
    const chain = chainOfLastLeader("raft-basic");
    const text = chain.map((s) => `${inTokenWord(s.title, word)} | ${inTokenWord(s.sentence, word)}`);
    // The votes are counted against the whole cluster (review 6a #10: "3 votes made the majority
    // of 3 it needed" read as a cluster of three in a run of five).
    const size = presets["raft-basic"].scenario.nodes as number;
    expect(text[0]).toMatch(
      new RegExp(
        `^n\\d became leader in term \\d+ \\| \\d+ of ${size} votes: a majority \\(it needed \\d+\\)`,
      ),
    );
    for (const t of text) {
      expect(t).not.toMatch(/\btoken\b/);
      expect(t).not.toMatch(/quorum/);
    }
  });

  it("says term for a Raft node's leadership and token for what a write carries", () => {
    // One rule in every protocol (review 9a #5): the write's number is the token; Raft's term
    // is the node's number, and only a leadership sentence says it.
    expect(inTokenWord("n1 became leader with token 2", "term")).toBe("n1 became leader in term 2");
    expect(inTokenWord("n1 wrote to the resource with token 2", "term")).toBe(
      "n1 wrote to the resource with token 2",
    );
    expect(inTokenWord("Token on the write", "term")).toBe("Token on the write");
    // Where the two words meet is said once, in the glossary.
    expect(findTerm("fencing-token")?.definition).toMatch(/a Raft leader's token is its term/);
    expect(inTokenWord("its term is the fencing token", "term")).toBe("its term is the fencing token");
    expect(inTokenWord("n1 became leader with token 2", "token")).toBe("n1 became leader with token 2");
  });

  it("an etcd chain names the deleted key by its owner and says plainly who is first in line", () => {
    const chain = chainOfLastLeader("billing-crash");
    const all = chain.map((s) => `${s.title} | ${s.sentence}`).join("\n");
    expect(all).not.toMatch(/\/election\//);
    expect(all).toMatch(/the store deleted n\d's election key/);
    expect(all).toMatch(/n\d's key is now first in line/);
    // A plain clause, not "no key made before it is left" (review 9a #15).
    expect(all).toMatch(/first in line: every key made before its own is gone/);
    expect(all).not.toMatch(/create revision than/);
  });
});
