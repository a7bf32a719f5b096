// Timer state by integer slot (core/timers.ts): re-arming moves the queued event and cancelling
// removes it, so a run pops (almost) no dead timer, and the trace is the one the named records
// gave. A state saved with the old shape (records keyed by timer name, queued events without a
// slot) resumes to the same trace as a run never saved.
import { describe, expect, it } from "vitest";
import { createSimulation, presets, resumeSimulation } from "../index.ts";
import type { SimState } from "./types.ts";

/** What a state from before the slots held: per node three records keyed by timer name. */
function toNamedRecords(s: SimState): void {
  const names = s.timerNames as string[];
  for (const node of s.nodes) {
    const rec = (a: number[]) => Object.fromEntries(a.map((v, k) => [names[k], v]));
    const old = node as unknown as Record<string, unknown>;
    old.timers = rec(node.timers);
    old.due = rec(node.due);
    old.armedAt = rec(node.armedAt);
  }
  for (const e of s.queue.ev) if (e.type === "timer") delete (e as { slot?: number }).slot;
  delete s.timerNames;
}

describe("timer slots", () => {
  for (const name of ["bully-restart", "ring-partition", "billing-gc-short-ttl", "raft-split-vote"]) {
    it(`${name}: a state saved with timers by name resumes to the same full trace`, () => {
      const sc = structuredClone(presets[name].scenario);
      const whole = createSimulation(sc, { trace: "full" }).run();
      const half = createSimulation(sc, { trace: "full" });
      half.runUntil(whole.state.scenario.until / 2);
      const saved = half.snapshot();
      expect(saved.queue.ev.some((e) => e.type === "timer")).toBe(true);
      toNamedRecords(saved);
      const resumed = resumeSimulation(saved).run();
      expect(JSON.stringify(resumed.trace)).toBe(JSON.stringify(whole.trace));
      expect(resumed.state.stats.events).toBe(whole.state.stats.events);
    });
  }

  it("re-armed and cancelled timers leave no dead event to pop", () => {
    for (const name of ["bully-restart", "ring-partition"]) {
      const sim = createSimulation(structuredClone(presets[name].scenario), { trace: "roles" }).run();
      // Only a crash leaves dead timers behind (its life's armed timers), a handful per run.
      expect(sim.state.stats.stale ?? 0).toBeLessThan(sim.state.stats.events / 100);
    }
  });
});
