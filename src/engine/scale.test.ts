// Cluster sizes per context: the engine, the CLI and the experiments take up to 1,001 nodes; the
// sandbox's session keeps to the 25 it draws legibly and says so, naming the field.
import { describe, expect, it } from "vitest";
import { createSimulation, MAX_NODES, runElectionCost } from "./index.ts";
import { Session, SANDBOX_MAX_NODES } from "./session/index.ts";

describe("cluster size", () => {
  it("the engine takes 1,001 nodes and refuses 1,002, naming the field", () => {
    expect(MAX_NODES).toBe(1001);
    const big = createSimulation({
      protocol: "raft",
      nodes: 1001,
      until: "3s",
      timing: { heartbeat: "100ms", electionTimeout: ["1s", "2s"] },
    }).run();
    expect(big.state.nodes).toHaveLength(1001);
    expect(big.summary().leaders).toHaveLength(1);
    expect(() => createSimulation({ protocol: "raft", nodes: 1002 })).toThrow("nodes: at most 1001 nodes");
  });

  it("issue 34: a 101-node Raft run of 600 s is accepted and finishes, with a leader crash", () => {
    const sim = createSimulation(
      {
        protocol: "raft",
        nodes: 101,
        seed: 1,
        until: "600s",
        faults: [{ at: "300s", do: "crash", node: "leader" }],
      },
      { trace: "roles" },
    ).run();
    expect(sim.now).toBe(600_000);
    expect(sim.summary().leaders.map((l) => l.token)).toEqual([1, 2]);
  });

  it("a run that does not fit is still refused: Zab's all-to-all election at 1,001 nodes", () => {
    expect(() => createSimulation({ protocol: "zab", nodes: 1001, until: "60s" })).toThrow(
      /this run would take about/,
    );
  });

  it("the sandbox session refuses more than 25 nodes and says why", () => {
    const s = new Session();
    expect(SANDBOX_MAX_NODES).toBe(25);
    expect(() => s.load({ protocol: "raft", nodes: 26 })).toThrow(
      /^nodes: at most 25 nodes in the sandbox: beyond that/,
    );
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
