import { describe, expect, it } from "vitest";
import { presets, runScenario } from "../../engine/index.ts";
import { FIRST_STEPS } from "./screens";

const screen = (id: string) => FIRST_STEPS.find((s) => s.id === id)!;

describe("the /start screens' words match what the learner can do and see", () => {
  it("screen 1 asks for a replay, not for Next event on a run that has ended", () => {
    expect(screen("a-leader").again).toMatch(/^press Play again/);
    expect(screen("a-leader").again).not.toMatch(/Next event/);
  });

  it("the screens name the run's controls as the buttons do: Next event and Pause, never Step or Freeze", () => {
    // One name per control on every page (review 10a #5): the sandbox's and /start's buttons
    // both say Play / Pause / Next event.
    for (const s of FIRST_STEPS) {
      const words = [s.sentence, s.watch, s.again, s.bridge ?? "", s.glance ?? ""].join(" ");
      expect([s.id, /\bStep\b|Freeze/.test(words)]).toEqual([s.id, false]);
    }
  });

  it("a screen that asks the learner to halt the run names the button, Pause, never 'stop the run'", () => {
    // Review 16a #2: screen 2's "Then: stop the run at any moment" named no button.
    for (const s of FIRST_STEPS) {
      const words = [s.watch, s.again, s.glance].join(" ");
      expect([s.id, /\bstop (the|a) run\b|\bstop it\b/i.test(words)]).toEqual([s.id, false]);
    }
    expect(screen("heartbeats").again).toMatch(/\bPause at any moment\b/);
  });

  it("screen 5 says why the cut-off pair's term climbs and what a heal would do, as its run does", () => {
    // Review 16a #3: terms 6 against 1, right after the screen on terms, with no word why.
    const step = screen("a-majority");
    expect(step.glance).toMatch(/never win, though their terms climb/);
    expect(step.again).toMatch(/That higher term elected nobody\./);
    expect(step.again).toMatch(/n2 would step down/);
    // The run itself never heals: the words say "if", not what the learner will see.
    const sc = presets[step.preset]!.scenario as { faults: { do: string }[] };
    expect(sc.faults.map((f) => f.do)).toEqual(["partition"]);
    expect(step.again).toMatch(/If the cut healed/);
  });

  it("the last screen asks for the button its ended run shows: Start again, not Play again", () => {
    // (GuidedRun names an ended run's button "Start again" on the screen that hands a fault)
    expect(screen("your-turn").fault).toBe("pause-leader");
    expect(screen("your-turn").again).toMatch(/^press Start again /);
  });

  it("screen 5 names the nodes that stand as its run has them: who first, who takes turns, who leads", () => {
    const step = screen("a-majority");
    const { trace } = runScenario(presets[step.preset]!.scenario, { trace: "full" });
    const cut = trace.find((e) => e.type === "fault" && e.fault === "partition")!.t;
    const stood = trace.filter((e) => e.type === "role" && e.to === "candidate" && e.t > cut);
    const first = /(n\d) stands first/.exec(step.watch)?.[1];
    expect(first).toBe(stood[0]?.type === "role" ? stood[0].node : undefined);
    const turns = /then (n\d) and (n\d) take turns standing/.exec(step.watch);
    const standers = new Set(stood.map((e) => (e.type === "role" ? e.node : "")));
    expect(new Set([turns?.[1], turns?.[2]])).toEqual(standers);
    const leaders = trace.filter((e) => e.type === "leader-start").map((e) => e.node);
    expect(leaders).toEqual([/(n\d) keeps leading/.exec(step.watch)?.[1]]);
  });

  it("screen 2 says it has five nodes and starts with no leader, as its run does", () => {
    const step = screen("heartbeats");
    const sc = presets[step.preset]!.scenario as { nodes?: unknown };
    const prev = screen("a-leader");
    const { trace } = runScenario(presets[step.preset]!.scenario, { trace: "full" });
    expect((presets[prev.preset]!.scenario as { nodes?: unknown }).nodes).toBe(3);
    expect(sc.nodes).toBe(5);
    expect(step.watch).toMatch(/^now five nodes, starting with no leader/);
    expect(step.glance).toMatch(/^five nodes now, no leader yet/);
    expect(step.glance).toMatch(/arc refills at every heartbeat/);
    expect(trace.find((e) => e.type === "leader-start")!.t).toBeGreaterThan(0);
  });

  it("the last screen says what a garbage-collection pause is", () => {
    expect(screen("your-turn").sentence).toMatch(
      /GC pause, as garbage collection \(GC\) can freeze a program/,
    );
  });

  it("the last screen names its fault as its button does, never with the clock's word Pause first", () => {
    // Two buttons side by side, "Pause" (the clock) and "Pause the leader" (the fault), were
    // pressed for each other (review 14a #2): the fault is "GC pause the leader".
    const step = screen("your-turn");
    expect(step.watch).toMatch(/press GC pause the leader\./);
    for (const s of FIRST_STEPS)
      expect([s.id, /(?<!GC )pause the leader/i.test(s.watch + s.again)]).toEqual([s.id, false]);
  });
});
