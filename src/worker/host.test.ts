import { describe, expect, it } from "vitest";
import { createSimulation, digest, presets } from "../engine/index.ts";
import { SimHost } from "./host.ts";
import { applyDelta, createEncoder } from "./frame-delta.ts";
import type { FromWorker } from "./protocol.ts";
import { applyActed, applyWorkerFrame, createSandboxStore } from "../sandbox/store.ts";
import { newNarrationContext } from "../sandbox/narration.ts";

const etcd = (faults: unknown[] = [], extra: Record<string, unknown> = {}) => ({
  protocol: "etcd",
  nodes: 3,
  seed: 1,
  until: "60s",
  boot: "3s",
  network: { delay: "2ms", jitter: "1ms", loss: 0 },
  timing: { ttl: "10s", renew: "3s" },
  fencing: "token",
  work: { every: "1s" },
  faults,
  ...extra,
});

function harness() {
  const out: FromWorker[] = [];
  let clock = 0;
  const host = new SimHost({ post: (m) => out.push(structuredClone(m)), now: () => clock });
  const last = <T extends FromWorker["type"]>(type: T) =>
    [...out].reverse().find((m) => m.type === type) as Extract<FromWorker, { type: T }>;
  const fingerprint = () => {
    host.handle({ type: "fingerprint", reqId: 1 });
    return last("fingerprint").digest;
  };
  return { host, out, last, fingerprint, advance: (ms: number) => (clock += ms) };
}

const fresh = (scenario: unknown, t: number) => createSimulation(scenario, { trace: "full" }).runUntil(t);

