// At one instant, the event a screen is about heads the list: a write's fate or a safety event
// before the role and term changes that come with it (review 18a #5).
import { describe, expect, it } from "vitest";
import type { TraceEvent } from "../engine/index.ts";
import { formatTenths } from "./format-seconds.ts";
import { subjectLast, toneRank } from "./headline.ts";
import { latestMark } from "./marks.ts";
import type { Tone } from "../engine/protocols/spec.ts";

const line = (t: number, text: string, tone: Tone) => ({ t, text, tone });

describe("the headline at one instant", () => {
  it("/start screen 7: the refused late write heads 7.2 s, not the term the woken leader adopts", () => {
    // The times of start-late-write: n2 wakes and steps down at 7.212 s, its writes are refused at
    // 7.214 s, and the guided run's own line about the adopted term carries the next frame's time.
    const lines = [
      line(7212, "n2 stopped leading (now a follower)", "info"),
      line(7214, "The resource refused n2's write: token 1 is older than 2", "good"),
      line(7214, "The resource refused n2's write: token 1 is older than 2", "good"),
      line(7250, "n2 adopts term 2 from n1 (its own was 1) and follows n1", "info"),
    ];
    const out = subjectLast(lines, formatTenths, (l) => toneRank(l.tone));
    expect(out.at(-1)?.text).toMatch(/^The resource refused n2's write/);
    expect(out.map((l) => l.t).slice(0, 2)).toEqual([7212, 7250]);
    // A later instant still comes after, whatever its tone.
    const later = [...lines, line(8000, "n1 wrote to the resource with token 2", "info")];
    expect(subjectLast(later, formatTenths, (l) => toneRank(l.tone)).at(-1)?.t).toBe(8000);
  });

  it("a stale write applied outranks a hazard, which outranks a leader change", () => {
    expect(toneRank("bad")).toBeGreaterThan(toneRank("hazard"));
    expect(toneRank("hazard")).toBeGreaterThan(toneRank("leader"));
    expect(toneRank("good")).toBeGreaterThan(toneRank("info"));
  });

  it("the sandbox's Latest marks the refused write, not a new leader listed after it at the same time", () => {
    const events = [
      { t: 5000, type: "leader-start", node: "n1", token: 2 },
      { t: 9001, type: "write", node: "n2", token: 1, result: "rejected", maxSeen: 2 },
      { t: 9002, type: "leader-start", node: "n3", token: 3 },
    ] as unknown as TraceEvent[];
    expect(latestMark(events, "raft", "token")?.kind).toBe("rejected");
    // A later instant's leader still heads its own instant.
    const later = [
      ...events,
      { t: 9500, type: "leader-start", node: "n1", token: 4 },
    ] as unknown as TraceEvent[];
    expect(latestMark(later, "raft", "token")?.kind).toBe("leader");
  });
});
