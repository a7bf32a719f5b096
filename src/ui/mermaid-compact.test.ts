import { describe, expect, it } from "vitest";
import { compactChart, compactConfig, sequenceLanes } from "./mermaid-compact";

const RAFT = `sequenceDiagram
    participant n2
    participant n1
    participant n3
    Note over n1: timeout: term 3,<br/>vote for self
    n1->>n2: RequestVote, term 3<br/>last log: term 2
    n2-->>n1: vote granted`;

describe("lesson diagrams drawn for a phone's column", () => {
  it("finds a sequence diagram's lanes, declared or only messaged", () => {
    expect(sequenceLanes(RAFT)).toEqual(["n2", "n1", "n3"]);
    expect(sequenceLanes("sequenceDiagram\n  A->>B: hi\n  B-->>C: yo\n  C-xA: no")).toEqual(["A", "B", "C"]);
  });
  it("leaves a wide frame's drawing as written", () => {
    expect(compactConfig(RAFT, 700)).toBeNull();
    expect(compactChart(RAFT, 700)).toBe(RAFT);
  });
  it("sizes three lanes to share a 325 px frame at 12 px labels (433 units)", () => {
    const seq = compactConfig(RAFT, 325)!.sequence as { width: number; actorMargin: number; wrap: boolean };
    expect(seq.wrap).toBe(true);
    expect(3 * seq.width + 2 * seq.actorMargin + 16).toBeLessThanOrEqual(433);
    expect(seq.width).toBeGreaterThanOrEqual(96);
  });
  it("lets the narrow lanes wrap a label's own breaks, and turns a sideways flowchart downwards", () => {
    const out = compactChart(RAFT, 325);
    expect(out.startsWith("%%{init: ")).toBe(true);
    expect(out).not.toMatch(/<br/);
    expect(compactChart("flowchart LR\n  A --> B", 325)).toMatch(/\nflowchart TB\n/);
  });
});
