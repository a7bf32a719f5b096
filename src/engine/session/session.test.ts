import { describe, expect, it } from "vitest";
import { createSimulation, digest, presets, ScenarioError } from "../index.ts";
import { narratable, Session, stopsAt } from "./index.ts";

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
/** Heartbeats every second: a send falls exactly on 20 s, just past a 19.999 s run. */
const heartbeat = { ...presets["heartbeat-pair-partition"].scenario, faults: [], until: 19_999 };

const fresh = (scenario: unknown, t: number) => createSimulation(scenario, { trace: "full" }).runUntil(t);
const loaded = (scenario: unknown, at = 0) => {
  const s = new Session();
  s.load(scenario, at);
  return s;
};
/** The session's run equals a fresh run of its own scenario (its share link) to the same moment. */
const matchesItsLink = (s: Session) => {
  const f = fresh(s.scenario, s.now);
  expect(digest(s.trace)).toBe(digest(f.trace));
  expect(s.frame()).toEqual(f.frame());
};

describe("Session: load and seek", () => {
  it("loads a scenario at a moment: the same frame and trace the engine computes", () => {
    const sc = presets["fencing-diagram"].scenario;
    const s = loaded(sc, 20_000);
    expect(s.frame()).toEqual(fresh(sc, 20_000).frame());
    expect(digest(s.trace)).toBe(digest(fresh(sc, 20_000).trace));
  });

  it("a headless session (the CLI's: no snapshots, no lanes) gives the trace of a straight run", () => {
    const sc = presets["fencing-diagram"].scenario;
    const s = new Session({ snapEvery: Infinity, lanes: false });
    s.load(sc);
    s.advanceTo(30_000);
    expect(digest(s.trace)).toBe(digest(fresh(sc, 30_000).trace));
    // only the sample taken at load: nothing is recorded per event
    expect(s.laneEvents.length).toBe(loaded(sc).laneEvents.length);
    expect(loaded(sc, 30_000).laneEvents.length).toBeGreaterThan(s.laneEvents.length);
  });

  it("running in snapshot-sized chunks gives the trace of one straight run", () => {
    const sc = presets["fencing-diagram"].scenario;
    const s = loaded(sc);
    s.seek(7_321);
    s.seek(30_000);
    expect(digest(s.trace)).toBe(digest(fresh(sc, 30_000).trace));
  });

  it("rewinds through snapshots to exactly the earlier state: trace, frame, events and lanes", () => {
    const sc = presets["fencing-diagram"].scenario;
    const s = loaded(sc, 30_000);
    s.seek(12_345);
    const other = loaded(sc, 12_345);
    expect(s.frame()).toEqual(other.frame());
    expect(digest(s.trace)).toBe(digest(other.trace));
    expect(s.events).toEqual(other.events);
    expect(s.laneEvents).toEqual(other.laneEvents);
  });

  it("keeps the narratable events incrementally, equal to a filter of the whole trace", () => {
    const s = loaded(presets["raft-partition"].scenario, 9_000);
    s.seek(2_500);
    s.step();
    s.seek(15_000);
    expect(s.events).toEqual(s.trace.filter(narratable));
  });

  it("refuses an invalid scenario by the field and keeps the run it had", () => {
    const s = loaded(etcd(), 5_000);
    const before = digest(s.trace);
    expect(() => s.load({ protocol: "raft", nodes: 40 })).toThrow(ScenarioError);
    try {
      s.load({ protocol: "raft", nodes: 40 });
    } catch (err) {
      expect((err as ScenarioError).path).toBe("nodes");
    }
    expect(digest(s.trace)).toBe(before);
    expect(s.now).toBe(5_000);
  });

  it("clamps a seek to the run: never before 0, never past the end", () => {
    const s = loaded(etcd([], { until: "5s" }));
    s.seek(1e12);
    expect(s.now).toBe(5_000);
    expect(s.ended).toBe(true);
    s.seek(Number.NaN);
    expect(s.now).toBe(0);
  });
});

