// etcd-io/raft's own test cases, replayed as scenarios (issue 34): each case is named after the
// test it mirrors (raft_paper_test.go, raft_test.go) and checks the behaviour that test checks,
// as far as a scenario can reach it. The other projects' cases sit beside this file.
import { describe, expect, it } from "vitest";
import { parseScenario, presets } from "../index.ts";
import { of, run, starts } from "./real-cases.fixture.ts";

describe("etcd-io/raft", () => {
  const raftDefaults = parseScenario({ protocol: "raft" }).timing as {
    electionTimeout: [number, number];
    heartbeat: number;
  };
  // etcd-io/raft counts the timeout in whole ticks from the ticker's next boundary (the default
  // rules, protocols/raft/ticks.ts): et ticks can end up to one tick sooner than et x tick ms.
  const tick = () => raftDefaults.heartbeat;

  it("raft_paper_test.go TestLeaderElectionInOneRoundRPC: a calm 3-node cluster elects one leader in its first term", () => {
    for (let seed = 1; seed <= 10; seed++) {
      const { trace, summary } = run({ protocol: "raft", nodes: 3, seed, until: "3s" });
      expect(summary.leaders).toHaveLength(1);
      expect(starts(trace)[0].term).toBeLessThanOrEqual(2);
    }
  });

  it("raft_test.go TestLeaderElection: 5 nodes elect exactly one leader per term", () => {
    for (let seed = 1; seed <= 10; seed++) {
      const { trace, summary } = run({ protocol: "raft", nodes: 5, seed, until: "5s" });
      const terms = starts(trace).map((e) => e.term);
      expect(new Set(terms).size).toBe(terms.length);
      expect(summary.violations).toEqual([]);
    }
  });

  it("raft_test.go TestSingleNodeCandidate: a lone node elects itself", () => {
    const { summary } = run({ protocol: "raft", nodes: 1, seed: 1, until: "2s" });
    expect(summary.leaders.map((l) => l.node)).toEqual(["n1"]);
  });

  it("raft_test.go TestLeaderCycle: each crashed leader is replaced by another node, in a higher term", () => {
    const { trace } = run({
      protocol: "raft",
      nodes: 5,
      seed: 3,
      until: "12s",
      faults: [
        { at: "2s", do: "crash", node: "leader" },
        { at: "5s", do: "crash", node: "leader" },
      ],
    });
    const s = starts(trace);
    expect(s.length).toBeGreaterThanOrEqual(3);
    for (let i = 1; i < s.length; i++) {
      expect(s[i].term).toBeGreaterThan(s[i - 1].term);
      expect(s[i].node).not.toBe(s[i - 1].node);
    }
  });

  it("raft_paper_test.go TestFollowerUpdateTermFromMessage: the old leader, back from a partition, adopts the higher term and steps down", () => {
    const { trace } = run(presets["raft-partition"].scenario);
    const ends = of(trace, "leader-end");
    expect(ends.length).toBeGreaterThan(0);
    const s = starts(trace);
    expect(s.at(-1)!.term).toBeGreaterThan(s[0].term);
  });

  it("raft_test.go TestLeaderStepdownWhenQuorumLost: with CheckQuorum an isolated leader steps down", () => {
    const sc = (checkQuorum: boolean) => ({
      protocol: "raft",
      nodes: 3,
      seed: 1,
      until: "10s",
      options: { checkQuorum },
      faults: [{ at: "3s", do: "isolate", node: "leader" }],
    });
    const on = run(sc(true)).summary;
    const off = run(sc(false)).summary;
    expect(on.leaders[0].to).not.toBeNull();
    expect(off.leaders[0].to).toBeNull(); // without it the isolated leader never learns
  });

  it("raft_test.go TestDisruptiveFollowerPreVote: with PreVote a follower back from isolation does not depose the leader", () => {
    const sc = {
      ...(presets["raft-prevote"].scenario as Record<string, unknown>),
      options: { preVote: true },
    };
    expect(starts(run(sc).trace)).toHaveLength(1);
  });

  it("raft_test.go TestDisruptiveFollower: without PreVote the rejoining node's higher term deposes a healthy leader", () => {
    expect(starts(run(presets["raft-prevote"].scenario).trace).length).toBeGreaterThan(1);
  });

  it("raft_paper_test.go TestLeaderElectionOverwriteNewerLogs / TestVoter: a node with a shorter log never wins", () => {
    for (let seed = 1; seed <= 10; seed++) {
      const { trace } = run({ protocol: "raft", nodes: 3, seed, until: "3s", options: { logs: [1, 3, 3] } });
      expect(starts(trace).every((e) => e.node !== "n1")).toBe(true);
    }
  });

  it("raft_test.go TestCandidateConcede (safety): no two leaders in the same term under partitions", () => {
    for (let seed = 1; seed <= 5; seed++) {
      const { summary } = run({
        protocol: "raft",
        nodes: 5,
        seed,
        until: "10s",
        faults: [
          {
            at: "2s",
            do: "partition",
            groups: [
              ["n1", "n2"],
              ["n3", "n4", "n5"],
            ],
            for: "4s",
          },
        ],
      });
      expect(summary.violations).toEqual([]);
    }
  });

  it("raft_paper_test.go TestStartAsFollower: nobody leads before the shortest election timeout", () => {
    for (let seed = 1; seed <= 10; seed++) {
      expect(starts(run({ protocol: "raft", nodes: 3, seed, until: "3s" }).trace)[0].t).toBeGreaterThan(
        raftDefaults.electionTimeout[0] - tick(),
      );
      expect(
        starts(run({ protocol: "raft", nodes: 3, seed, until: "3s", options: { variant: "paper" } }).trace)[0]
          .t,
      ).toBeGreaterThanOrEqual(raftDefaults.electionTimeout[0]);
    }
  });

  it("raft_paper_test.go TestFollowerElectionTimeoutRandomized: the first election comes at different times across seeds, within one timeout range", () => {
    const firsts = Array.from(
      { length: 12 },
      (_, i) =>
        of(run({ protocol: "raft", nodes: 3, seed: i + 1, until: "3s" }).trace, "send").find(
          (e) => e.kind === "RequestVote",
        )!.t,
    );
    expect(new Set(firsts.map((t) => Math.round(t))).size).toBeGreaterThan(6);
    // The k-th tick after boot, k in [et, 2et) ticks: inside ((k - 1) x tick, k x tick].
    for (const t of firsts) {
      expect(t).toBeGreaterThan(raftDefaults.electionTimeout[0] - tick());
      expect(t).toBeLessThanOrEqual(raftDefaults.electionTimeout[1] - tick() + 1);
    }
  });

  it("raft_paper_test.go TestLeaderBcastBeat: the leader sends every follower an AppendEntries each heartbeat", () => {
    const { trace } = run({ protocol: "raft", nodes: 3, seed: 1, until: "3s" });
    const leader = starts(trace)[0];
    const beats = of(trace, "send").filter(
      (e) =>
        e.from === leader.node &&
        e.kind === "AppendEntries" &&
        e.t > leader.t + 1 &&
        e.t <= leader.t + 1 + 10 * raftDefaults.heartbeat,
    );
    expect(beats.length).toBeGreaterThanOrEqual(2 * 9);
    expect(new Set(beats.map((e) => e.to)).size).toBe(2);
  });

  it("raft_paper_test.go TestCandidateStartNewElection: a candidate that cannot win starts a new election in a higher term", () => {
    const { trace } = run({
      protocol: "raft",
      nodes: 3,
      seed: 1,
      until: "3s",
      faults: [{ at: "0s", do: "isolate", node: "n1", for: "3s" }],
    });
    const votes = of(trace, "send").filter((e) => e.kind === "RequestVote" && e.from === "n1");
    expect(new Set(votes.map((e) => e.t)).size).toBeGreaterThan(1);
    expect(of(trace, "leader-start").some((e) => e.node === "n1")).toBe(false);
  });

  it("raft_test.go TestCannotCommitWithoutNewTermEntry's premise: a minority side never elects a leader", () => {
    const { trace } = run({
      protocol: "raft",
      nodes: 5,
      seed: 2,
      until: "8s",
      faults: [
        {
          at: "0s",
          do: "partition",
          groups: [
            ["n1", "n2"],
            ["n3", "n4", "n5"],
          ],
        },
      ],
    });
    expect(starts(trace).length).toBeGreaterThan(0);
    expect(starts(trace).every((e) => ["n3", "n4", "n5"].includes(e.node))).toBe(true);
  });

  it("raft_test.go TestLeaderElectionPreVote: with PreVote a calm cluster still elects one leader, after a pre-vote round", () => {
    const { trace, summary } = run({
      protocol: "raft",
      nodes: 3,
      seed: 1,
      until: "3s",
      options: { preVote: true },
    });
    expect(summary.leaders).toHaveLength(1);
    expect(of(trace, "send").some((e) => e.kind === "PreVote")).toBe(true);
  });

  it("raft_test.go TestLeaderElectionWithCheckQuorum: CheckQuorum keeps a healthy leader in place", () => {
    expect(
      run({ protocol: "raft", nodes: 5, seed: 1, until: "10s", options: { checkQuorum: true } }).summary
        .leaders,
    ).toHaveLength(1);
  });

  it("raft_test.go TestFreeStuckCandidateWithCheckQuorum's premise: a healed partition leaves one leader", () => {
    const { trace } = run({
      protocol: "raft",
      nodes: 3,
      seed: 1,
      until: "10s",
      options: { checkQuorum: true, preVote: true },
      faults: [{ at: "2s", do: "isolate", node: "leader", for: "3s" }],
    });
    const live = new Map<string, boolean>();
    for (const e of trace) {
      if (e.type === "leader-start") live.set(e.node, true);
      if (e.type === "leader-end") live.set(e.node, false);
    }
    expect([...live.values()].filter(Boolean)).toHaveLength(1);
  });
});
