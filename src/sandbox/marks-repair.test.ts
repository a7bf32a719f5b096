import { describe, expect, it } from "vitest";
import type { TraceEvent } from "../engine/index.ts";
import { latestMark } from "./marks.ts";

const f = { t: 16_300, type: "fault", detail: "", effect: "applied" } as const;

describe("a repair is not marked as a fault", () => {
  it("marks a healed link as a repair, in good tone, and a cut as a fault", () => {
    const heal = latestMark(
      [{ ...f, fault: "heal", groups: [["n2"], ["store"]] } as TraceEvent],
      "etcd",
      "token",
    );
    expect(heal).toMatchObject({
      kind: "repair",
      title: "Repair",
      tone: "good",
      text: "The link between n2 and etcd was healed",
    });
    const restart = latestMark([{ ...f, fault: "restart", node: "n1" } as TraceEvent], "raft", "token");
    expect(restart).toMatchObject({ kind: "repair", title: "Repair" });
    const cut = latestMark(
      [{ ...f, fault: "partition", groups: [["n2"], ["store"]] } as TraceEvent],
      "etcd",
      "token",
    );
    expect(cut).toMatchObject({
      kind: "fault",
      title: "Fault",
      text: "The link between n2 and etcd was cut",
    });
  });

  it("a pause armed for a follower's write says, in Latest, that it waits until that node leads", () => {
    const lead = { t: 400, type: "leader-start", node: "n2", token: 2, term: 2 } as TraceEvent;
    const armed = { ...f, fault: "pause", effect: "armed", for: 15_000, during: "write" } as const;
    expect(latestMark([lead, { ...armed, node: "n3" } as TraceEvent], "etcd", "token")?.text).toBe(
      "n3 will pause for 15 s at its next write; only a leader writes, so this waits until n3 leads",
    );
    expect(latestMark([lead, { ...armed, node: "n2" } as TraceEvent], "etcd", "token")?.text).toBe(
      "n2 will pause for 15 s at its next write, after deciding to write",
    );
  });
});