describe("SimHost", () => {
  it("loads a scenario at a moment and sends the same frame the engine computes", () => {
    const { host, last } = harness();
    const sc = presets["fencing-diagram"].scenario;
    host.handle({ type: "load", scenario: sc, at: 20_000, playing: false, speed: 1 });
    const reset = last("reset");
    expect(reset.frame).toEqual(fresh(sc, 20_000).frame());
    expect(reset.events.some((e) => e.type === "send")).toBe(false);
    expect(reset.events.some((e) => e.type === "leader-start")).toBe(true);
  });

  // The session's own rules (rewinds, forks, steps) are tested in src/engine/session; these
  // check that the messages carry them.
  it("answers an action with the applied fault, the fork count, the new scenario and the events before it", () => {
    const { host, last, fingerprint } = harness();
    const sc = presets["fencing-diagram"].scenario; // pauses the leader at 10 s
    host.handle({ type: "load", scenario: sc, at: 25_000, playing: false, speed: 1 });
    host.handle({ type: "seek", t: 5_000 });
    const reset = last("reset");
    const before = (reset.keep?.events ?? 0) + reset.events.length;
    host.handle({ type: "act", id: 7, faults: [{ do: "crash", node: "n1" }] });
    const acted = last("acted");
    expect(acted).toMatchObject({ id: 7, at: 5_000, dropped: 1, eventIndex: before });
    // What changed, not the scenario: the scripted pause at 10 s (index 0) is dropped by the fork.
    expect(acted).toMatchObject({ faults: [{ do: "crash", node: "n1", at: 5_000 }], removed: [0] });
    expect("scenario" in acted).toBe(false);
    const now = applyActed(sc, acted);
    expect(now.faults).toEqual([{ do: "crash", node: "n1", at: 5_000 }]);
    expect(last("delta").events[0]).toMatchObject({ type: "fault", fault: "crash" });
    host.handle({ type: "seek", t: 30_000 });
    expect(fingerprint()).toBe(digest(fresh(now, 30_000).trace));
  });

  // Issue 18: a rewind of a run with a long fault script copied and re-checked the whole
  // script every time. A seek now leaves it out while it is unchanged; the page keeps the one
  // the last reset sent, even when a load it has not had an answer to replaced its own.
  it("a seek sends the scenario only when it changed since the last reset, and the page keeps the right one", () => {
    const { host, out, last } = harness();
    const sc = presets["fencing-diagram"].scenario;
    const store = createSandboxStore({}, { kind: "custom" }, "");
    const narr: Parameters<typeof applyWorkerFrame>[2] = { ctx: newNarrationContext("raft", "token") };
    const feed = () => {
      for (const m of out.splice(0))
        if (m.type === "reset" || m.type === "delta") applyWorkerFrame(store, m, narr);
    };
    host.handle({ type: "load", scenario: sc, at: 20_000, playing: false, speed: 1 });
    expect(last("reset").scenario).toEqual(sc);
    feed();
    const parsed = store.getState().parsed;
    expect(parsed?.faults.length).toBe((sc.faults as unknown[]).length);
    host.handle({ type: "seek", t: 5_000 });
    expect("scenario" in last("reset")).toBe(false);
    // The page started a load of its own meanwhile: the rewind still shows the run it belongs to.
    store.setState({ scenario: { protocol: "raft" }, parsed: null });
    feed();
    expect(store.getState().scenario).toEqual(sc);
    expect(store.getState().parsed).toBe(parsed);
    host.handle({ type: "act", id: 1, faults: [{ do: "crash", node: "n1" }] });
    // The page applies what the action changed (as the controller does), so the next rewind
    // need not send the scenario again.
    const acted = applyActed(store.getState().scenario, last("acted"));
    expect(acted.faults).toEqual([{ do: "crash", node: "n1", at: 5_000 }]);
    narr.shown = { scenario: acted, parsed: narr.shown?.parsed ?? null };
    host.handle({ type: "seek", t: 2_000 });
    expect("scenario" in last("reset")).toBe(false);
    feed();
    expect(store.getState().scenario).toEqual(acted);
  });

  it("a step at the very end of a run stops at its end (issue 17)", () => {
    const { host, last, fingerprint } = harness();
    const sc = { ...presets["heartbeat-pair-partition"].scenario, faults: [], until: 19_999 };
    host.handle({ type: "load", scenario: sc, at: 19_500, playing: false, speed: 1 });
    for (let i = 0; i < 3000; i++) host.handle({ type: "step" });
    expect(last("delta").delta.t).toBe(19_999);
    expect(last("delta").ended).toBe(true);
    expect(fingerprint()).toBe(digest(fresh(sc, 19_999).trace));
  });

  it("passes the step's mode to the session", () => {
    const { host, last } = harness();
    host.handle({
      type: "load",
      scenario: presets["raft-partition"].scenario,
      at: 0,
      playing: false,
      speed: 1,
    });
    host.handle({ type: "step", mode: "meaningful" });
    const events = last("delta").events;
    expect(events.some((e) => e.type === "role" || e.type === "vote")).toBe(true);
  });

  it("refuses an invalid action with the field named, and changes nothing", () => {
    const { host, last, fingerprint } = harness();
    host.handle({ type: "load", scenario: etcd(), at: 5_000, playing: false, speed: 1 });
    const before = fingerprint();
    host.handle({ type: "act", id: 3, faults: [{ do: "crash", node: "n9" }] });
    const err = last("error");
    expect(err).toMatchObject({ scope: "act", id: 3, path: "faults[0].node" });
    expect(err.message).toMatch(/n9/);
    expect(fingerprint()).toBe(before);
  });

  it("reports an invalid scenario by the field, without crashing", () => {
    const { host, last } = harness();
    host.handle({ type: "load", scenario: { protocol: "raft", nodes: 40 }, at: 0, playing: false, speed: 1 });
    expect(last("error")).toMatchObject({ scope: "load", path: "nodes" });
  });

  it("streams one frame at a time while playing, at the chosen speed", () => {
    const { host, out, advance } = harness();
    host.handle({ type: "load", scenario: etcd(), at: 0, playing: true, speed: 10 });
    host.handle({ type: "ack" });
    advance(100);
    host.tick();
    const d1 = out.filter((m) => m.type === "delta");
    expect(d1).toHaveLength(1);
    expect(d1[0].type === "delta" && d1[0].delta.t).toBe(1_000);
    advance(100);
    host.tick(); // not acknowledged yet: nothing new is sent
    expect(out.filter((m) => m.type === "delta")).toHaveLength(1);
    host.handle({ type: "ack" });
    advance(16);
    host.tick();
    const d2 = out.filter((m) => m.type === "delta");
    expect(d2).toHaveLength(2);
    expect(d2[1].type === "delta" && d2[1].delta.t).toBe(2_160);
  });

  it("stops at the end of the run", () => {
    const { host, last, advance } = harness();
    host.handle({
      type: "load",
      scenario: etcd([], { until: "2s", boot: 0 }),
      at: 1_990,
      playing: true,
      speed: 1,
    });
    host.handle({ type: "ack" });
    advance(200);
    host.tick();
    const d = last("delta");
    expect(d.delta.t).toBe(2_000);
    expect(d.playing).toBe(false);
    expect(d.ended).toBe(true);
  });

  it("stops exactly at a requested moment, at any speed, and a seek clears the stop", () => {
    const { host, last, advance } = harness();
    host.handle({ type: "load", scenario: etcd(), at: 0, playing: false, speed: 100 });
    host.handle({ type: "ack" });
    host.handle({ type: "stop-at", t: 2_345 });
    host.handle({ type: "play" });
    for (let i = 0; i < 5; i++) {
      advance(16);
      host.tick();
      host.handle({ type: "ack" });
    }
    const d = last("delta");
    expect(d.delta.t).toBe(2_345);
    expect(d.playing).toBe(false);
    // The stop is used up: playing on runs past it.
    host.handle({ type: "play" });
    advance(16);
    host.tick();
    expect(last("delta").delta.t).toBe(3_945);
    host.handle({ type: "stop-at", t: 9_000 });
    host.handle({ type: "seek", t: 1_000 });
    host.handle({ type: "ack" });
    host.handle({ type: "play" });
    for (let i = 0; i < 10; i++) {
      advance(16);
      host.tick();
      host.handle({ type: "ack" });
    }
    expect(last("delta").delta.t).toBeGreaterThan(9_000);
  });
});

