// Issue 18: the lanes check builds nothing per event, and records exactly what the plain
// per-event sampling did. The reference below is that sampling written out again (a string key
// per node after every event); runs of every protocol, random seeds, actions and rewinds must
// give the same lane list.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { createSimulation, presets } from "../index.ts";
import type { SimState } from "../core/types.ts";
import { Session } from "./index.ts";
import type { LaneEvent } from "./lanes.ts";

function referenceLanes(scenario: unknown, until: number): LaneEvent[] {
  const sim = createSimulation(scenario, { trace: "full" });
  const list: LaneEvent[] = [];
  const last = sim.state.nodes.map(() => "");
  const sample = (s: SimState) => {
    s.nodes.forEach((n, i) => {
      let role = "follower";
      if (n.status === "paused" || n.status === "crashed" || n.status === "stopped") role = n.status;
      else if (n.role === "leader") role = "leader";
      else if (n.role === "candidate" || n.role === "precandidate") role = "candidate";
      const token = n.believes ? n.token : null;
      // A term bump alone is not a sample (lanes.ts).
      const key = `${role}|${token}`;
      if (key !== last[i]) {
        last[i] = key;
        list.push({ t: s.now, i, role, term: n.term, token });
      }
    });
  };
  sample(sim.state);
  sim.runUntil(until, () => {
    sample(sim.state);
    return false;
  });
  return list;
}

const names = [
  "raft-partition",
  "raft-prevote",
  "billing-gc-short-ttl",
  "k8s-long-pause",
  "zk-herd-leader",
  "bully-restart",
  "ring-partition",
  "zab-failover",
  "database-lease",
  "chubby-sequencer",
  "heartbeat-pair-partition",
  "suspend-monotonic",
].filter((n) => n in presets);
const actions = [
  { do: "pause", node: "n1", for: 1200 },
  { do: "crash", node: "leader" },
  { do: "restart", node: "n1" },
  { do: "isolate", node: "n2", for: 900 },
];

describe("lanes recorded only on a change", () => {
  it("has presets to run", () => expect(names.length).toBe(12));

  it("equal the per-event string-key sampling, over random runs with rewinds", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...names),
        fc.integer({ min: 1, max: 1000 }),
        fc.array(
          fc.record({
            at: fc.double({ min: 0, max: 1, noNaN: true }),
            act: fc.option(fc.constantFrom(...actions)),
          }),
          { minLength: 1, maxLength: 5 },
        ),
        (name, seed, stops) => {
          const scenario = { ...presets[name].scenario, seed };
          const until = createSimulation(scenario).scenario.until;
          const s = new Session();
          s.load(scenario);
          // Forward and back: a rewind restores the lanes' memory from a snapshot.
          // Actions pause, crash or restart nodes (lane changes the script did not have).
          for (const { at, act } of stops) {
            s.seek(at * until);
            if (act && !s.ended) {
              try {
                s.act(act);
              } catch {
                // refused (the protocol has no such node, the run has ended): nothing changed
              }
            }
          }
          s.seek(until);
          expect(s.laneEvents).toEqual(referenceLanes(s.scenario, until));
        },
      ),
      { numRuns: 30, seed: 18 },
    );
  }, 300_000);
});
