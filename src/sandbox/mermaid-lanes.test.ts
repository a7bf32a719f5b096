// A lane with no arrow says why it is quiet (review 4b: the sandbox's sequence diagram showed
// an empty n3 column, which looked broken).
import { describe, expect, it } from "vitest";
import type { TraceEvent } from "../engine/index.ts";
import { sequenceDiagram } from "./mermaid.ts";

const send = (t: number, id: number, from: string, to: string): TraceEvent =>
  ({ t, type: "send", id, from, to, kind: "Heartbeat", arriveAt: t + 5 }) as TraceEvent;

describe("sequenceDiagram's quiet lanes", () => {
  it("a node that crashed in the window and sent nothing says so at its foot", () => {
    const events: TraceEvent[] = [
      {
        t: 1_000,
        type: "fault",
        fault: "crash",
        node: "n3",
        detail: "",
        effect: "applied",
      } as TraceEvent,
      send(1_100, 1, "n1", "n2"),
      send(1_200, 2, "n2", "n1"),
    ];
    const text = sequenceDiagram(events, { from: 900, to: 2_000, protocol: "raft" });
    expect(text).toContain("participant n3");
    expect(text.trim().split("\n").pop()).toBe("  Note over n3: n3: crashed, no messages here");
    // The lanes with arrows get no such note.
    expect(text).not.toMatch(/Note over n[12]: .*no messages/);
  });
});
