// A follower's number says what it is where it is not the node's own (review 15b #4: Kubernetes'
// "follower token 0" beside the API server's token 1), and one protocol's leader number has one
// word across the picture and Latest (review 15a #1: the database run's "epoch" and "token").
import { describe, expect, it } from "vitest";
import { termLabel, termText } from "./labels.ts";
import { inTokenWord, tokenGloss } from "./vocabulary.ts";

describe("a follower's number in words", () => {
  it("Kubernetes: a follower shows the token it last saw, the leader its own token", () => {
    const label = termLabel("kubernetes");
    expect(termText(label, { term: 1, token: null, role: "follower" })).toBe("last saw token 1");
    expect(termText(label, { term: 1, token: 1, role: "leader" })).toBe("token 1");
    expect(label.followerMeans).toMatch(/when this node last read it/);
  });
  it("coordinated Kubernetes: a follower's count of handovers is not called a token", () => {
    const label = termLabel("kubernetes", { coordinated: true });
    expect(termText(label, { term: 2, token: null, role: "follower" })).not.toMatch(/token/);
  });
  it("Raft and Zab keep their own words for every node (its term, its epoch)", () => {
    expect(termText(termLabel("raft"), { term: 3, token: null, role: "follower" })).toBe("term 3");
    expect(termText(termLabel("zab"), { term: 1, token: null, role: "follower" })).toBe("epoch 1");
  });
  it("the database says epoch for the leader's number in Latest, and the legend glosses the token once", () => {
    const label = termLabel("database");
    expect(label.word).toBe("epoch");
    expect(inTokenWord("n2 became leader with token 1", label.tokenWord)).toBe("n2 became leader in epoch 1");
    expect(tokenGloss("database", label.tokenWord)).toBe("token: the leader's epoch");
  });
});
