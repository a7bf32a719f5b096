// The write log's result cells: why a write was refused, in words built from the event's fields.
import { describe, expect, it } from "vitest";

describe("write log cells", () => {
  const w = {
    t: 1,
    type: "write",
    node: "n1",
    token: 1,
    result: "rejected",
    maxSeen: 2,
    sentAt: 0,
    detail: "words nobody reads",
  } as const;
  it("say why a write was refused from the event's fields", async () => {
    const { writeResult } = await import("./Logs.tsx");
    expect(writeResult(w, "etcd")).toBe("refused: 1 < 2");
    expect(writeResult({ ...w, rows: 0 }, "database")).toBe("refused: 1 < 2 (0 rows)");
    expect(writeResult({ ...w, sequencer: "not-current", lockHolder: "n2", lockToken: 2 }, "zookeeper")).toBe(
      "refused: the lock is n2's (generation 2)",
    );
    expect(writeResult({ ...w, sequencer: "not-current", lockHolder: null }, "zookeeper")).toBe(
      "refused: nobody holds the lock",
    );
    expect(writeResult({ ...w, sequencer: "no-answer" }, "zookeeper")).toBe(
      "refused: the lock service did not answer",
    );
    // Token 1 applied after the resource had seen 2: the red case (an amber "landed before the new
    // leader wrote" needs no higher token seen; stale-verdict.test.ts holds both).
    expect(writeResult({ ...w, result: "stale-accepted" }, "etcd")).toBe("applied after 2: safety lost");
  });
});