describe("Session: actions and forks", () => {
  it("an action is appended at the current moment and replays exactly from the new scenario", () => {
    const s = loaded(etcd(), 8_000);
    const a = s.act({ do: "pause", node: "leader", for: 15_000, during: "write" });
    expect(a.at).toBe(8_000);
    expect(a.dropped).toBe(0);
    expect(s.scenario.faults).toEqual([
      { do: "pause", node: "leader", for: 15_000, during: "write", at: 8_000 },
    ]);
    s.seek(30_000);
    matchesItsLink(s);
    expect(fresh(s.scenario, 30_000).trace.some((e) => e.type === "write" && e.result === "rejected")).toBe(
      true,
    );
  });

  it("counts the events before the action, so a tour step starts before its own fault", () => {
    const s = loaded(etcd(), 9_100);
    const before = s.events.length;
    const a = s.act({ do: "crash", node: "leader" });
    expect(a.eventIndex).toBe(before);
    expect(s.events[a.eventIndex]).toMatchObject({ type: "fault", fault: "crash" });
  });

  it("rewinding past an action and playing forward again replays the action", () => {
    const s = loaded(etcd(), 9_100);
    s.act({ do: "crash", node: "leader" });
    s.seek(25_000);
    const first = digest(s.trace);
    s.seek(3_000);
    s.seek(25_000);
    expect(digest(s.trace)).toBe(first);
  });

  it("rewinding and taking the same action again gives the same state", () => {
    const s = loaded(etcd(), 6_500);
    s.act({ do: "crash", node: "n2" });
    s.seek(30_000);
    const first = digest(s.trace);
    const frame = s.frame();
    s.seek(6_500);
    expect(s.act({ do: "crash", node: "n2" }).dropped).toBe(1);
    s.seek(30_000);
    expect(digest(s.trace)).toBe(first);
    expect(s.frame()).toEqual(frame);
  });

  it("acting after a rewind forks: the script is replaced from that moment on", () => {
    const s = loaded(presets["fencing-diagram"].scenario, 25_000); // pauses the leader at 10 s
    s.seek(5_000);
    const a = s.act({ do: "crash", node: "n1" });
    expect(a.dropped).toBe(1);
    expect(s.scenario.faults).toEqual([{ do: "crash", node: "n1", at: 5_000 }]);
    s.seek(30_000);
    matchesItsLink(s);
    s.seek(2_000);
    s.seek(30_000);
    matchesItsLink(s);
  });

  it("fork() drops the scripted faults from now on and the run goes on without them", () => {
    const sc = presets["fencing-diagram"].scenario;
    const s = loaded(sc, 5_000);
    expect(s.fork()).toBe(1);
    expect(s.scenario.faults).toEqual([]);
    s.seek(30_000);
    matchesItsLink(s);
    expect(digest(s.trace)).not.toBe(digest(fresh(sc, 30_000).trace));
    expect(s.fork()).toBe(0);
  });

  it("an action right after a single step lands just after that event", () => {
    const s = loaded(etcd(), 4_000);
    s.step();
    const a = s.act({ do: "isolate", node: "n1", for: 2_000 });
    expect(a.at).toBeGreaterThan(4_000);
    s.seek(20_000);
    matchesItsLink(s);
  });

  it("refuses an invalid action with the field named, and changes nothing", () => {
    const s = loaded(etcd(), 5_000);
    const before = digest(s.trace);
    expect(() => s.act({ do: "crash", node: "n9" })).toThrow(/faults\[0\]\.node.*n9|n9/);
    expect(digest(s.trace)).toBe(before);
    expect(s.scenario.faults).toEqual([]);
  });

  it("refuses an action at the end of the run, even one that would land just after a last step", () => {
    const s = loaded(etcd([], { until: "5s" }), 5_000);
    expect(() => s.act({ do: "crash", node: "n1" })).toThrow(/the run has ended/);
    const h = loaded(heartbeat, 19_999 - 0.0005);
    while (!h.ended) h.step("event");
    expect(h.now).toBe(19_999);
    expect(() => h.act({ do: "crash", node: "n1" })).toThrow(/the run has ended/);
  });

  it("applies a list of commands in data", () => {
    const s = loaded(etcd());
    s.apply({ type: "seek", t: 6_000 });
    s.apply({ type: "act", fault: { do: "crash", node: "n1" } });
    s.apply({ type: "step", mode: "meaningful" });
    s.apply({ type: "seek", t: 12_000 });
    expect(s.scenario.faults).toEqual([{ do: "crash", node: "n1", at: 6_000 }]);
    matchesItsLink(s);
  });
});

