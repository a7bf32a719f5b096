// Failover per fault: a second outage gets its own number, and a pause of the leader is timed
// from the pause, not from the first fault of the run (issue 33: "Failover 8.96 s" stayed after
// a later crash that took 9.5 s).
import { describe, expect, it } from "vitest";
import { createSimulation, failoverTime, presets } from "../engine/index.ts";
import { failovers } from "./failovers.ts";

// Exact traces, written out: only the events failovers() reads.
const start = (t: number, node: string) => ({ t, type: "leader-start", node, token: 1, term: 1 });
const end = (t: number, node: string, reason = "now follower") => ({
  t,
  type: "leader-end",
  node,
  token: 1,
  reason,
});
const fault = (t: number, f: string, more: Record<string, unknown> = {}) => ({
  t,
  type: "fault",
  fault: f,
  detail: "",
  effect: "applied",
  ...more,
});
const fo = (events: object[], store?: string) => failovers(events as never, store);

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

  it("a partition: the new leader on the majority side is a failover timed from the cut, the old one still believing", () => {
    // raft-partition: n2 leads; the cut leaves n2 and n1 apart from n3, n4, n5; n5 wins term 2;
    // the heal makes n2 step down, with n5 leading: no second failover from that
    const trace = [
      start(108.228, "n2"),
      fault(2000, "partition", {
        groups: [
          ["n2", "n1"],
          ["n3", "n4", "n5"],
        ],
        leader: "n2",
      }),
      start(2074.123, "n5"),
      fault(6000, "heal"),
      end(6021.112, "n2"),
    ];
    expect(fo(trace)).toEqual([
      {
        from: 2000,
        fault: "the network split into two sides",
        to: 2074.123,
        leader: "n5",
        stillBelieved: ["n2"],
      },
    ]);
    // and the engine's own run of the preset gives the same moments
    const real = failovers(run(presets["raft-partition"].scenario));
    expect(real).toEqual([
      {
        from: 2000,
        fault: "the network split into two sides",
        to: 2074.123,
        leader: "n5",
        stillBelieved: ["n2"],
      },
    ]);
  });

  it("a crash: from the crash to the next leader, nobody left believing", () => {
    const trace = [
      start(406.5, "n2"),
      fault(15_500, "crash", { node: "leader", resolved: "n2" }),
      end(15_500, "n2", "crashed"),
      start(24_012.5, "n3"),
    ];
    expect(fo(trace)).toEqual([
      { from: 15_500, fault: "n2 crashed", to: 24_012.5, leader: "n3", stillBelieved: [] },
    ]);
  });

  it("a cut that leaves the leader its majority is no failover; a later crash is timed from the crash", () => {
    // before: the cut of follower n3 at 10 s opened a failover that the crash's new leader
    // closed at 49 s, "39 s", and the crash at 40 s was folded into it
    const trace = [
      start(406.5, "n2"),
      fault(10_000, "partition", { groups: [["n3"], ["n1", "n2", "store"]] }),
      fault(40_000, "crash", { node: "leader", resolved: "n2" }),
      end(40_000, "n2", "crashed"),
      start(49_007.7, "n1"),
    ];
    expect(fo(trace, "etcd")).toEqual([
      { from: 40_000, fault: "n2 crashed", to: 49_007.7, leader: "n1", stillBelieved: [] },
    ]);
  });

  it("a follower cut off and healed that then deposes the leader: timed from the step-down, not the cut", () => {
    const trace = [
      start(108.2, "n2"),
      fault(2000, "partition", { groups: [["n4"], ["n1", "n2", "n3", "n5"]] }),
      fault(4000, "heal"),
      end(4013.8, "n2"),
      start(4123.4, "n5"),
    ];
    expect(fo(trace)).toEqual([
      { from: 4013.8, fault: "n2 stopped leading", to: 4123.4, leader: "n5", stillBelieved: [] },
    ]);
  });

  it("a leader cut from the store that gives up before anyone else leads: timed from the cut", () => {
    const trace = [
      start(500, "n1"),
      fault(30_000, "partition", { groups: [["n1"], ["store"]] }),
      end(40_000, "n1", "lease lost"),
      start(45_000, "n2"),
    ];
    expect(fo(trace, "the API server")).toEqual([
      {
        from: 30_000,
        fault: "the link n1–the API server was cut",
        to: 45_000,
        leader: "n2",
        stillBelieved: [],
      },
    ]);
  });
});
