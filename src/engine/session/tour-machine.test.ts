import { describe, expect, it } from "vitest";
import { presets, type TraceEvent } from "../index.ts";
import { reduceTour, type TourSpec, type TourState, type TourView } from "./index.ts";

const tour: TourSpec = {
  preset: "fencing-diagram",
  scenario: { preset: "fencing-diagram", withoutFaults: true, overrides: { until: "40s" } },
  title: "Fencing",
  steps: [
    { title: "Watch", until: { type: "elapsed", for: "2s" } },
    {
      title: "Pause it",
      action: { fault: { do: "pause", node: "leader", for: 15_000 }, by: "learner" },
      until: { type: "new-leader" },
    },
    {
      title: "Other preset",
      load: { preset: "billing-crash", withoutFaults: true },
      action: { fault: { do: "crash", node: "leader" }, by: "auto" },
      until: { type: "leader" },
    },
  ],
};
const scenario = {
  ...structuredClone(presets["fencing-diagram"].scenario),
  faults: [],
  until: "40s",
} as Record<string, unknown>;
const view = (over: Partial<TourView> = {}): TourView => ({
  live: true,
  t: 0,
  scenario,
  events: [],
  leaders: new Set(),
  maxTerm: 0,
  ended: false,
  ...over,
});
const ev = (e: Partial<TraceEvent> & { type: string; t: number }) => e as TraceEvent;

function started(): TourState {
  const r = reduceTour(null, { type: "start", tour, view: view({ live: false }) });
  return reduceTour(r.state, { type: "reset", view: view() }).state as TourState;
}

