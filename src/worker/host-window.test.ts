// Issue 18: the worker keeps only a window of the full trace. On a run much longer than the
// window, every consumer of the trace must answer exactly as a host that keeps it whole: the
// export, the check code, the log table's window and the Mermaid diagram over it (old and
// recent), "Why?" of an old and a recent event, and the page's events and lanes.
import { describe, expect, it } from "vitest";
import { createSimulation, digest, presets } from "../engine/index.ts";
import type { TraceEvent } from "../engine/index.ts";
import { sequenceDiagram } from "../sandbox/mermaid.ts";
import { newNarrationContext } from "../sandbox/narration.ts";
import { applyWorkerFrame, createSandboxStore } from "../sandbox/store.ts";
import { SimHost } from "./host.ts";
import { crashLoop } from "../engine/session/crash-loop.fixture.ts";
import type { FromWorker, ToWorker } from "./protocol.ts";

function harness(traceWindow: number, eventsWindow = Infinity) {
  const out: FromWorker[] = [];
  let clock = 0;
  const host = new SimHost({
    post: (m) => out.push(structuredClone(m)),
    now: () => clock,
    traceWindow,
    eventsWindow,
  });
  let req = 0;
  const ask = <T extends "trace" | "window" | "explain" | "fingerprint">(
    msg: Omit<Extract<ToWorker, { type: T }>, "reqId">,
  ) => {
    host.handle({ ...msg, reqId: ++req } as ToWorker);
    return out.filter((m) => m.type === msg.type).at(-1) as Extract<FromWorker, { type: T }>;
  };
  // The page's copy: the sandbox's own store, fed every frame message.
  const page = () => {
    const store = createSandboxStore({}, { kind: "custom" }, "");
    const narr = { ctx: newNarrationContext("raft", "token") };
    for (const m of out) if (m.type === "reset" || m.type === "delta") applyWorkerFrame(store, m, narr);
    return store.getState();
  };
  const play = (ms: number) => {
    host.handle({ type: "speed", speed: 10 });
    host.handle({ type: "play" });
    for (let t = 0; t < ms / 10; t += 16) {
      clock += 16;
      host.tick();
      host.handle({ type: "ack" });
    }
    host.handle({ type: "pause" });
  };
  return { host, ask, page, play, out };
}

const scenario = { ...presets["raft-partition"].scenario, until: "90s" };
const WINDOW = 400;

// The same learner's session on both hosts: a load, a rewind past the window, an action,
// another one later (so the kept window has an election to explain), playing on, and a step.
function drive(h: ReturnType<typeof harness>) {
  h.host.handle({ type: "load", scenario, at: 60_000, playing: false, speed: 1 });
  h.host.handle({ type: "seek", t: 8_000 });
  h.host.handle({ type: "act", id: 1, faults: [{ do: "crash", node: "leader" }] });
  h.host.handle({ type: "seek", t: 70_000 });
  h.host.handle({ type: "act", id: 2, faults: [{ do: "crash", node: "leader" }] });
  h.play(3_000);
  h.host.handle({ type: "step", mode: "meaningful" });
}

describe("a worker keeping a window of the trace answers as one keeping it whole", () => {
  const small = harness(WINDOW);
  const whole = harness(Infinity);
  drive(small);
  drive(whole);
  const kept = small.host.session.simulation.trace;
  const oldTo = kept[0].t - 1;

  it("has dropped most of the trace, and the two runs are at the same moment", () => {
    expect(small.host.session.traceBase).toBeGreaterThan(10 * WINDOW);
    expect(whole.host.session.traceBase).toBe(0);
    expect(small.host.session.now).toBe(whole.host.session.now);
    expect(oldTo).toBeGreaterThan(20_000);
  });

  it("exports the same whole trace, and gives the same check code as a fresh run", () => {
    const json = small.ask<"trace">({ type: "trace", format: "json" }).json;
    expect(json).toBe(whole.ask<"trace">({ type: "trace", format: "json" }).json);
    const sc = small.host.session.scenario;
    // A step may stop mid-instant: the fresh run's trace to as many events as the session has.
    const fresh = createSimulation(sc, { trace: "full" }).runUntil(small.host.session.now + 1);
    expect(small.ask<"fingerprint">({ type: "fingerprint" }).digest).toBe(
      digest(fresh.trace.slice(0, small.host.session.traceLength)),
    );
    expect(small.ask<"fingerprint">({ type: "fingerprint" }).digest).toBe(
      whole.ask<"fingerprint">({ type: "fingerprint" }).digest,
    );
  });

  it("gives the same log table window and diagram, before the kept window and inside it", () => {
    for (const [from, to, limit] of [
      [0, 5_000, 50],
      [7_000, oldTo, 400],
      [oldTo - 3_000, kept.at(-1)!.t, 100_000],
      [kept[5].t, kept.at(-1)!.t, 30],
    ]) {
      const a = small.ask<"window">({ type: "window", from, to, limit });
      const b = whole.ask<"window">({ type: "window", from, to, limit });
      expect(a.events.length).toBeGreaterThan(0);
      expect(a).toEqual({ ...b, reqId: a.reqId });
      expect(sequenceDiagram(a.events, { from, to, protocol: "raft" })).toBe(
        sequenceDiagram(b.events, { from, to, protocol: "raft" }),
      );
    }
  });

  it("explains an old event and a recent one as the whole trace does", () => {
    const events = small.page().events;
    const old = events.find((e) => e.type === "leader-start" && e.t > 8_000 && e.t < oldTo) as TraceEvent;
    // A write the window kept, whose cause (the leader's start) it no longer holds.
    const recent = [...events].reverse().find((e) => e.type === "write" && e.t > kept[0].t) as TraceEvent;
    for (const e of [old, recent]) {
      expect(e).toBeDefined();
      const a = small.ask<"explain">({ type: "explain", event: e }).chain;
      expect(a).not.toBeNull();
      expect(a!.length).toBeGreaterThan(1);
      expect(a).toEqual(whole.ask<"explain">({ type: "explain", event: e }).chain);
    }
  });

  it("sends the page the same events and lanes, each once per rewind at most", () => {
    const a = small.page();
    const b = whole.page();
    expect(a.events.length).toBeGreaterThan(50);
    expect({ events: a.events, history: a.history, lanes: a.lanes }).toEqual({
      events: b.events,
      history: b.history,
      lanes: b.lanes,
    });
    expect(a.events).toEqual(small.host.session.events);
    expect(a.lanes).toEqual(small.host.session.laneEvents);
    // The rewinds kept what the page held: the reset after the seek to 70 s sent none again.
    const resets = small.out.filter((m) => m.type === "reset");
    expect(resets[0].keep).toBeUndefined();
    expect(resets.at(-1)!.keep!.events).toBeGreaterThan(20);
  });
});

