import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { summarizeTrace, type TraceEvent } from "../engine/index.ts";
import { SandboxController } from "./controller.ts";
import { DEFAULT_SCENARIO } from "./scenarios.ts";
import { InProcessWorker, settle } from "./testing.ts";
import { runTour } from "../engine/session/index.ts";
import {
  actionMatches,
  checkTour,
  conditionMet,
  describeCondition,
  stepScenario,
  stopTime,
  tourRunAt,
  tourScenario,
  tourSchema,
  type Condition,
  type StepContext,
  type Tour,
} from "./tours.ts";

const ev = (e: Partial<TraceEvent> & { type: string; t: number }) => e as TraceEvent;
const ctx = (over: Partial<StepContext> = {}): StepContext => ({
  events: [],
  fromEvent: 0,
  fromT: 0,
  now: 0,
  leadersAtStart: new Set(),
  leadersNow: new Set(),
  ...over,
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
    expect(conditionMet({ type: "event", match: { type: "lease", action: "expire" } }, ctx({ events }))).toBe(
      true,
    );
    expect(conditionMet({ type: "event", match: { type: "lease", action: "revoke" } }, ctx({ events }))).toBe(
      false,
    );
  });

  it("counts time from the step (or its action), and absolute time", () => {
    expect(conditionMet({ type: "elapsed", for: "2s" }, ctx({ fromT: 10_000, now: 11_999 }))).toBe(false);
    expect(conditionMet({ type: "elapsed", for: "2s" }, ctx({ fromT: 10_000, now: 12_000 }))).toBe(true);
    expect(conditionMet({ type: "time", at: 20_000 }, ctx({ now: 20_000 }))).toBe(true);
    expect(conditionMet({ type: "leader" }, ctx({ leadersNow: new Set(["n1"]) }))).toBe(true);
    expect(stopTime({ type: "elapsed", for: "2s" }, 10_000)).toBe(12_000);
    expect(stopTime({ type: "time", at: "20s" }, 10_000)).toBe(20_000);
    expect(stopTime({ type: "new-leader" }, 10_000)).toBeNull();
  });

  it("waits for a node's term to reach a value", () => {
    const c: Condition = { type: "term", atLeast: 10 };
    expect(conditionMet(c, ctx({ maxTerm: 9 }))).toBe(false);
    expect(conditionMet(c, ctx({ maxTerm: 10 }))).toBe(true);
    expect(describeCondition(c)).toBe("until a node's term reaches 10");
  });

  it("describes an event condition by its label when it has one", () => {
    expect(
      describeCondition({ type: "event", match: { type: "leader-end" }, label: "one master stands down" }),
    ).toBe("until one master stands down");
  });

  it("accepts the learner's own version of the step's action", () => {
    const want = { do: "pause", node: "leader", for: "15s", during: "write" };
    expect(
      actionMatches(want, { do: "pause", node: "n2", for: 15_000, during: "write" }, new Set(["n2"])),
    ).toBe(true);
    expect(
      actionMatches(want, { do: "pause", node: "n1", for: 15_000, during: "write" }, new Set(["n2"])),
    ).toBe(false);
    expect(actionMatches(want, { do: "pause", node: "n2", for: 15_000 }, new Set(["n2"]))).toBe(false);
    expect(actionMatches({ do: "crash", node: "leader" }, { do: "crash", node: "leader" }, new Set())).toBe(
      true,
    );
  });
});

