// The engine's side of a comparison: the same scenario, seeds 1..N, the fault moved by the same
// phase as on the real side, recorded in the same shape as a real trial.
import { createSimulation } from "../../src/engine/sim.ts";
import type { Trial } from "./record.ts";
import { engineScenario, phaseOf, type RealScenario, type TimingName } from "./scenarios.ts";

export function runEngineTrial(sc: RealScenario, timing: TimingName, trial: number): Trial {
  const scenario = engineScenario(sc, timing, trial);
  const sim = createSimulation(scenario).run();
  const sum = sim.summary();
  const faults = sim.trace.filter((e) => e.type === "fault").map((e) => {
    const f = e as unknown as { t: number; fault?: { do?: string; node?: string; for?: number }; node?: string };
    return { at: f.t, do: sc.fault, node: f.node ?? f.fault?.node ?? "leader", for: sc.timings[timing].faultFor };
  });
  return {
    scenario: sc.name, side: "engine", trial, phase: phaseOf(trial), faults,
    leaders: sum.leaders.map((l) => ({ node: l.node, token: l.token, from: l.from, to: l.to })),
    writes: sim.trace.filter((e) => e.type === "write").map((e) => {
      const w = e as Extract<typeof e, { type: "write" }>;
      return { t: w.t, node: w.node, token: w.token, result: w.result };
    }),
    end: sim.now,
  };
}

export function runEngine(sc: RealScenario, timing: TimingName, n: number): Trial[] {
  return Array.from({ length: n }, (_, i) => runEngineTrial(sc, timing, i));
}
