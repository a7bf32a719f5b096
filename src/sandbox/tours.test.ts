import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { TraceEvent } from "../engine/index.ts";
import { actionMatches, checkTour, conditionMet, describeCondition, type Condition, type StepContext } from "./tours.ts";

const ev = (e: Partial<TraceEvent> & { type: string; t: number }) => e as TraceEvent;
const ctx = (over: Partial<StepContext> = {}): StepContext => ({
  events: [], fromEvent: 0, fromT: 0, now: 0, leadersAtStart: new Set(), leadersNow: new Set(), ...over,
});

describe("tour conditions", () => {
  const events = [
    ev({ t: 1, type: "leader-start", node: "n2", token: 2, term: 2 }),
    ev({ t: 5, type: "write", node: "n2", token: 2, result: "accepted", maxSeen: 2 }),
    ev({ t: 19, type: "lease", action: "expire", node: "n2", judge: "store" }),
    ev({ t: 19.5, type: "leader-start", node: "n3", token: 3, term: 3 }),
    ev({ t: 25, type: "write", node: "n2", token: 2, result: "rejected", maxSeen: 3 }),
  ];

  it("'until a new leader is elected' needs a leader-start by a node that was not leading", () => {
    const c: Condition = { type: "new-leader" };
    expect(conditionMet(c, ctx({ events, fromEvent: 0, leadersAtStart: new Set(["n2"]) }))).toBe(true);
    expect(conditionMet(c, ctx({ events: events.slice(0, 3), leadersAtStart: new Set(["n2"]) }))).toBe(false);
    expect(describeCondition(c)).toBe("until a new leader is elected");
  });

  it("ignores what happened before the step began", () => {
    const c: Condition = { type: "write", result: "accepted" };
    expect(conditionMet(c, ctx({ events, fromEvent: 0 }))).toBe(true);
    expect(conditionMet(c, ctx({ events, fromEvent: 2 }))).toBe(false);
    expect(conditionMet({ type: "write", result: "rejected" }, ctx({ events, fromEvent: 2 }))).toBe(true);
  });

  it("matches any trace event by its fields", () => {
    expect(conditionMet({ type: "event", match: { type: "lease", action: "expire" } }, ctx({ events }))).toBe(true);
    expect(conditionMet({ type: "event", match: { type: "lease", action: "revoke" } }, ctx({ events }))).toBe(false);
  });

  it("counts time from the step (or its action), and absolute time", () => {
    expect(conditionMet({ type: "elapsed", for: "2s" }, ctx({ fromT: 10_000, now: 11_999 }))).toBe(false);
    expect(conditionMet({ type: "elapsed", for: "2s" }, ctx({ fromT: 10_000, now: 12_000 }))).toBe(true);
    expect(conditionMet({ type: "time", at: 20_000 }, ctx({ now: 20_000 }))).toBe(true);
    expect(conditionMet({ type: "leader" }, ctx({ leadersNow: new Set(["n1"]) }))).toBe(true);
  });

  it("accepts the learner's own version of the step's action", () => {
    const want = { do: "pause", node: "leader", for: "15s", during: "write" };
    expect(actionMatches(want, { do: "pause", node: "n2", for: 15_000, during: "write" }, new Set(["n2"]))).toBe(true);
    expect(actionMatches(want, { do: "pause", node: "n1", for: 15_000, during: "write" }, new Set(["n2"]))).toBe(false);
    expect(actionMatches(want, { do: "pause", node: "n2", for: 15_000 }, new Set(["n2"]))).toBe(false);
    expect(actionMatches({ do: "crash", node: "leader" }, { do: "crash", node: "leader" }, new Set())).toBe(true);
  });
});

describe("tour files", () => {
  const dir = join(__dirname, "../../content/tours");
  const files = readdirSync(dir).filter((f) => f.endsWith(".json"));

  it("include the fencing diagram and the billing worked example", () => {
    expect(files).toEqual(expect.arrayContaining(["fencing-diagram.json", "billing-crash.json"]));
  });

  for (const f of files) {
    it(`${f} is valid against the schema and the engine`, () => {
      const { problems } = checkTour(`tours/${f}`, JSON.parse(readFileSync(join(dir, f), "utf8")));
      expect(problems).toEqual([]);
    });
  }

  it("name what is wrong with a broken tour", () => {
    expect(checkTour("tours/x.json", { preset: "x", title: "t", summary: "s", steps: [] }).problems[0]).toMatch(/steps/);
    const bad = { preset: "billing-crash", title: "t", summary: "s", steps: [{ title: "a", narration: "b", action: { fault: { do: "crash", node: "n9" }, by: "auto", label: "c" } }] };
    expect(checkTour("tours/billing-crash.json", bad).problems).toEqual([expect.stringMatching(/steps\.0\.action\.fault: node: node "n9" does not exist|steps\.0\.action\.fault: .*n9/)]);
    expect(checkTour("tours/other.json", { ...bad, steps: [{ title: "a", narration: "b", until: { type: "leader" } }] }).problems[0]).toMatch(/must match the file name/);
  });
});
