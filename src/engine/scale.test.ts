// Cluster sizes per context: the engine, the CLI and the experiments take up to 101 nodes; the
// sandbox's session keeps to the 25 it draws legibly and says so, naming the field.
import { describe, expect, it } from "vitest";
import { createSimulation, MAX_NODES, runElectionCost } from "./index.ts";
import { Session, SANDBOX_MAX_NODES } from "./session/index.ts";

describe("cluster size", () => {
  it("the engine takes 101 nodes and refuses 102, naming the field", () => {
    expect(MAX_NODES).toBe(101);
    expect(createSimulation({ protocol: "raft", nodes: 101, until: "2s", timing: { heartbeat: "200ms", electionTimeout: ["1s", "2s"] } }).run().state.nodes).toHaveLength(101);
    expect(() => createSimulation({ protocol: "raft", nodes: 102 })).toThrow("nodes: at most 101 nodes");
  });

  it("the sandbox session refuses more than 25 nodes and says why", () => {
    const s = new Session();
    expect(SANDBOX_MAX_NODES).toBe(25);
    expect(() => s.load({ protocol: "raft", nodes: 26 })).toThrow(/^nodes: at most 25 nodes in the sandbox: beyond that/);
    expect(s.loaded).toBe(false);
    s.load({ protocol: "raft", nodes: 25, until: "1s" });
    expect(s.simulation.state.nodes).toHaveLength(25);
  });

  it("election cost runs at 101 nodes: raft's votes grow with n", () => {
    const r = runElectionCost({ protocols: ["raft"], sizes: [101], trials: 1, seed: 1 });
    expect(r.rows[0].n).toBe(101);
    expect(r.rows[0].censored).toBe(0);
    expect(r.rows[0].byKind.RequestVote).toBeGreaterThanOrEqual(100);
  });
});
