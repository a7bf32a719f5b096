// Issue 17: the session's run must always be the run of its own share link. Random command
// lists (seeks, every kind of step, actions, forks, playback at any speed), then: the trace so
// far is a prefix of a fresh run of the session's scenario, and at the end the two are equal
// byte for byte, frame included. Stepping at the very end used to run past `until` (a
// heartbeat send at 20 000 ms on a 19.999 s run), which this finds.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { createSimulation, digest, presets, ScenarioError } from "../index.ts";
import { Playback, Session, type SessionCommand } from "./index.ts";

const scenarios = {
  heartbeat: { ...presets["heartbeat-pair-partition"].scenario, faults: [], until: 19_999 },
  etcd: {
    protocol: "etcd",
    nodes: 3,
    seed: 3,
    until: "12s",
    boot: "1s",
    network: { delay: "2ms", jitter: "1ms", loss: 0 },
    timing: { ttl: "3s", renew: "1s" },
    fencing: "token",
    work: { every: "500ms" },
    faults: [{ at: "6s", do: "pause", node: "leader", for: "4s" }],
  },
  raft: presets["raft-partition"].scenario,
};
type Name = keyof typeof scenarios;

const faults = [
  { do: "crash", node: "n1" },
  { do: "pause", node: "n2", for: 1_500 },
  { do: "isolate", node: "n1", for: 800 },
];

type Cmd =
  SessionCommand | { type: "near-end"; by: number } | { type: "play"; speed: number; frames: number };

const command = (until: number): fc.Arbitrary<Cmd> =>
  fc.oneof(
    fc.record({ type: fc.constant("seek" as const), t: fc.integer({ min: 0, max: until }) }),
    fc.record({ type: fc.constant("near-end" as const), by: fc.constantFrom(0.5, 1, 3, 20, 400) }),
    fc.record({
      type: fc.constant("step" as const),
      mode: fc.constantFrom("event" as const, "visible" as const, "meaningful" as const),
    }),
    fc.record({ type: fc.constant("act" as const), fault: fc.constantFrom(...faults) }),
    fc.record({ type: fc.constant("fork" as const) }),
    fc.record({
      type: fc.constant("play" as const),
      speed: fc.constantFrom(1, 10, 100),
      frames: fc.integer({ min: 1, max: 30 }),
    }),
  );

const untilOf = (name: Name) => createSimulation(scenarios[name]).scenario.until;

function run(name: Name, cmds: Cmd[], traceWindow?: number): Session {
  const s = new Session({ traceWindow });
  s.load(scenarios[name]);
  const clock = new Playback(s);
  let real = 0;
  for (const c of cmds) {
    try {
      if (c.type === "near-end") s.seek(s.until - c.by);
      else if (c.type === "play") {
        clock.setSpeed(c.speed);
        clock.play(real);
        for (let i = 0; i < c.frames; i++) clock.tick((real += 16));
        clock.pause();
      } else s.apply(c);
    } catch (err) {
      // A refused action (the run has ended, a node that cannot take it) changes nothing.
      if (!(err instanceof ScenarioError)) throw err;
    }
    expect(s.now).toBeLessThanOrEqual(s.until);
  }
  return s;
}

// Issue 18: the sandbox keeps only a window of the full trace; with a tiny one (50
// events, so every run drops most of its trace and rewinds past the window) the whole trace it
// rebuilds must still be the share link's, fault causes (indices into the whole trace) included.
describe.each([
  ["whole trace", undefined],
  ["a window of 50 events", 50],
] as const)("a session is the run of its own share link (%s)", (_, traceWindow) => {
  for (const name of Object.keys(scenarios) as Name[]) {
    it(`${name}: after any list of commands`, () => {
      const until = untilOf(name);
      fc.assert(
        fc.property(fc.array(command(until), { minLength: 1, maxLength: 12 }), (cmds) => {
          const s = run(name, cmds, traceWindow);
          const full = createSimulation(s.scenario, { trace: "full" }).run();
          expect(s.trace.every((e) => e.t < until || e.type === "start")).toBe(true);
          expect(digest(full.trace.slice(0, s.trace.length))).toBe(digest(s.trace));
          expect(digest(full.trace.slice(s.traceBase, s.traceLength))).toBe(digest(s.simulation.trace));
          s.seek(until);
          expect(s.now).toBe(until);
          expect(digest(s.trace)).toBe(digest(full.trace));
          expect(s.frame()).toEqual(full.frame());
          // The events it kept (not rebuilt) are the fresh run's, from where the window starts.
          expect(digest(s.simulation.trace)).toBe(digest(full.trace.slice(s.traceBase)));
          if (traceWindow) expect(s.traceBase).toBeGreaterThan(0);
        }),
        { numRuns: name === "heartbeat" ? 120 : 40, seed: 17 },
      );
    });
  }
});
