// "Try to break it" offers only what the run's protocol can break, in its words (issue 33: an
// etcd run offered terms and votes, which etcd's election does not have).
import { describe, expect, it } from "vitest";
import { breakItProperties } from "./break-it-properties.ts";

const safety = (protocol: string, keep?: string) =>
  breakItProperties(protocol, keep)[0].items.map(([, words]) => words);

describe("breakItProperties", () => {
  it("etcd: no term, no vote; the store's token must grow", () => {
    const words = safety("etcd");
    expect(words.join(" ")).not.toMatch(/term|epoch|vote/i);
    expect(words).toContain("A new token from etcd that does not grow");
    expect(safety("kubernetes")).toContain("A new token from the API server that does not grow");
    expect(words).toContain("The resource applies a lower token after a higher one");
  });
  it("raft: terms and votes; no store", () => {
    expect(safety("raft")).toEqual([
      "Two leaders in the same term",
      "A node votes twice in one term",
      "A node's term goes backwards",
      "The resource applies a lower token after a higher one",
    ]);
  });
  it("zab and bully: epochs, no votes", () => {
    for (const p of ["zab", "bully"]) {
      expect(safety(p)).toContain("Two leaders in the same epoch");
      expect(safety(p).join(" ")).not.toMatch(/vote/);
    }
  });
  it("keeps a property a lesson link named", () => {
    expect(breakItProperties("etcd", "term-monotonic")[0].items.map(([v]) => v)).toContain("term-monotonic");
  });
  it("hazards apply to every protocol", () => {
    expect(breakItProperties("kubernetes")[1].items.map(([v]) => v)).toEqual([
      "overlap",
      "stale-write",
      "leaderless",
    ]);
  });
});
