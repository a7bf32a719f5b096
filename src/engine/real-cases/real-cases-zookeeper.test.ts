// ZooKeeper's own test cases, replayed as scenarios (issue 34): each case is named after the test
// it mirrors and checks the behaviour that test checks, as far as a scenario can reach it.
// apache/zookeeper @53a78e36f99602162643303ab330377fc383b41f FLETest.java,
// LeaderElectionSupportTest.java, SessionTest.java.
import { describe, expect, it } from "vitest";
import { parseScenario, presets } from "../index.ts";
import { of, run, starts } from "./real-cases.fixture.ts";

describe("apache/zookeeper", () => {
  it("LeaderElectionSupportTest testNode: a lone client becomes leader", () => {
    const { summary } = run({ protocol: "zookeeper", nodes: 1, seed: 1, until: "5s" });
    expect(summary.leaders.map((l) => l.node)).toEqual(["n1"]);
  });

  it("LeaderElectionSupportTest testNodes: of many clients exactly one leads, the lowest sequence", () => {
    const { trace, summary } = run({ protocol: "zookeeper", nodes: 5, seed: 2, until: "10s" });
    expect(summary.leaders).toHaveLength(1);
    expect(starts(trace)[0].token).toBe(0);
  });

  it("LeaderElectionSupportTest testOfferShutdownRace: the leader leaving hands over to the next sequence at once", () => {
    const { trace, summary } = run({
      protocol: "zookeeper",
      nodes: 3,
      seed: 1,
      until: "10s",
      faults: [{ at: "4s", do: "shutdown", node: "leader" }],
    });
    expect(starts(trace).map((e) => e.token)).toEqual([0, 1]);
    expect(summary.leaders[1].from - 4000).toBeLessThan(50);
  });

  it("ZooKeeper recipes (leader election, no herd): a leader leaving notifies only its successor", () => {
    const { trace } = run({
      protocol: "zookeeper",
      nodes: 6,
      seed: 1,
      until: "10s",
      faults: [{ at: "4s", do: "shutdown", node: "leader" }],
    });
    expect(of(trace, "send").filter((e) => e.kind === "WatchEvent" && e.t >= 4000)).toHaveLength(1);
  });

  it("SessionTest testSessionTimeout: a crashed client's session expires on the server's tick after T", () => {
    const { trace } = run({
      protocol: "zookeeper",
      nodes: 2,
      seed: 1,
      until: "30s",
      faults: [{ at: "5s", do: "crash", node: "leader" }],
    });
    const exp = of(trace, "lease").find((e) => e.action === "expire")!;
    expect(exp.t % 2000).toBe(0);
    expect(exp.t - 5000).toBeGreaterThan(10_000 - 3400);
    expect(exp.t - 5000).toBeLessThanOrEqual(10_000 + 2000);
  });

  it("FLETest testLE: five peers from empty logs elect the highest server id", () => {
    const { summary } = run({ protocol: "zab", nodes: 5, seed: 1, until: "5s" });
    expect(summary.leaders.map((l) => l.node)).toEqual(["n5"]);
  });

  it("FLETest testLE (after a crash): the survivors elect the highest remaining id", () => {
    const { summary } = run({
      protocol: "zab",
      nodes: 5,
      seed: 1,
      until: "30s",
      faults: [{ at: "5s", do: "crash", node: "n5" }],
    });
    expect(summary.leaders.map((l) => l.node)).toEqual(["n5", "n4"]);
  });

  it("FLEPredicateTest / totalOrderPredicate: the peer with the newest zxid wins over a higher id", () => {
    const { summary } = run(presets["zab-histories"].scenario);
    expect(summary.leaders.length).toBeGreaterThan(0);
    const sc = parseScenario(presets["zab-histories"].scenario) as unknown as {
      options: { histories: Array<[number, number]> };
    };
    const hs = sc.options.histories;
    const best = hs
      .map((h, i) => ({ i, h }))
      .sort((a, b) => b.h[0] - a.h[0] || b.h[1] - a.h[1] || b.i - a.i)[0].i;
    expect(summary.leaders[0].node).toBe(`n${best + 1}`);
  });

  it("FLETest testLE with three peers: the highest id leads", () => {
    expect(
      run({ protocol: "zab", nodes: 3, seed: 4, until: "5s" }).summary.leaders.map((l) => l.node),
    ).toEqual(["n3"]);
  });

  it("QuorumPeerMainTest (quorum): a minority of the ensemble elects no leader", () => {
    const { trace } = run({
      protocol: "zab",
      nodes: 5,
      seed: 1,
      until: "10s",
      faults: [
        {
          at: "0s",
          do: "partition",
          groups: [
            ["n4", "n5"],
            ["n1", "n2", "n3"],
          ],
        },
      ],
    });
    expect(starts(trace).every((e) => ["n1", "n2", "n3"].includes(e.node))).toBe(true);
    expect(starts(trace).length).toBeGreaterThan(0);
  });

  it("ClientCnxn read timeout (ClientCnxnSocketTest): a client cut from the server goes Disconnected 2T/3 after it last heard from it", () => {
    const { trace } = run({
      protocol: "zookeeper",
      nodes: 3,
      seed: 1,
      until: "30s",
      faults: [{ at: "10s", do: "partition", groups: [["leader"], ["store"]], for: "15s" }],
    });
    const d = of(trace, "lease").find((e) => e.action === "self-demote" && e.reason === "disconnected")!;
    expect(d.t - 10_000).toBeLessThanOrEqual((10_000 * 2) / 3 + 5);
    expect(d.t - 10_000).toBeGreaterThan((10_000 * 2) / 3 - 10_000 / 3 - 5);
  });

  it("SessionTest testSessionMove (graceful close): closing the session deletes its znode at once", () => {
    const { trace } = run({
      protocol: "zookeeper",
      nodes: 2,
      seed: 1,
      until: "10s",
      faults: [{ at: "4s", do: "shutdown", node: "leader" }],
    });
    const del = of(trace, "store").find((e) => e.op === "delete" && e.t >= 4000)!;
    expect(del.t - 4000).toBeLessThan(20);
  });

  it("LeaderElectionSupportTest testNodes (tokens): every leadership has a higher sequence than the last", () => {
    const { trace } = run({
      protocol: "zookeeper",
      nodes: 4,
      seed: 1,
      until: "20s",
      faults: [
        { at: "4s", do: "shutdown", node: "leader" },
        { at: "8s", do: "shutdown", node: "leader" },
      ],
    });
    expect(starts(trace).map((e) => e.token)).toEqual([0, 1, 2]);
  });

  it("FLETest testLE with seven peers: the highest id leads", () => {
    expect(
      run({ protocol: "zab", nodes: 7, seed: 2, until: "5s" }).summary.leaders.map((l) => l.node),
    ).toEqual(["n7"]);
  });

  it("ZooKeeper recipes, the herd effect: watching the lowest znode wakes every follower, watching the predecessor wakes one", () => {
    const count = (name: string) =>
      of(run(presets[name].scenario).trace, "send").filter((e) => e.kind === "WatchEvent").length;
    expect(count("zk-herd-leader")).toBeGreaterThan(count("zk-herd-predecessor") * 5);
  });

  it("SessionTest (expiry after a crash): the successor's sequence is the next one", () => {
    const { trace } = run({
      protocol: "zookeeper",
      nodes: 3,
      seed: 1,
      until: "30s",
      faults: [{ at: "5s", do: "crash", node: "leader" }],
    });
    expect(starts(trace).map((e) => e.token)).toEqual([0, 1]);
  });
});
