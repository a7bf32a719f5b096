import { describe, expect, it } from "vitest";
import { dueFollowUps } from "./followups";
import type { Prompt } from "./schema";

const prompt = {
  rubric: [
    { id: "fencing", label: "Fencing", detail: "d", cues: ["fenc*", "token"] },
    { id: "lease", label: "Lease", detail: "d", cues: ["lease", "ttl"] },
  ],
  followUps: [
    { id: "numbers", question: "Numbers?", trigger: { when: "phase", phase: "design" } },
    {
      id: "gc-write",
      question: "GC pause?",
      trigger: { when: "missing", point: "fencing", phase: "deep-dive" },
    },
    { id: "no-lease", question: "Lease?", trigger: { when: "missing", point: "lease", phase: "clarify" } },
  ],
} as unknown as Pick<Prompt, "followUps" | "rubric">;
const ids = (answer: string, phase: number, asked: string[] = []) =>
  dueFollowUps(prompt, phase, answer, new Set(asked)).map((f) => f.id);

describe("follow-up triggering", () => {
  it("asks a phase follow-up when its phase starts, and not before", () => {
    expect(ids("a lease", 0)).toEqual([]);
    expect(ids("a lease", 1)).toEqual(["numbers"]);
  });
  it("asks a missing-point follow-up only while the point is missing", () => {
    expect(ids("an etcd lease, 10 s TTL", 2, ["numbers"])).toEqual(["gc-write"]);
    expect(ids("an etcd lease with a fencing token", 2, ["numbers"])).toEqual([]);
  });
  it("asks nothing twice", () => {
    expect(ids("", 3, ["numbers", "gc-write", "no-lease"])).toEqual([]);
  });
  it("catches up on follow-ups whose phase was skipped, in content order", () => {
    expect(ids("", 3)).toEqual(["numbers", "gc-write", "no-lease"]);
  });
  it("does not ask about a point the learner covered, even in other words", () => {
    expect(ids("Storage keeps the highest Tokens seen.", 3, ["numbers"])).toEqual(["no-lease"]);
  });
});
