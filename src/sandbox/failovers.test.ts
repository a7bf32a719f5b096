// Failover per fault: a second outage gets its own number, and a pause of the leader is timed
// from the pause, not from the first fault of the run (issue 33: "Failover 8.96 s" stayed after
// a later crash that took 9.5 s).
import { describe, expect, it } from "vitest";
import { createSimulation, failoverTime, presets } from "../engine/index.ts";
import { failovers } from "./failovers.ts";

const run = (sc: unknown) =>
  createSimulation(structuredClone(sc) as never, { trace: "full" }).run().trace as never[];

describe("failovers", () => {
  it("times each outage from the fault that struck the leader to the next leader", () => {
    const sc = structuredClone(presets["billing-crash"].scenario) as { faults: unknown[]; until: string };
    // a second crash of whoever leads, after the first failover is over
    sc.faults = [...sc.faults, { at: "45s", do: "crash", node: "leader" }];
    sc.until = "80s";
    const trace = run(sc);
    const all = failovers(trace);
    expect(all).toHaveLength(2);
    expect(all[0].fault).toMatch(/^n\d crashed$/);
    expect(all[1].from).toBe(45_000);
    expect(all[1].to).toBeGreaterThan(45_000);
    // the engine's summary still counts the first fault only; the sandbox shows the latest
    expect(failoverTime(trace)).toBeCloseTo(all[0].to - all[0].from, 2);
    expect(all[1].leader).not.toBe(all[0].leader);
  });

  it("says a cut link is a cut link, and a split only when the cluster is divided into sides", () => {
    // review 6b #5: cutting the one link n2–etcd read "the network split at 1.57 s"
    const sc = structuredClone(presets["billing-crash"].scenario) as { faults: unknown[]; until: string };
    sc.faults = [{ at: "5s", do: "partition", groups: [["leader"], ["store"]] }];
    sc.until = "40s";
    const cut = failovers(run(sc), "etcd");
    expect(cut[0]?.fault).toMatch(/^the link n\d–etcd was cut$/);
    sc.faults = [{ at: "5s", do: "partition", groups: [["n2"], ["n1", "n3", "store"]] }];
    const split = failovers(run(sc), "etcd");
    expect(split[0]?.fault).toBe("the network split into two sides");
  });

  it("ignores a fault on a follower", () => {
    const sc = structuredClone(presets["billing-crash"].scenario) as { faults: unknown[] };
    sc.faults = [{ at: "5s", do: "crash", node: "n3" }];
    const leaderStart = run(sc).filter((e: { type: string }) => e.type === "leader-start");
    expect(leaderStart.length).toBeGreaterThan(0);
    expect(failovers(run(sc))).toEqual([]);
  });
});
