// Issue 18: a session keeping only a window of its narratable events (the sandbox's worker)
// holds a bounded number of them whatever the run length, and answers as one keeping them all:
// after any seeks, actions, steps and forks, its window is the tail of the whole list, its
// historic events are the whole list's historic ones, and any stretch asked for (older ones
// rebuilt by a re-run) equals the whole list's.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import type { TraceEvent } from "../core/trace.ts";
import { Session, type SessionCommand } from "./index.ts";
import { newHistoricMemo, historic } from "./window.ts";
import { crashLoop } from "./crash-loop.fixture.ts";

// Raft, a leader crash every 6 s and every node restarted 3 s later: elections all run long.
const scenario = crashLoop({ seed: 4, until: "120s", crashes: 19, every: 6, restartAfter: 3 });
const WINDOW = 40;

/** The whole list's historic events, as a session keeping every event would pick them. */
function historicOf(events: readonly TraceEvent[]): TraceEvent[] {
  const memo = newHistoricMemo();
  return events.filter((e) => historic(e, memo));
}

function expectSame(small: Session, whole: Session): void {
  const all = whole.events;
  expect(small.eventCount).toBe(all.length);
  expect(small.recentEvents).toEqual(all.slice(small.eventsBase));
  expect(small.history.events).toEqual(historicOf(all));
  expect(small.history.at.map((i) => all[i])).toEqual(small.history.events);
  expect(small.laneEvents).toEqual(whole.laneEvents);
}

const faults = [
  { do: "crash", node: "leader" },
  { do: "restart", node: "n1" },
  { do: "pause", node: "n2", for: 1_500 },
];

const command: fc.Arbitrary<SessionCommand> = fc.oneof(
  fc.record({ type: fc.constant("seek" as const), t: fc.integer({ min: 0, max: 120_000 }) }),
  fc.record({
    type: fc.constant("step" as const),
    mode: fc.constantFrom("event" as const, "visible" as const, "meaningful" as const),
  }),
  fc.record({ type: fc.constant("act" as const), fault: fc.constantFrom(...faults) }),
  fc.record({ type: fc.constant("fork" as const) }),
);

describe("a session keeping a window of its narratable events", () => {
  it("holds a bounded number of them on a long run, the rest whole as they were", () => {
    const small = new Session({ eventsWindow: WINDOW });
    const whole = new Session();
    small.load(scenario, 120_000);
    whole.load(scenario, 120_000);
    expect(whole.events.length).toBeGreaterThan(10 * WINDOW);
    // Trimmed at each snapshot, so it may grow a little past the window in between.
    expect(small.held.events).toBeLessThanOrEqual(2 * WINDOW);
    expect(small.eventsBase).toBeGreaterThan(0);
    expectSame(small, whole);
    // The whole list, and any stretch of it, rebuilt on demand.
    expect(small.events).toEqual(whole.events);
    for (const [a, b] of [
      [0, 5],
      [3, 300],
      [200, 260],
      [whole.events.length - 10, whole.events.length + 5],
    ]) {
      expect(small.eventsBetween(a, b)).toEqual(whole.events.slice(a, b));
    }
  });

  it("holds a bounded stretch of full trace however long the load, snapshots near or far", () => {
    // The trace was trimmed only at snapshots, minutes apart far behind the latest moment: a
    // long load grew the trace (and its columns, which keep their size) by all the events
    // between two of them.
    const TRACE = 400;
    const s = new Session({ traceWindow: TRACE, eventsWindow: WINDOW, estimate: false });
    const long = crashLoop({ seed: 4, until: "1200s", crashes: 190, every: 6, restartAfter: 3 });
    s.load(long, 1_200_000);
    expect(s.traceLength).toBeGreaterThan(500 * TRACE);
    expect(s.traceLength - s.traceBase).toBeLessThanOrEqual(1.25 * TRACE + 1);
    // the columns' room: the next power of two above the window's limit, at most
    expect(s.simulation.log.tag.length).toBeLessThanOrEqual(1024);
  });

  it("keeps a bounded number of historic events through a split vote that never ends", () => {
    // Identical timeouts, no step-back on a lost vote: after the leader's crash every node
    // campaigns again at each timeout for the rest of the run (Raft Figure 16's 150-150 case).
    const splitVote = (until: string) => ({
      protocol: "raft",
      nodes: 5,
      seed: 1,
      until,
      timing: { electionTimeout: ["150ms", "150ms"], heartbeat: "75ms" },
      // The paper's rules: continuous identical timers split for ever (etcd's tickers would not).
      options: { variant: "paper", voteLost: false },
      faults: [{ at: "1s", do: "crash", node: "leader" }],
    });
    const held = (until: string, at: number) => {
      const s = new Session({ eventsWindow: WINDOW, estimate: false });
      s.load(splitVote(until), at);
      expect(s.leaders().size).toBe(0); // still split
      expect(s.eventCount).toBeGreaterThan(100 * WINDOW);
      return s.held.history;
    };
    const short = held("60s", 60_000);
    // thousands of elections later, no more historic events than after the first minute
    expect(held("240s", 240_000)).toBe(short);
    expect(short).toBeLessThanOrEqual(12);
  });

  it("answers as a session keeping them all, after any commands", () => {
    fc.assert(
      fc.property(
        fc.array(command, { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 0, max: 119 }),
        fc.integer({ min: 1, max: 400 }),
        (cmds, a, n) => {
          const small = new Session({ eventsWindow: WINDOW });
          const whole = new Session();
          small.load(scenario, 100_000);
          whole.load(scenario, 100_000);
          for (const c of cmds) {
            let ok = true;
            try {
              small.apply(c);
            } catch {
              ok = false;
            }
            if (ok) whole.apply(c);
          }
          expectSame(small, whole);
          const from = Math.floor((a / 120) * small.eventCount);
          expect(small.eventsBetween(from, from + n)).toEqual(whole.events.slice(from, from + n));
          expect(small.held.events).toBeLessThanOrEqual(2 * WINDOW);
        },
      ),
      { numRuns: 8 },
    );
  });
});