describe("the tour machine", () => {
  it("starts by loading its preset without the scripted faults, for the tour's length", () => {
    const r = reduceTour(null, { type: "start", tour, view: view({ live: false }) });
    expect(r.state).toMatchObject({ index: 0, phase: "starting", beginAfterReset: 0 });
    expect(r.commands).toEqual([
      { type: "load", scenario, source: "fencing-diagram", title: "Fencing", at: 0 },
    ]);
  });

  it("refuses a tour whose preset does not exist, with a notice", () => {
    const r = reduceTour(null, {
      type: "start",
      tour: { ...tour, preset: "nope", scenario: { preset: "nope" } },
      view: view(),
    });
    expect(r.state).toBeNull();
    expect(r.commands).toEqual([
      { type: "notice", text: "The tour names a preset that does not exist: nope" },
    ]);
  });

  it("begins a step when the run is shown: a timed step plays and stops exactly at its end", () => {
    const r = reduceTour(reduceTour(null, { type: "start", tour, view: view() }).state, {
      type: "reset",
      view: view({ t: 500 }),
    });
    expect(r.state).toMatchObject({
      phase: "running",
      fromT: 500,
      beginAfterReset: null,
      starts: [{ t: 500, scenario }],
    });
    expect(r.commands).toEqual([{ type: "stop-at", t: 2_500 }, { type: "play" }]);
  });

  it("ends a step when its condition holds: stop, pause, say so", () => {
    const r = reduceTour(started(), { type: "frame", view: view({ t: 2_000 }) });
    expect(r.state).toMatchObject({ phase: "done", ended: false });
    expect(r.commands).toEqual([
      { type: "stop-at", t: null },
      { type: "pause" },
      { type: "announce", text: "Step 1 done: Watch." },
    ]);
    expect(reduceTour(started(), { type: "frame", view: view({ t: 1_999 }) }).commands).toEqual([]);
  });

  it("ends a step whose run ended first, and marks it so", () => {
    const r = reduceTour(started(), { type: "frame", view: view({ t: 1_000, ended: true }) });
    expect(r.state).toMatchObject({ phase: "done", ended: true });
  });

  it("waits for the learner's action; 'Do it for me' takes it; only a matching fault runs the step", () => {
    const s0 = reduceTour(started(), { type: "frame", view: view({ t: 2_000 }) }).state;
    const leaders = new Set(["n1"]);
    const events = [ev({ t: 1, type: "leader-start", node: "n1", token: 1, term: 1 })];
    const r1 = reduceTour(s0, { type: "next", view: view({ t: 2_000, leaders, events }) });
    expect(r1.state).toMatchObject({
      index: 1,
      phase: "waiting-action",
      fromEvent: 1,
      leadersAtStart: ["n1"],
    });
    expect(r1.commands).toEqual([{ type: "pause" }, { type: "pause" }]);
    expect(reduceTour(r1.state, { type: "do", view: view() }).commands).toEqual([
      { type: "act", fault: { do: "pause", node: "leader", for: 15_000 } },
    ]);
    const wrong = reduceTour(r1.state, {
      type: "acted",
      fault: { do: "crash", node: "n1", at: 2_100 },
      at: 2_100,
      eventIndex: 1,
      view: view({ leaders }),
    });
    // Another move: the step still waits for its own, and says the run has left its path.
    expect(wrong.state).toMatchObject({
      phase: "waiting-action",
      offPlan: expect.stringMatching(/not this step's move/),
    });
    const right = reduceTour(r1.state, {
      type: "acted",
      fault: { do: "pause", node: "n1", for: 15_000, at: 2_100 },
      at: 2_100,
      eventIndex: 1,
      view: view({ leaders }),
    });
    expect(right.state).toMatchObject({ phase: "running", fromEvent: 1, fromT: 2_100 });
    expect(right.commands).toEqual([{ type: "stop-at", t: null }, { type: "play" }]);
    // The new leader has to be one that did not lead when the step began.
    const again = [...events, ev({ t: 3, type: "leader-start", node: "n1", token: 2, term: 2 })];
    expect(reduceTour(right.state, { type: "frame", view: view({ events: again }) }).state?.phase).toBe(
      "running",
    );
    const other = [...events, ev({ t: 3, type: "leader-start", node: "n2", token: 2, term: 2 })];
    expect(reduceTour(right.state, { type: "frame", view: view({ events: other }) }).state?.phase).toBe(
      "done",
    );
  });

  it("a step that loads another preset begins once it is shown, and takes an automatic action", () => {
    const s1 = { ...started(), index: 1, phase: "done" as const };
    const r = reduceTour(s1, { type: "next", view: view() });
    const billing = { ...structuredClone(presets["billing-crash"].scenario), faults: [] };
    expect(r.commands).toEqual([
      { type: "pause" },
      { type: "load", scenario: billing, source: "billing-crash", title: "Fencing", at: 0 },
    ]);
    expect(r.state).toMatchObject({ index: 2, phase: "starting", beginAfterReset: 2 });
    const shown = reduceTour(r.state, { type: "reset", view: view({ scenario: billing }) });
    expect(shown.state?.phase).toBe("waiting-action");
    expect(shown.commands).toEqual([{ type: "act", fault: { do: "crash", node: "leader" } }]);
  });

  it("Back rewinds to where the step began: a seek on the same run, a load of another", () => {
    const base = {
      ...started(),
      index: 1,
      phase: "done" as const,
      starts: [
        { t: 700, scenario },
        { t: 2_000, scenario },
      ],
    };
    const same = reduceTour(base, { type: "back", view: view({ t: 9_000 }) });
    expect(same.commands).toEqual([{ type: "pause" }, { type: "seek", t: 700 }]);
    expect(same.state).toMatchObject({ index: 0, phase: "starting", beginAfterReset: 0 });
    const other = reduceTour(base, { type: "back", view: view({ scenario: { ...scenario, seed: 9 } }) });
    expect(other.commands).toEqual([{ type: "pause" }, { type: "load", scenario, at: 700 }]);
    expect(reduceTour(started(), { type: "back", view: view() }).commands).toEqual([]);
  });

  it("Exit clears the tour and its stop", () => {
    expect(reduceTour(started(), { type: "exit", view: view() })).toEqual({
      state: null,
      commands: [{ type: "stop-at", t: null }],
    });
  });
});
