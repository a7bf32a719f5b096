// Pacemaker's documented default (stonith-enabled), replayed as a scenario (issue 34), beside the
// other projects' cases in this folder.
import { describe, expect, it } from "vitest";
import { run } from "./real-cases.fixture.ts";

describe("Pacemaker", () => {
  it("Pacemaker (stonith-enabled, the default): a partitioned pair is never active on both sides", () => {
    for (let seed = 1; seed <= 5; seed++) {
      const { summary } = run({
        protocol: "heartbeat",
        nodes: 2,
        seed,
        until: "30s",
        timing: { heartbeat: "1s", timeout: "5s", fence: "2s" },
        faults: [{ at: "10s", do: "partition", groups: [["n1"], ["n2"]] }],
      });
      expect(summary.maxConcurrentLeaders).toBe(1);
    }
  });
});
