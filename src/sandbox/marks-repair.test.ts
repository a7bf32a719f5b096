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
});
