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

  // Each arm, moved or new, takes a fresh seq: distinct (node, seq) pairs count the arms, and
  // distinct objects the entries the run made for them.
  function entriesAndArms(name: string): { entries: number; arms: number } {
    const sim = createSimulation(structuredClone(presets[name].scenario), { trace: "roles" });
    const entries = new Set<object>();
    const arms = new Set<string>();
    for (let t = 10; t <= 60_000; t += 10) {
      sim.runUntil(t);
      for (const e of sim.state.queue.ev) {
        if (e.type !== "timer") continue;
        entries.add(e);
        arms.add(`${e.node} ${e.seq}`);
      }
    }
    return { entries: entries.size, arms: arms.size };
  }

  it("a timer re-armed after it fired fills in its fired entry: no new entry per firing", () => {
    // A leader's heartbeat re-arms from its own handler after it fired (a follower's election
    // timeout is moved in place while it is queued): a run that made a new entry for each arm
    // after a firing held one entry per heartbeat (over 1000 here).
    const { entries, arms } = entriesAndArms("raft-split-vote");
    expect(arms).toBeGreaterThan(1000);
    expect(entries).toBeLessThan(50);
  });

  it("a cancelled timer's entry is filled in by the next arm", () => {
    // The elector and the controllers cancel and re-arm their timers: 102 entries for 263 arms
    // when a cancelled entry was dropped, 36 when the next arm takes it.
    const { entries, arms } = entriesAndArms("k8s-coordinated");
    expect(arms).toBeGreaterThan(200);
    expect(entries).toBeLessThan(60);
  });
});
