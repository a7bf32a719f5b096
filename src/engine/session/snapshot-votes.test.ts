// Snapshots leave out the run's votes (one per node and term, growing with the run) and take
// them back from the live state on a rewind: the state a rewind lands in holds exactly the
// votes a run straight to that moment holds.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { Session } from "./index.ts";
import { createSimulation } from "../sim.ts";
import { crashLoop } from "./crash-loop.fixture.ts";

// Raft with a leader crash every 4 s: an election, and a vote per node, every few seconds.
const scenario = (seed: number) => crashLoop({ seed, until: "90s", crashes: 20, every: 4, restartAfter: 2 });

const votesAt = (seed: number, t: number) => {
  const sim = createSimulation(scenario(seed), { trace: "full" });
  sim.runUntil(t);
  return { by: JSON.stringify(sim.state.mon.votesBy), log: sim.state.mon.votesLog };
};

describe("snapshots without the votes", () => {
  it("a rewind lands on exactly the votes a run straight there holds", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1000 }),
        fc.array(fc.integer({ min: 0, max: 80_000 }), { minLength: 1, maxLength: 4 }),
        (seed, seeks) => {
          const s = new Session({ estimate: false });
          s.load(scenario(seed), 85_000);
          for (const t of seeks) {
            s.seek(t);
            const want = votesAt(seed, s.now);
            expect(JSON.stringify(s.simulation.state.mon.votesBy)).toBe(want.by);
            expect(s.simulation.state.mon.votesLog).toEqual(want.log);
          }
        },
      ),
      { numRuns: 12 },
    );
  });

  it("holds none of them in a snapshot, however many the run has cast", () => {
    const s = new Session({ estimate: false });
    s.load(scenario(7), 85_000);
    const votes = (s.simulation.state.mon.votesLog ?? []).length / 2;
    expect(votes).toBeGreaterThan(40);
    const snaps = (
      s as unknown as {
        mem: { snaps: { list: Array<{ rest: { mon: { votesBy?: unknown } }; votes: number }> } };
      }
    ).mem.snaps.list;
    expect(snaps.length).toBeGreaterThan(3);
    for (const snap of snaps) expect(snap.rest.mon.votesBy).toBeUndefined();
    expect(snaps[snaps.length - 1].votes).toBeGreaterThan(0);
  });
});