describe("frame deltas", () => {
  it("rebuild every frame exactly from the previous one", () => {
    for (const sc of [
      presets["fencing-diagram"].scenario,
      presets["raft-partition"].scenario,
      etcd([{ at: "12s", do: "store-outage", for: "5s" }]),
    ]) {
      const sim = createSimulation(sc, { trace: "full" });
      const enc = createEncoder();
      let page = sim.frame();
      enc.reset(page);
      for (let t = 37; t < 30_000; t += 263) {
        sim.runUntil(t);
        const next = sim.frame();
        page = applyDelta(page, structuredClone(enc.encode(next)));
        expect(page).toEqual(next);
      }
    }
  });

  it("send only the nodes that changed", () => {
    const sim = createSimulation(etcd(), { trace: "full" });
    sim.runUntil(20_000);
    const enc = createEncoder();
    enc.reset(sim.frame());
    sim.runUntil(20_001);
    const d = enc.encode(sim.frame());
    expect(d.nodes.length).toBe(0);
    expect(d.clocks).toHaveLength(6);
  });
});

describe("every engine preset", () => {
  for (const [name, p] of Object.entries(presets)) {
    it(`${name} streams from start to end, and deltas rebuild its frames exactly`, () => {
      const { host, out, advance } = harness();
      host.handle({ type: "load", scenario: p.scenario, at: 0, playing: true, speed: 100 });
      let page = (out.find((m) => m.type === "reset") as Extract<FromWorker, { type: "reset" }>).frame;
      for (let i = 0; i < 2000; i++) {
        host.handle({ type: "ack" });
        advance(50);
        host.tick();
        const last = out[out.length - 1];
        if (last.type === "delta") {
          page = applyDelta(page, last.delta);
          if (last.ended) break;
        }
      }
      const sim = createSimulation(p.scenario, { trace: "full" }).runUntil(page.until);
      expect(page.t).toBe(page.until);
      expect(page).toEqual(sim.frame());
    });
  }
});