describe("Session: stepping", () => {
  it("a raw step processes exactly one event", () => {
    const s = loaded(etcd(), 4_000);
    const events = s.simulation.state.stats.events;
    s.step("event");
    expect(s.simulation.state.stats.events).toBe(events + 1);
  });

  it("a visible step runs until the trace shows something", () => {
    const s = loaded(etcd(), 4_000);
    const n = s.trace.length;
    s.step("visible");
    expect(s.trace.length).toBeGreaterThan(n);
  });

  it("'next meaningful event' stops after the first event that changes what a learner sees (step-stops.ts)", () => {
    const sc = presets["raft-partition"].scenario;
    const a = loaded(sc);
    const b = loaded(sc); // the same, one raw event at a time
    const seen = new Set<string>();
    for (let i = 0; i < 12 && !a.ended; i++) {
      const n = a.trace.length;
      a.step("meaningful");
      // the latest applied write before this step, what a routine repeat repeats
      const applied = a.trace.slice(0, n).filter((e) => e.type === "write" && e.result !== "rejected");
      const w = applied[applied.length - 1];
      const last = w && w.type === "write" ? { node: w.node, token: w.token } : null;
      const stopped = (from: number) => {
        let l = last;
        for (const e of b.trace.slice(from)) {
          if (stopsAt(e, l)) return true;
          if (e.type === "write" && e.result !== "rejected") l = { node: e.node, token: e.token };
        }
        return false;
      };
      while (!b.ended && !stopped(n)) b.step("event");
      expect(digest(a.trace)).toBe(digest(b.trace));
      for (const e of a.trace.slice(n)) if (stopsAt(e, last)) seen.add(e.type);
    }
    expect([...seen]).toEqual(expect.arrayContaining(["role", "vote"]));
    // Mid-instant, the run so far is a prefix of its link's run.
    const full = createSimulation(a.scenario, { trace: "full" }).run();
    expect(digest(full.trace.slice(0, a.trace.length))).toBe(digest(a.trace));
  });

  it("never processes an event at or after `until`: stepping at the very end stops on it", () => {
    // A heartbeat is due at exactly 20 s; the run ends at 19.999 s.
    const s = loaded(heartbeat, 19_500);
    for (let i = 0; i < 3000 && !s.ended; i++) s.step();
    expect(s.now).toBe(19_999);
    expect(s.frame().t).toBe(19_999);
    expect(s.trace.every((e) => e.t < 19_999)).toBe(true);
    matchesItsLink(s);
    expect(s.step()).toBe(false);
    expect(s.now).toBe(19_999);
  });
});

describe("Session: trace window", () => {
  it("returns the events between two moments, without deliveries, term bumps or renewals, capped", () => {
    const s = loaded(etcd(), 20_000);
    const w = s.window(5_000, 10_000, 10_000);
    expect(w.truncated).toBe(false);
    expect(w.events.length).toBeGreaterThan(0);
    expect(w.events.every((e) => e.t >= 5_000 && e.t <= 10_000)).toBe(true);
    expect(
      w.events.some(
        (e) => e.type === "deliver" || e.type === "term" || (e.type === "lease" && e.action === "renew"),
      ),
    ).toBe(false);
    const all = s.trace.filter(
      (e) =>
        e.t >= 5_000 &&
        e.t <= 10_000 &&
        e.type !== "deliver" &&
        e.type !== "term" &&
        !(e.type === "lease" && e.action === "renew"),
    );
    expect(w.events).toEqual(all);
    const cut = s.window(5_000, 10_000, 3);
    expect(cut).toEqual({ events: all.slice(0, 3), truncated: true });
  });
});

describe("every engine preset through the session", () => {
  for (const [name, p] of Object.entries(presets)) {
    it(`${name}: chunks, a rewind and a replay give the plain run's trace byte for byte`, () => {
      const plain = createSimulation(p.scenario, { trace: "full" }).run();
      const s = loaded(p.scenario);
      s.seek(1e15);
      s.seek(3_333);
      s.seek(1e15);
      expect(s.now).toBe(plain.now);
      expect(digest(JSON.stringify(s.trace))).toBe(digest(JSON.stringify(plain.trace)));
    });
  }
});