describe("tour files", () => {
  const dir = join(__dirname, "../../content/tours");
  const files = readdirSync(dir).filter((f) => f.endsWith(".json"));

  it("include the fencing diagram, the billing worked example, the three incidents and the classic failures", () => {
    expect(files).toEqual(
      expect.arrayContaining([
        "fencing-diagram.json",
        "billing-crash.json",
        "github-2012.json",
        "stripe-2019.json",
        "sre-file-server.json",
        "bully-partition.json",
        "raft-split-vote.json",
        "zk-herd-leader.json",
        "k8s-apiserver-cut.json",
      ]),
    );
  });

  for (const f of files) {
    it(`${f} is valid against the schema and the engine`, () => {
      const { problems } = checkTour(`tours/${f}`, JSON.parse(readFileSync(join(dir, f), "utf8")));
      expect(problems).toEqual([]);
    });
  }

  it("refuse a tour whose end condition never happens in the engine", () => {
    const tour = JSON.parse(readFileSync(join(dir, "raft-split-vote.json"), "utf8"));
    // With identical timeouts nobody ever leads.
    tour.steps[1].until = { type: "leader" };
    expect(checkTour("tours/raft-split-vote.json", tour).problems).toEqual([
      expect.stringMatching(
        /^tours\/raft-split-vote\.json: steps\.1: "A split vote, again and again" never ended until a leader is elected \(the run ended at 10 s\) at 1x$/,
      ),
    ]);
  });

  it("name what is wrong with a broken tour", () => {
    expect(
      checkTour("tours/x.json", {
        preset: "x",
        scenario: { preset: "x" },
        title: "t",
        summary: "s",
        steps: [],
      }).problems[0],
    ).toMatch(/steps/);
    const bad = {
      preset: "billing-crash",
      scenario: { preset: "billing-crash", withoutFaults: true },
      title: "t",
      summary: "s",
      steps: [
        {
          title: "a",
          narration: "b",
          action: { fault: { do: "crash", node: "n9" }, by: "auto", label: "c" },
        },
      ],
    };
    expect(checkTour("tours/billing-crash.json", bad).problems).toEqual([
      expect.stringMatching(
        /steps\.0\.action\.fault: node: node "n9" does not exist|steps\.0\.action\.fault: .*n9/,
      ),
    ]);
    expect(
      checkTour("tours/other.json", {
        ...bad,
        steps: [{ title: "a", narration: "b", until: { type: "leader" } }],
      }).problems[0],
    ).toMatch(/must match the file name/);
  });

  it("check a tour's scenario references with the one ref validator, naming the field", () => {
    const step = { title: "a", narration: "b", until: { type: "leader" } };
    const start = {
      preset: "billing-crash",
      scenario: { preset: "billing-crash", withoutFaults: true, overrides: { until: "later" } },
      title: "t",
      summary: "s",
      steps: [step],
    };
    expect(checkTour("tours/billing-crash.json", start).problems).toEqual([
      expect.stringMatching(/^tours\/billing-crash\.json: scenario\.overrides\.until: /),
    ]);
    const load = {
      ...start,
      scenario: { preset: "billing-crash", withoutFaults: true },
      steps: [step, { ...step, load: { preset: "no-such-run" } }],
    };
    expect(checkTour("tours/billing-crash.json", load).problems).toEqual([
      'tours/billing-crash.json: steps.1.load.preset: "no-such-run" is not a preset',
    ]);
    const old = {
      preset: "billing-crash",
      scenario: { preset: "billing-crash" },
      title: "t",
      summary: "s",
      runFor: "20s",
      steps: [step],
    };
    expect(checkTour("tours/billing-crash.json", old).problems[0]).toMatch(/runFor/);
  });

  it("start with the referenced run: the preset without its faults, for the tour's length", () => {
    const t = tourFile("bully-partition");
    const { scenario } = tourScenario(t);
    expect(scenario.faults).toEqual([]);
    expect(scenario.until).toBe("8s");
    expect(stepScenario(t.steps[0])).toBeNull();
    const zk = tourFile("zk-herd-leader");
    const loads = zk.steps.map((st) => stepScenario(st)).filter((x) => x !== null);
    expect(loads.map((l) => [l.preset, l.scenario.faults])).toEqual([["zk-herd-predecessor", []]]);
  });
});

const tourFile = (name: string): Tour =>
  tourSchema.parse(JSON.parse(readFileSync(join(__dirname, "../../content/tours", `${name}.json`), "utf8")));

describe("every tour runs to its end against the engine", () => {
  const dir = join(__dirname, "../../content/tours");
  const names = readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .map((f) => f.replace(/\.json$/, ""));

  for (const name of names) {
    it(`${name}: every step's condition happens, at 0.1x, 1x, 10x and 100x`, () => {
      const tour = tourFile(name);
      for (const speed of [0.1, 1, 10, 100]) {
        const r = runTour(tour, { speed });
        expect(r.problem, `${name} at ${speed}x`).toBeNull();
        expect(r.steps.map((st) => st.met)).toEqual(tour.steps.map(() => true));
      }
    });
  }

  // What the narration of each incident tour says happens, checked on the run itself.
  const summary = (name: string) => {
    const r = runTour(tourFile(name), { speed: 1 });
    return { r, s: summarizeTrace(r.events) };
  };

  it("github-2012: load moves the role twice (a loop), then after the split only the stale node leads, never two at once", () => {
    const { r } = summary("github-2012");
    const starts = r.events.filter((e) => e.type === "leader-start").map((e) => (e as { node: string }).node);
    expect(starts).toEqual(["n1", "n2", "n1", "n2"]);
    const slows = r.events.filter((e) => e.type === "fault" && e.fault === "slow");
    expect(slows).toHaveLength(2);
    // GitHub, 14 Sept 2012: the majority side stopped MySQL; the lone, out-of-date node led alone.
    const split = r.events.find((e) => e.type === "fault" && e.fault === "partition")!;
    const after = r.events.filter((e) => e.type === "violation" && e.t > split.t);
    expect(after).toEqual([]);
    const ends = r.events.filter((e) => e.type === "leader-end").map((e) => (e as { node: string }).node);
    expect(ends.slice(-2)).toEqual(["n1", "n2"]); // n1's MySQL stops, then the stale n2 is powered off
  });

  it("stripe-2019: no leader for the whole stall, terms past 25, and never two leaders", () => {
    const { r } = summary("stripe-2019");
    const crash = r.events.find((e) => e.type === "fault" && e.fault === "crash")!;
    const next = r.events.find((e) => e.type === "leader-start" && e.t > crash.t)!;
    expect(next.t - crash.t).toBeGreaterThan(20_000);
    expect((next as { term: number }).term).toBeGreaterThan(25);
    expect(r.events.some((e) => e.type === "violation" && e.property === "overlap")).toBe(false);
  });

  it("sre-file-server: both servers declare the other dead, both serve, and the older one stands down after the heal", () => {
    const { r } = summary("sre-file-server");
    const dead = r.events.filter((e) => e.type === "note" && e.note.kind === "declared-dead");
    expect(new Set(dead.map((e) => (e as { node: string }).node))).toEqual(new Set(["n1", "n2"]));
    expect(r.events.some((e) => e.type === "violation" && e.property === "overlap")).toBe(true);
    expect(r.events.some((e) => e.type === "write" && e.result === "rejected")).toBe(true);
    expect((r.events.filter((e) => e.type === "leader-end").at(-1) as { node: string }).node).toBe("n1");
  });

  it("bully-partition: n3 leads its side while n5 still leads, and both remain after the heal", () => {
    const { r } = summary("bully-partition");
    const starts = r.events.filter((e) => e.type === "leader-start").map((e) => (e as { node: string }).node);
    expect(starts).toEqual(["n5", "n3"]);
    expect(r.events.some((e) => e.type === "fault" && e.fault === "heal")).toBe(true);
    expect(r.events.some((e) => e.type === "leader-end")).toBe(false);
  });

  it("k8s-apiserver-cut: the old leader gives up before anyone takes over, so no overlap", () => {
    const { r } = summary("k8s-apiserver-cut");
    const gaveUp = r.events.find((e) => e.type === "lease" && e.action === "self-demote")!;
    const took = r.events.find((e) => e.type === "leader-start" && e.t > gaveUp.t)!;
    expect(took.t).toBeGreaterThan(gaveUp.t);
    expect(r.events.some((e) => e.type === "violation" && e.property === "overlap")).toBe(false);
  });
});

