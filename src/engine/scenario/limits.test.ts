// The run-size estimate follows each protocol's own message pattern (issue 34 item 8): steady
// traffic linear in the cluster, elections quadratic. It must stay an upper bound of the right
// order of what a run really takes, and accept the large runs that fit.
import { describe, expect, it } from "vitest";
import { createSimulation, parseScenario } from "../index.ts";
import { estimateEvents, smallestTimer, MAX_EVENTS_ESTIMATE } from "./limits.ts";
import type { CoreScenario } from "../core/scenario.ts";

const estimate = (raw: Record<string, unknown>) => {
  const sc = parseScenario(raw, { estimate: false }) as unknown as CoreScenario;
  return estimateEvents(sc, (smallestTimer(sc) as { ms: number }).ms);
};

describe("run-size estimate", () => {
  for (const [protocol, nodes] of [
    ["raft", 25],
    ["raft", 101],
    ["bully", 25],
    ["ring", 51],
    ["zab", 25],
    ["etcd", 25],
  ] as const) {
    it(`${protocol} with ${nodes} nodes: the estimate bounds the events a run takes, within 20x`, () => {
      const raw = {
        protocol,
        nodes,
        seed: 1,
        until: "20s",
        faults: [{ at: "8s", do: "crash", node: "leader" }],
      };
      const events = createSimulation(raw, { trace: "roles", estimate: false }).run().state.stats.events;
      const est = estimate(raw);
      expect(est).toBeGreaterThanOrEqual(events);
      if (protocol !== "etcd") expect(est).toBeLessThan(events * 20); // etcd's shortest timer is a retry that rarely fires
    });
  }

  it("grows linearly with the cluster for a leader's heartbeats (was quadratic: 52 to 74 times too high at 101)", () => {
    const at = (nodes: number) => estimate({ protocol: "raft", nodes, until: "600s" });
    expect(at(101) / at(51)).toBeLessThan(2.2);
  });

  it("accepts a 101-node Raft run of 600 s, and it finishes", { timeout: 180_000 }, () => {
    const raw = { protocol: "raft", nodes: 101, seed: 1, until: "600s" };
    expect(estimate(raw)).toBeLessThan(MAX_EVENTS_ESTIMATE);
    const sim = createSimulation(raw, { trace: "roles" }).run();
    expect(sim.now).toBe(600_000);
    expect(sim.summary().leaders).toHaveLength(1);
  });

  it("accepts 25 nodes for 1200 s at a 150 ms heartbeat, and 51-node bully and ring runs of 60 s", () => {
    expect(() =>
      parseScenario({
        protocol: "raft",
        nodes: 25,
        until: "1200s",
        timing: { heartbeat: "150ms", electionTimeout: ["1500ms", "3000ms"] },
      }),
    ).not.toThrow();
    expect(() => parseScenario({ protocol: "bully", nodes: 51, until: "60s" })).not.toThrow();
    expect(() => parseScenario({ protocol: "ring", nodes: 51, until: "60s" })).not.toThrow();
  });

  it("still refuses a run far beyond the budget, naming until", () => {
    expect(() => parseScenario({ protocol: "raft", nodes: 101, until: "24h" })).toThrow(
      /^until: this run would take about/,
    );
  });
});
