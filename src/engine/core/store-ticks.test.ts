// A store tick re-armed moves to its new time; one the world cannot move (a state bound since)
// is left dead for good: the generation never starts over, so an event superseded before the
// last firing cannot match a later arming.
import { describe, expect, it } from "vitest";
import { createSimulation, presets } from "../index.ts";
import { bindWorld } from "../wiring.ts";
import { armTick, isStaleTick, tickLive } from "./store-ticks.ts";
import type { EventQueue, QEvent } from "./types.ts";

type Tick = Extract<QEvent, { type: "store-tick" }>;
const ticksNamed = (q: EventQueue, name: string) =>
  q.ev.filter((e): e is Tick => e.type === "store-tick" && e.name === name);

describe("store ticks", () => {
  it("re-arming moves the queued tick to its new time: one event, never a dead one", () => {
    const sim = createSimulation({ protocol: "zookeeper", nodes: 1, seed: 1, until: "1s" });
    const w = bindWorld(sim.state);
    armTick(w, "probe", 5000);
    armTick(w, "probe", 100);
    const ticks = ticksNamed(w.s.queue, "probe");
    expect(ticks).toHaveLength(1);
    expect(ticks[0].due).toBe(100);
    expect(isStaleTick(w, ticks[0])).toBe(false);
  });

  it("an event superseded before the tick fired stays dead after the name is armed again", () => {
    const sim = createSimulation({ protocol: "zookeeper", nodes: 1, seed: 1, until: "1s" });
    armTick(bindWorld(sim.state), "probe", 5000);
    const first = ticksNamed(sim.state.queue, "probe")[0];
    // A world bound since (a resumed state) does not hold the first event: it is left dead.
    const w = bindWorld(sim.state);
    armTick(w, "probe", 100);
    const second = ticksNamed(w.s.queue, "probe").find((e) => e !== first) as Tick;
    expect(isStaleTick(w, first)).toBe(true);
    expect(tickLive(w, second)).toBe(true); // fires, and the name is disarmed
    armTick(w, "probe", 7000); // armed again after firing
    expect(isStaleTick(w, first)).toBe(true);
    expect(tickLive(w, first)).toBe(false);
  });

  it("the election controller keeps one pending reconcile: its requeues do not pile up in the queue", () => {
    const sim = createSimulation(structuredClone(presets["k8s-coordinated"].scenario), { trace: "roles" });
    const w = bindWorld(sim.state);
    let most = 0;
    while (sim.nextAt() < sim.scenario.until && sim.step()) {
      const live = ticksNamed(sim.state.queue, "cle").filter((e) => !isStaleTick(w, e)).length;
      most = Math.max(most, live);
    }
    expect(most).toBe(1);
  });
});