describe("tours in the sandbox controller", () => {
  const made: SandboxController[] = [];
  afterEach(() => {
    for (const c of made.splice(0)) c.dispose();
  });

  // The page's own path: start the tour, press "Do it for me" and Next at every step, play in
  // display frames at 10x, until the last step is done.
  for (const name of [
    "github-2012",
    "stripe-2019",
    "sre-file-server",
    "bully-partition",
    "raft-split-vote",
    "zk-herd-leader",
    "k8s-apiserver-cut",
  ]) {
    it(`${name} runs to its last step with "Do it for me" and Next`, async () => {
      const workers: InProcessWorker[] = [];
      const c = new SandboxController({
        scenario: structuredClone(DEFAULT_SCENARIO),
        source: { kind: "default" },
        title: "t",
        createWorker: () => {
          const w = new InProcessWorker();
          workers.push(w);
          return w;
        },
        afterPaint: (cb) => queueMicrotask(cb),
        pingEvery: 60_000,
      });
      made.push(c);
      c.start();
      await settle();
      const tour = tourFile(name);
      c.dispatch({ type: "speed", speed: 10 });
      c.dispatch({ type: "tour-start", tour });
      await settle();
      const state = () => c.store.getState();
      for (let i = 0; i < tour.steps.length; i++) {
        if (i > 0) {
          c.dispatch({ type: "tour-next" });
          await settle();
        }
        expect(state().tour?.index).toBe(i);
        if (state().tour?.phase === "waiting-action") {
          c.dispatch({ type: "tour-do" });
          await settle();
        }
        for (let k = 0; k < 3000 && state().tour?.phase !== "done"; k++) {
          workers[workers.length - 1].tick(16);
          await settle(2);
        }
        expect(state().tour?.phase, `${name} step ${i + 1}`).toBe("done");
        expect(state().tour?.ended, `${name} step ${i + 1} ended with the run`).toBe(false);
      }
    });
  }
});

describe("a tour's names (review 4b #19)", () => {
  const dir = join(__dirname, "../../content/tours");
  const names = readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .map((f) => f.replace(/\.json$/, ""));

  it("the step panel names the run each step is on when a tour plays several", () => {
    const tour = tourFile("billing-crash");
    expect(tourRunAt(tour, 0)).toEqual({ run: 0, runs: 3, preset: "billing-crash" });
    const blip = tour.steps.findIndex((s) => s.load);
    expect(tourRunAt(tour, blip)).toMatchObject({ run: 1, preset: "billing-blip" });
    expect(tourRunAt(tour, tour.steps.length - 1)).toMatchObject({ run: 2, preset: "billing-gc-short-ttl" });
    expect(tourRunAt(tourFile("bully-partition"), 4).runs).toBe(1);
  });

  it("every title is short enough for a narrow list: at most 45 characters", () => {
    for (const name of names) expect(tourFile(name).title.length, name).toBeLessThanOrEqual(45);
  });
});
