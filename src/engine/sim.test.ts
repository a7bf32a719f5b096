import { describe, expect, it } from "vitest";
import { createSimulation, resumeSimulation } from "./sim.ts";
import { presets, runScenario } from "./index.ts";
import { digest } from "./core/digest.ts";

const raftCrash = {
  protocol: "raft",
  nodes: 5,
  seed: 7,
  until: "4s",
  network: { delay: "3ms", jitter: "2ms", loss: 0.01 },
  faults: [
    { at: "1s", do: "crash", node: "leader" },
    { at: "2.5s", do: "restart", node: "n1" },
    { at: "3s", do: "pause", node: "leader", for: "400ms" },
  ],
};

describe("determinism", () => {
  it("same scenario and seed give the same trace and summary, byte for byte", () => {
    const a = runScenario(raftCrash);
    const b = runScenario(raftCrash);
    expect(JSON.stringify(a.trace)).toBe(JSON.stringify(b.trace));
    expect(JSON.stringify(a.summary)).toBe(JSON.stringify(b.summary));
    const c = runScenario({ ...raftCrash, seed: 8 });
    expect(JSON.stringify(c.trace)).not.toBe(JSON.stringify(a.trace));
  });

  it("a snapshot resumes byte-identically", () => {
    const whole = createSimulation(raftCrash).run();
    const sim = createSimulation(raftCrash);
    sim.runUntil(1234.5);
    const snap = structuredClone(sim.state);
    sim.run();
    expect(JSON.stringify(sim.trace)).toBe(JSON.stringify(whole.trace));
    const resumed = resumeSimulation(snap).run();
    expect(JSON.stringify(resumed.trace)).toBe(JSON.stringify(whole.trace));
    expect(resumed.summary()).toEqual(whole.summary());
  });

  it("a fault added while running equals the same fault listed from the start", () => {
    const extra = { at: "1500ms", do: "isolate", node: "leader", for: "700ms" };
    const from = createSimulation({ ...raftCrash, faults: [...raftCrash.faults, extra] }).run();
    const live = createSimulation(raftCrash);
    live.runUntil(1500);
    live.addFault(extra);
    live.run();
    expect(digest(live.trace)).toBe(digest(from.trace));
    expect(live.trace.some((e) => e.type === "fault" && e.fault === "isolate" && e.resolved)).toBe(true);
  });

  it("refuses a fault in the past", () => {
    const sim = createSimulation(raftCrash);
    sim.runUntil(2000);
    expect(() => sim.addFault({ at: "1s", do: "heal" })).toThrow(/in the past/);
    expect(() => sim.addFault({ at: "2s", do: "explode" })).toThrow(/unknown fault/);
  });

  it("step() advances one event at a time and the frame is serialisable", () => {
    const sim = createSimulation(raftCrash);
    let n = 0;
    while (sim.now < 500 && sim.step()) n++;
    expect(n).toBeGreaterThan(10);
    const f = sim.frame();
    expect(JSON.parse(JSON.stringify(f))).toEqual(f);
    expect(f.nodes).toHaveLength(5);
    expect(f.nodes.filter((x) => x.role === "leader")).toHaveLength(1);
  });
});

describe("determinism across every preset", () => {
  it.each(Object.keys(presets))("%s: identical reruns, snapshot/resume, and live-appended faults", (name) => {
    const sc = presets[name].scenario as { until: string; faults: Array<Record<string, unknown>> };
    const whole = createSimulation(sc).run();
    const again = createSimulation(sc).run();
    expect(digest(again.trace)).toBe(digest(whole.trace));
    const until = whole.scenario.until;
    // Snapshot at an awkward instant in the middle, resume from a clone.
    const sim = createSimulation(sc);
    sim.runUntil(until * 0.61 + 0.123);
    const resumed = resumeSimulation(structuredClone(sim.state)).run();
    expect(digest(resumed.trace)).toBe(digest(whole.trace));
    expect(resumed.summary()).toEqual(whole.summary());
    // The preset's faults appended live, at their own time, give the same run.
    const parsed = whole.scenario.faults;
    const live = createSimulation({ ...sc, faults: [] });
    for (const f of parsed) {
      live.runUntil(f.at);
      live.addFault(f);
    }
    live.run();
    expect(digest(live.trace)).toBe(digest(whole.trace));
  });
});
