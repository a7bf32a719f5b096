// The tour never strands the learner (review 14b #1): a move that would not do what the step's
// does is named at once; Next never passes a step whose event did not happen; "Do it for me"
// rewinds first. Driven through the machine with the Bully tour's own file.
import { describe, expect, it } from "vitest";
import { intentMismatch, missedCondition, reduceTour, type TourState, type TourView } from "./index.ts";
import tourFile from "../../../content/tours/bully-partition.json";
import type { TourSpec } from "./index.ts";

const tour = tourFile as unknown as TourSpec & {
  steps: Array<{ action?: { fault: Record<string, unknown> } }>;
};

const view = (over: Partial<TourView> = {}): TourView => ({
  live: true,
  t: 500,
  scenario: { a: 1 },
  events: [],
  leaders: new Set(["n5"]),
  maxTerm: 1,
  ended: false,
  ...over,
});

const atSplit = (): TourState => ({
  tour,
  index: 1,
  phase: "waiting-action",
  fromEvent: 0,
  fromT: 500,
  leadersAtStart: ["n5"],
  starts: [
    { t: 0, scenario: { a: 1 } },
    { t: 500, scenario: { a: 1 } },
  ],
  ended: false,
  beginAfterReset: null,
  offPlan: null,
  doOnBegin: false,
});

describe("a learner's own move in a tour", () => {
  it("the picture's split with the resource on side A is the Bully step's move", () => {
    const want = tour.steps[1].action!.fault;
    expect(
      intentMismatch(want, {
        do: "partition",
        groups: [
          ["n1", "n2", "n3", "resource"],
          ["n4", "n5"],
        ],
      }),
    ).toBeNull();
    expect(
      intentMismatch(want, {
        do: "partition",
        groups: [
          ["n4", "n5"],
          ["resource", "n3", "n2", "n1"],
        ],
      }),
    ).toBeNull();
  });
  it("a split that leaves the resource with n4 n5, or n3 with them, is named in words", () => {
    const want = tour.steps[1].action!.fault;
    expect(
      intentMismatch(want, {
        do: "partition",
        groups: [
          ["n1", "n2", "n3"],
          ["n4", "n5", "resource"],
        ],
      }),
    ).toBe(
      "Your split made n1 n2 n3 | n4 n5 and the resource, but this step needs n1 n2 n3 and the resource | n4 n5, so what the tour shows next would not happen.",
    );
    expect(
      intentMismatch(want, {
        do: "partition",
        groups: [
          ["n1", "n2", "resource"],
          ["n3", "n4", "n5"],
        ],
      }),
    ).toMatch(/^Your split made n1 n2 and the resource \| n3 n4 n5/);
  });
  it("an off-plan split stops the step at once: paused, Next refused, Do it for me rewinds and acts", () => {
    const bad = {
      do: "partition",
      groups: [
        ["n1", "n2", "n3"],
        ["n4", "n5", "resource"],
      ],
    };
    const r = reduceTour(atSplit(), { type: "acted", fault: bad, at: 600, eventIndex: 3, view: view() });
    expect(r.state?.phase).toBe("waiting-action");
    expect(r.state?.offPlan).toMatch(/^Your split made/);
    expect(r.commands).toContainEqual({ type: "pause" });
    expect(reduceTour(r.state, { type: "next", view: view() }).commands).toEqual([]);
    const scenarioNow = { a: 1, faults: [bad] };
    const d = reduceTour(r.state, { type: "do", view: view({ t: 600, scenario: scenarioNow }) });
    // The run without the learner's split, where the step began; then the step's own split.
    expect(d.commands).toContainEqual({ type: "load", scenario: { a: 1 }, at: 500 });
    const after = reduceTour(d.state, { type: "reset", view: view() });
    expect(after.commands).toContainEqual({ type: "act", fault: tour.steps[1].action!.fault });
    expect(after.state?.offPlan).toBeNull();
  });
  it("a step whose event never came before the run ended: Next refused, Do it for me goes back to the move", () => {
    const ended: TourState = {
      ...atSplit(),
      index: 2,
      phase: "done",
      ended: true,
      starts: [...atSplit().starts, { t: 700, scenario: { a: 1 } }],
    };
    expect(reduceTour(ended, { type: "next", view: view({ t: 8000, ended: true }) }).commands).toEqual([]);
    const d = reduceTour(ended, { type: "do", view: view({ t: 8000, ended: true }) });
    expect(d.commands).toContainEqual({ type: "seek", t: 500 });
    expect(d.state?.index).toBe(1);
    expect(missedCondition({ type: "write", result: "rejected" })).toBe(
      "the resource never rejected a write",
    );
  });
  it("Do it for me on a step that began at the run's very end extends the run, then acts", () => {
    const atEnd: TourState = {
      ...atSplit(),
      starts: [
        { t: 0, scenario: { a: 1 } },
        { t: 8000, scenario: { a: 1 } },
      ],
    };
    const d = reduceTour(atEnd, { type: "do", view: view({ t: 8000, ended: true }) });
    expect(d.commands).toContainEqual({ type: "extend", by: 30_000 });
    const after = reduceTour(d.state, { type: "reset", view: view({ t: 8000 }) });
    expect(after.commands).toContainEqual({ type: "act", fault: tour.steps[1].action!.fault });
  });
});
