import { describe, expect, it } from "vitest";
import { presets, presetNames } from "./presets.ts";
import { parseScenario } from "./schema.ts";
import { SPECS } from "../protocols/registry.ts";

const REQUIRED = [
  "billing-crash", "billing-blip", "billing-gc-short-ttl", "billing-gc-long-ttl", "fencing-diagram", "fencing-off",
  "raft-basic", "raft-split-vote", "raft-partition", "raft-prevote", "k8s-defaults", "k8s-apiserver-cut",
  "k8s-clock-drift", "k8s-long-pause", "etcd-store-outage",
  "bully-basic", "bully-restart", "bully-partition", "ring-basic", "ring-partition", "zab-failover",
  "zab-histories", "heartbeat-pair-partition", "sre-file-server", "github-2012", "stripe-2019", "zk-recipe",
  "zk-herd-leader", "zk-herd-predecessor", "zk-session-expiry", "chubby-sequencer", "database-lease",
  "database-stale-write", "k8s-coordinated",
  // presets-depth.ts
  "raft-figure16", "raft-even-split", "raft-odd-split", "suspend-monotonic", "suspend-monotonic-fenced", "shard-lease-crash",
  "renewal-cost-k8s", "renewal-cost-etcd", "first-leader", "first-crash", "first-new-term", "first-late-write",
  // the guided first ten minutes (/start)
  "start-leader", "start-heartbeats", "start-crash", "start-term", "start-majority", "start-lease", "start-late-write",
  "start-split-vote", "start-your-turn",
];

describe("presets", () => {
  it("has exactly the names lessons reference, each valid", () => {
    expect([...presetNames].sort()).toEqual([...REQUIRED].sort());
    for (const name of REQUIRED) {
      const p = presets[name];
      expect(p.name).toBe(name);
      expect(p.title.length).toBeGreaterThan(5);
      expect(p.description).not.toContain("\n");
      expect(() => parseScenario(p.scenario)).not.toThrow();
    }
  });
  it("lives in the folder of the protocol it runs, grouped in the registry's order", () => {
    for (const [name, spec] of Object.entries(SPECS)) for (const p of spec.presets) expect(p.scenario.protocol, p.name).toBe(name);
    const order = presetNames.map((n) => Object.keys(SPECS).indexOf(presets[n].scenario.protocol as string));
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });
});
