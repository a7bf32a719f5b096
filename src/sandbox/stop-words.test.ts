import { describe, expect, it } from "vitest";
import { crashVsShutdown } from "./stop-words.ts";

describe("crashVsShutdown", () => {
  it("says a store-backed shutdown gives up what it holds, unlike a crash", () => {
    const line = crashVsShutdown("etcd");
    expect(line).toMatch(/^Crash: the process stops at once/);
    expect(line).toMatch(/Shut down: it deletes its key and revokes its lease first/);
    expect(crashVsShutdown("zookeeper")).toMatch(/closes its session first/);
  });

  it("does not promise a handover where the protocol has none", () => {
    for (const p of ["raft", "zab", "bully"]) {
      const line = crashVsShutdown(p);
      expect(line).toMatch(/hands nothing over/);
      expect(line).not.toMatch(/lease|session/);
    }
  });
});
