// The property table: names, and "did this run break it" read from summaries, whether the
// summary lists hazards among violations (today) or apart (after the monitors are split).
import { describe, expect, it } from "vitest";
import { presets, runScenario, type Summary } from "../index.ts";
import { failureOf, parseProperty, PropertyError } from "./properties.ts";

const base = (over: Partial<Summary>): Summary => ({
  protocol: "raft",
  nodes: 3,
  seed: 1,
  until: 10_000,
  leaders: [],
  leaderChanges: 0,
  overlap: 0,
  leaderless: 0,
  maxConcurrentLeaders: 0,
  writes: { accepted: 0, rejected: 0, staleAccepted: 0 },
  messages: 0,
  violations: [],
  hazards: [],
  electionMessages: { total: 0, perElection: null, byKind: {} },
  ...over,
});

describe("properties", () => {
  it("parses the monitors' names and leaderless:SECONDS, and refuses others by name", () => {
    expect(parseProperty("one-leader-per-term").kind).toBe("safety");
    expect(parseProperty("stale-write").kind).toBe("hazard");
    expect(parseProperty("leaderless:2.5")).toMatchObject({ kind: "hazard", limitMs: 2500 });
    expect(() => parseProperty("leaderless")).toThrow(/leaderless:SECONDS/);
    expect(() => parseProperty("two-leaders")).toThrow(PropertyError);
    expect(() => parseProperty("two-leaders")).toThrow(/unknown property "two-leaders"/);
  });

  it("finds a record in violations or in a separate hazards list", () => {
    const rec = { property: "overlap", at: 1200, detail: "2 nodes believe they lead" };
    expect(failureOf(parseProperty("overlap"), base({ violations: [rec] }))).toEqual(rec);
    const split = { ...base({}), hazards: [rec] } as Summary;
    expect(failureOf(parseProperty("overlap"), split)).toEqual(rec);
    expect(failureOf(parseProperty("one-leader-per-term"), split)).toBeNull();
  });

  it("falls back on the measures when no record carries the name", () => {
    const s = base({
      maxConcurrentLeaders: 2,
      leaders: [
        { node: "n1", token: 1, from: 100, to: 900 },
        { node: "n2", token: 2, from: 700, to: null },
      ],
    });
    expect(failureOf(parseProperty("overlap"), s)?.at).toBe(700);
    expect(
      failureOf(
        parseProperty("stale-write"),
        base({ writes: { accepted: 1, rejected: 0, staleAccepted: 1 } }),
      ),
    ).not.toBeNull();
  });

  it("leaderless:S is the longest stretch with nobody leading, the run's start and end included", () => {
    const leaders = [
      { node: "n1", token: 1, from: 300, to: 4000 },
      { node: "n2", token: 2, from: 3900, to: 5000 },
      { node: "n3", token: 3, from: 8000, to: null },
    ];
    expect(failureOf(parseProperty("leaderless:3"), base({ leaders }))).toBeNull(); // gaps: 0.3 s, 3 s
    expect(failureOf(parseProperty("leaderless:2.9"), base({ leaders }))).toMatchObject({ at: 7900 });
    expect(failureOf(parseProperty("leaderless:9"), base({ leaders: [] }))?.detail).toMatch(
      /until the end of the run/,
    );
  });

  it("fencing-monotonic reads the typed write events of a real run", () => {
    const sc = { ...presets["fencing-off"].scenario };
    const { trace, summary } = runScenario(sc, { trace: "roles" });
    const f = failureOf(parseProperty("fencing-monotonic"), summary, trace);
    expect(f?.detail).toMatch(/applied (n\d.s token|revision) 2 after (n\d.s token )?3/);
    const fenced = runScenario({ ...sc, fencing: "token" }, { trace: "roles" });
    expect(failureOf(parseProperty("fencing-monotonic"), fenced.summary, fenced.trace)).toBeNull();
  });
});