// The page's window of narratable events: on a run with many more than the window, after
// seeks back (short and past the window), actions, playing and steps, the page holds a bounded
// number of them, and what it shows equals a page given every event: the latest events, the
// whole run's historic ones and lanes, the narration's latest lines.
describe("a page holding a window of the narratable events shows what a page holding all does", () => {
  const busy = crashLoop({ seed: 4, until: "120s", crashes: 19, every: 6, restartAfter: 3 });
  const EVENTS = 24;
  const run = (h: ReturnType<typeof harness>) => {
    const shown: Array<ReturnType<typeof h.page>> = [];
    const look = () => shown.push(h.page());
    h.host.handle({ type: "load", scenario: busy, at: 90_000, playing: false, speed: 1 });
    look();
    h.host.handle({ type: "seek", t: 89_500 });
    look();
    h.host.handle({ type: "seek", t: 20_000 });
    look();
    h.play(4_000);
    look();
    h.host.handle({ type: "seek", t: 110_000 });
    look();
    // An action late in the run (it forks away only the script after it).
    h.host.handle({ type: "act", id: 1, faults: [{ do: "crash", node: "leader" }] });
    h.host.handle({ type: "seek", t: 100_000 });
    h.host.handle({ type: "step", mode: "meaningful" });
    h.play(2_000);
    look();
    return shown;
  };
  const small = run(harness(Infinity, EVENTS));
  const whole = run(harness(Infinity));

  it("holds a bounded window of events", () => {
    const total = whole.at(-1)!.events.length;
    expect(total).toBeGreaterThan(10 * EVENTS);
    for (const p of small) expect(p.events.length).toBeLessThanOrEqual(1.25 * EVENTS);
    expect(small.at(-1)!.eventsBase).toBeGreaterThan(0);
  });

  it("shows the same events, historic events, lanes and latest narration after every command", () => {
    small.forEach((a, i) => {
      const b = whole[i];
      expect(b.eventsBase).toBe(0);
      expect(a.events).toEqual(b.events.slice(a.eventsBase));
      expect(a.history).toEqual(b.history);
      expect(a.historyAt).toEqual(b.historyAt);
      expect(a.lanes).toEqual(b.lanes);
      // The lines of the window's events (its first may have merged with one before it).
      const n = a.narration.length - 1;
      expect(n, `look ${i}`).toBeGreaterThan(3);
      expect(a.narration.slice(-n).map((l) => l.text)).toEqual(b.narration.slice(-n).map((l) => l.text));
    });
  });

  it("shows after the seeks what a fresh load at that moment shows", () => {
    const h = harness(Infinity, EVENTS);
    h.host.handle({ type: "load", scenario: busy, at: 90_000, playing: false, speed: 1 });
    h.host.handle({ type: "seek", t: 30_000 });
    h.host.handle({ type: "seek", t: 29_000 });
    const a = h.page();
    const fresh = harness(Infinity, EVENTS);
    fresh.host.handle({ type: "load", scenario: busy, at: 29_000, playing: false, speed: 1 });
    const b = fresh.page();
    expect(a.events.at(-1)).toEqual(b.events.at(-1));
    expect(a.events.slice(-Math.min(a.events.length, b.events.length))).toEqual(
      b.events.slice(-Math.min(a.events.length, b.events.length)),
    );
    expect({ history: a.history, lanes: a.lanes }).toEqual({ history: b.history, lanes: b.lanes });
  });
});
