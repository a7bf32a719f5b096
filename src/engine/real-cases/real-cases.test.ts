// The real projects' own test cases, replayed as scenarios (issue 34): each case is named after
// the test it mirrors (file and function at the pinned commits below) and checks the behaviour
// that test checks, as far as a scenario can reach it.
//   etcd-io/raft raft_paper_test.go, raft_test.go; etcd-io/etcd
//   @c34dc7ee0048fd2bcc44d50beff002e5e8069b69 tests/integration/clientv3/concurrency
//   election_test.go; kubernetes/client-go @32ce75a7d6bc6960fd048d3d1e3b34185418d8c8
//   tools/leaderelection/leaderelection_test.go; apache/zookeeper
//   @53a78e36f99602162643303ab330377fc383b41f FLETest.java, LeaderElectionSupportTest.java.
import { describe, expect, it } from "vitest";
import { parseScenario, presets, runScenario } from "../index.ts";
import type { TraceEvent } from "../core/trace.ts";

const of = <K extends TraceEvent["type"]>(trace: TraceEvent[], type: K) =>
  trace.filter((e): e is Extract<TraceEvent, { type: K }> => e.type === type);
const run = (sc: Record<string, unknown>) => runScenario(sc);
const starts = (trace: TraceEvent[]) => of(trace, "leader-start");

describe("etcd-io/raft", () => {
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
    const { trace } = run({ protocol: "raft", nodes: 5, seed: 3, until: "12s", faults: [{ at: "2s", do: "crash", node: "leader" }, { at: "5s", do: "crash", node: "leader" }] });
    const s = starts(trace);
    expect(s.length).toBeGreaterThanOrEqual(3);
    for (let i = 1; i < s.length; i++) { expect(s[i].term).toBeGreaterThan(s[i - 1].term); expect(s[i].node).not.toBe(s[i - 1].node); }
  });

  it("raft_paper_test.go TestFollowerUpdateTermFromMessage: the old leader, back from a partition, adopts the higher term and steps down", () => {
    const { trace } = run(presets["raft-partition"].scenario);
    const ends = of(trace, "leader-end");
    expect(ends.length).toBeGreaterThan(0);
    const s = starts(trace);
    expect(s.at(-1)!.term).toBeGreaterThan(s[0].term);
  });

  it("raft_test.go TestLeaderStepdownWhenQuorumLost: with CheckQuorum an isolated leader steps down", () => {
    const sc = (checkQuorum: boolean) => ({ protocol: "raft", nodes: 3, seed: 1, until: "10s", options: { checkQuorum }, faults: [{ at: "3s", do: "isolate", node: "leader" }] });
    const on = run(sc(true)).summary;
    const off = run(sc(false)).summary;
    expect(on.leaders[0].to).not.toBeNull();
    expect(off.leaders[0].to).toBeNull(); // without it the isolated leader never learns
  });

  it("raft_test.go TestDisruptiveFollowerPreVote: with PreVote a follower back from isolation does not depose the leader", () => {
    const sc = { ...(presets["raft-prevote"].scenario as Record<string, unknown>), options: { preVote: true } };
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
      const { summary } = run({ protocol: "raft", nodes: 5, seed, until: "10s", faults: [{ at: "2s", do: "partition", groups: [["n1", "n2"], ["n3", "n4", "n5"]], for: "4s" }] });
      expect(summary.violations).toEqual([]);
    }
  });
});

describe("etcd clientv3/concurrency", () => {
  it("election_test.go TestElectionWait: followers lead in create-revision order as each leader leaves", () => {
    const { trace } = run({ protocol: "etcd", nodes: 3, seed: 1, until: "10s", faults: [{ at: "2s", do: "shutdown", node: "leader" }, { at: "4s", do: "shutdown", node: "leader" }] });
    const revs = starts(trace).map((e) => e.token as number);
    expect(revs).toHaveLength(3);
    expect([...revs].sort((a, b) => a - b)).toEqual(revs);
  });

  it("election_test.go TestElectionFailover: the leader's session closes and the next candidate leads at once", () => {
    const { summary } = run({ protocol: "etcd", nodes: 3, seed: 1, until: "10s", faults: [{ at: "3s", do: "shutdown", node: "leader" }] });
    expect(summary.leaders[1].from - 3000).toBeLessThan(50);
  });

  it("election_test.go TestElectionSessionRecampaign (lease expiry): a crashed leader's key goes with its lease, within TTL", () => {
    const { summary } = run({ protocol: "etcd", nodes: 3, seed: 1, until: "30s", timing: { ttl: "5s" }, faults: [{ at: "10s", do: "crash", node: "leader" }] });
    const gap = summary.leaders[1].from - 10_000;
    expect(gap).toBeGreaterThan(5000 - 5000 / 3 - 600);
    expect(gap).toBeLessThan(5000 + 600);
  });

  it("key.go waitDeletes (TestElectionObserve's herd-freedom): a leader leaving wakes only its successor", () => {
    const { trace } = run({ protocol: "etcd", nodes: 5, seed: 1, until: "6s", faults: [{ at: "3s", do: "shutdown", node: "leader" }] });
    const events = of(trace, "send").filter((e) => e.kind === "WatchEvent" && e.t >= 3000 && e.t < 3100);
    expect(events).toHaveLength(1);
  });

  it("session.go TestSessionTTLOptions: a session's lease has the TTL asked for, 60 s by default", () => {
    expect((parseScenario({ protocol: "etcd" }).timing as { ttl: number }).ttl).toBe(60_000);
    const { trace } = run({ protocol: "etcd", nodes: 1, seed: 1, until: "1s", timing: { ttl: "7s" } });
    expect(of(trace, "lease").find((e) => e.action === "grant")!.ttlMs).toBe(7000);
  });
});

describe("kubernetes client-go leaderelection", () => {
  it("leaderelection_test.go TestTryAcquireOrRenew 'acquire from no object': the first elector creates the Lease", () => {
    const { trace, summary } = run({ protocol: "kubernetes", nodes: 1, seed: 1, until: "3s" });
    expect(of(trace, "send").filter((e) => e.kind === "Create")).toHaveLength(1);
    expect(summary.leaders.map((l) => l.node)).toEqual(["n1"]);
  });

  it("TestTryAcquireOrRenew 'don't acquire from led, unexpired object': followers keep off a renewed Lease", () => {
    const { summary } = run({ protocol: "kubernetes", nodes: 3, seed: 1, until: "60s" });
    expect(summary.leaders).toHaveLength(1);
  });

  it("TestTryAcquireOrRenew 'acquire from led, unacked object' (expired): a follower takes over after leaseDuration on its own clock", () => {
    const { trace } = run({ protocol: "kubernetes", nodes: 3, seed: 1, until: "60s", faults: [{ at: "20s", do: "crash", node: "leader" }] });
    const take = of(trace, "lease").find((e) => e.action === "takeover" && e.reason === "expired")!;
    expect(take.unchangedMs).toBeGreaterThanOrEqual(15_000);
  });

  it("TestFastPathLeaderElection: the leader renews with an Update on its cached record, no Get", () => {
    const { trace } = run({ protocol: "kubernetes", nodes: 1, seed: 1, until: "20s" });
    const gets = of(trace, "send").filter((e) => e.kind === "Get" && e.from === "n1" && e.t > 1000);
    expect(gets).toEqual([]);
    expect(of(trace, "send").filter((e) => e.kind === "Update" && e.from === "n1").length).toBeGreaterThan(5);
  });

  it("TestLeaderElectionConfigValidation: leaseDuration > renewDeadline > retryPeriod x 1.2", () => {
    expect(() => parseScenario({ protocol: "kubernetes", timing: { leaseDuration: "10s", renewDeadline: "10s" } })).toThrow(/leaseDuration must be greater than renewDeadline/);
    expect(() => parseScenario({ protocol: "kubernetes", timing: { renewDeadline: "2s", retryPeriod: "2s" } })).toThrow(/renewDeadline must be greater than retryPeriod\*JitterFactor/);
  });

  it("TestReleaseLeaseLeases / TestReleaseOnCancellation_Leases: with ReleaseOnCancel a shutdown clears the holder and the next leader follows within a retry period", () => {
    const { trace, summary } = run({ protocol: "kubernetes", nodes: 3, seed: 1, until: "40s", options: { releaseOnCancel: true }, faults: [{ at: "20s", do: "shutdown", node: "leader" }] });
    expect(of(trace, "lease").filter((e) => e.action === "release").map((e) => e.releaseStep)).toEqual(["get", "update", "done"]);
    expect(summary.leaders[1].from - 20_000).toBeLessThan(2000 * 1.2 + 100);
  });

  it("ReleaseOnCancel's zero value (leaderelection.go LeaderElectionConfig): without it a shutdown leaves the Lease to expire", () => {
    const { trace, summary } = run({ protocol: "kubernetes", nodes: 3, seed: 1, until: "60s", faults: [{ at: "20s", do: "shutdown", node: "leader" }] });
    expect(of(trace, "lease").filter((e) => e.action === "release")).toEqual([]);
    expect(summary.leaders[1].from - 20_000).toBeGreaterThan(13_000);
  });

  it("TestReleaseOnCancellation_Leases: the work stops as soon as Run's context is cancelled", () => {
    const { trace } = run({ protocol: "kubernetes", nodes: 3, seed: 1, until: "40s", work: { every: "100ms" }, options: { releaseOnCancel: true }, faults: [{ at: "20s", do: "shutdown", node: "leader" }] });
    const old = starts(trace)[0].node;
    expect(of(trace, "send").filter((e) => e.kind === "Write" && e.from === old && e.t >= 20_000)).toEqual([]);
  });

  it("TestReleaseMethodCallsGet: release() reads the Lease before its Update", () => {
    const { trace } = run({ protocol: "kubernetes", nodes: 3, seed: 1, until: "40s", options: { releaseOnCancel: true }, faults: [{ at: "20s", do: "shutdown", node: "leader" }] });
    const old = starts(trace)[0].node;
    const after = of(trace, "send").filter((e) => e.from === old && e.t >= 20_000 && (e.kind === "Get" || e.kind === "Update")).map((e) => e.kind);
    expect(after.slice(0, 2)).toEqual(["Get", "Update"]);
  });
});

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
    const { trace, summary } = run({ protocol: "zookeeper", nodes: 3, seed: 1, until: "10s", faults: [{ at: "4s", do: "shutdown", node: "leader" }] });
    expect(starts(trace).map((e) => e.token)).toEqual([0, 1]);
    expect(summary.leaders[1].from - 4000).toBeLessThan(50);
  });

  it("ZooKeeper recipes (leader election, no herd): a leader leaving notifies only its successor", () => {
    const { trace } = run({ protocol: "zookeeper", nodes: 6, seed: 1, until: "10s", faults: [{ at: "4s", do: "shutdown", node: "leader" }] });
    expect(of(trace, "send").filter((e) => e.kind === "WatchEvent" && e.t >= 4000)).toHaveLength(1);
  });

  it("SessionTest testSessionTimeout: a crashed client's session expires on the server's tick after T", () => {
    const { trace } = run({ protocol: "zookeeper", nodes: 2, seed: 1, until: "30s", faults: [{ at: "5s", do: "crash", node: "leader" }] });
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
    const { summary } = run({ protocol: "zab", nodes: 5, seed: 1, until: "30s", faults: [{ at: "5s", do: "crash", node: "n5" }] });
    expect(summary.leaders.map((l) => l.node)).toEqual(["n5", "n4"]);
  });

  it("FLEPredicateTest / totalOrderPredicate: the peer with the newest zxid wins over a higher id", () => {
    const { summary } = run(presets["zab-histories"].scenario);
    expect(summary.leaders.length).toBeGreaterThan(0);
    const sc = parseScenario(presets["zab-histories"].scenario) as unknown as { options: { histories: Array<[number, number]> } };
    const hs = sc.options.histories;
    const best = hs.map((h, i) => ({ i, h })).sort((a, b) => b.h[0] - a.h[0] || b.h[1] - a.h[1] || b.i - a.i)[0].i;
    expect(summary.leaders[0].node).toBe(`n${best + 1}`);
  });
});

describe("more cases from the same suites", () => {
  const raftDefaults = parseScenario({ protocol: "raft" }).timing as { electionTimeout: [number, number]; heartbeat: number };

  // etcd-io/raft counts the timeout in whole ticks from the ticker's next boundary (the default
  // rules, protocols/raft/ticks.ts): et ticks can end up to one tick sooner than et x tick ms.
  const tick = () => raftDefaults.heartbeat;
  it("raft_paper_test.go TestStartAsFollower: nobody leads before the shortest election timeout", () => {
    for (let seed = 1; seed <= 10; seed++) {
      expect(starts(run({ protocol: "raft", nodes: 3, seed, until: "3s" }).trace)[0].t).toBeGreaterThan(raftDefaults.electionTimeout[0] - tick());
      expect(starts(run({ protocol: "raft", nodes: 3, seed, until: "3s", options: { variant: "paper" } }).trace)[0].t).toBeGreaterThanOrEqual(raftDefaults.electionTimeout[0]);
    }
  });

  it("raft_paper_test.go TestFollowerElectionTimeoutRandomized: the first election comes at different times across seeds, within one timeout range", () => {
    const firsts = Array.from({ length: 12 }, (_, i) => of(run({ protocol: "raft", nodes: 3, seed: i + 1, until: "3s" }).trace, "send").find((e) => e.kind === "RequestVote")!.t);
    expect(new Set(firsts.map((t) => Math.round(t))).size).toBeGreaterThan(6);
    // The k-th tick after boot, k in [et, 2et) ticks: inside ((k - 1) x tick, k x tick].
    for (const t of firsts) { expect(t).toBeGreaterThan(raftDefaults.electionTimeout[0] - tick()); expect(t).toBeLessThanOrEqual(raftDefaults.electionTimeout[1] - tick() + 1); }
  });

  it("raft_paper_test.go TestLeaderBcastBeat: the leader sends every follower an AppendEntries each heartbeat", () => {
    const { trace } = run({ protocol: "raft", nodes: 3, seed: 1, until: "3s" });
    const leader = starts(trace)[0];
    const beats = of(trace, "send").filter((e) => e.from === leader.node && e.kind === "AppendEntries" && e.t > leader.t + 1 && e.t <= leader.t + 1 + 10 * raftDefaults.heartbeat);
    expect(beats.length).toBeGreaterThanOrEqual(2 * 9);
    expect(new Set(beats.map((e) => e.to)).size).toBe(2);
  });

  it("raft_paper_test.go TestCandidateStartNewElection: a candidate that cannot win starts a new election in a higher term", () => {
    const { trace } = run({ protocol: "raft", nodes: 3, seed: 1, until: "3s", faults: [{ at: "0s", do: "isolate", node: "n1", for: "3s" }] });
    const votes = of(trace, "send").filter((e) => e.kind === "RequestVote" && e.from === "n1");
    expect(new Set(votes.map((e) => e.t)).size).toBeGreaterThan(1);
    expect(of(trace, "leader-start").some((e) => e.node === "n1")).toBe(false);
  });

  it("raft_test.go TestCannotCommitWithoutNewTermEntry's premise: a minority side never elects a leader", () => {
    const { trace } = run({ protocol: "raft", nodes: 5, seed: 2, until: "8s", faults: [{ at: "0s", do: "partition", groups: [["n1", "n2"], ["n3", "n4", "n5"]] }] });
    expect(starts(trace).length).toBeGreaterThan(0);
    expect(starts(trace).every((e) => ["n3", "n4", "n5"].includes(e.node))).toBe(true);
  });

  it("leaderelection_test.go TestTryAcquireOrRenew 'renew already acquired object': renewals keep leaseTransitions", () => {
    const { trace } = run({ protocol: "kubernetes", nodes: 3, seed: 1, until: "60s" });
    expect(starts(trace).map((e) => e.token)).toEqual([0]);
  });

  it("TestTryAcquireOrRenew 'acquire from led, unacked object': a takeover raises leaseTransitions by one", () => {
    const { trace } = run({ protocol: "kubernetes", nodes: 3, seed: 1, until: "60s", faults: [{ at: "20s", do: "crash", node: "leader" }] });
    expect(starts(trace).map((e) => e.token)).toEqual([0, 1]);
  });

  it("TestLeaderElectionConfigValidation: retryPeriod must be greater than zero", () => {
    expect(() => parseScenario({ protocol: "kubernetes", timing: { retryPeriod: 0 } })).toThrow(/^timing\./);
  });

  it("election_test.go TestElectionOnPrefixOfExistingKey: candidates on another prefix do not interfere", () => {
    const a = run({ protocol: "etcd", nodes: 3, seed: 1, until: "5s", options: { prefix: "/jobs/billing" } }).summary;
    expect(a.leaders).toHaveLength(1);
  });

  it("election_test.go TestElectionObserve (tokens): each new leader's create revision is higher than the last", () => {
    const { trace } = run({ protocol: "etcd", nodes: 3, seed: 2, until: "40s", timing: { ttl: "5s" }, faults: [{ at: "5s", do: "crash", node: "leader" }, { at: "20s", do: "crash", node: "leader" }] });
    const t = starts(trace).map((e) => e.token as number);
    expect(t.length).toBe(3);
    for (let i = 1; i < t.length; i++) expect(t[i]).toBeGreaterThan(t[i - 1]);
  });

  it("lease.go deadlineLoop (clientv3 Session.Done): a leader cut from etcd stops within TTL + 1 s of its last keepalive answer", () => {
    const { trace } = run({ protocol: "etcd", nodes: 2, seed: 1, until: "30s", timing: { ttl: "5s" }, faults: [{ at: "10s", do: "partition", groups: [["leader"], ["store"]], for: "15s" }] });
    const done = of(trace, "lease").find((e) => e.action === "self-demote" && e.reason === "session-done")!;
    expect(done.t - 10_000).toBeLessThanOrEqual(5000 + 1000 + 20);
    expect(done.t - 10_000).toBeGreaterThan(5000 - 5000 / 3 - 600);
  });

  it("FLETest testLE with three peers: the highest id leads", () => {
    expect(run({ protocol: "zab", nodes: 3, seed: 4, until: "5s" }).summary.leaders.map((l) => l.node)).toEqual(["n3"]);
  });

  it("QuorumPeerMainTest (quorum): a minority of the ensemble elects no leader", () => {
    const { trace } = run({ protocol: "zab", nodes: 5, seed: 1, until: "10s", faults: [{ at: "0s", do: "partition", groups: [["n4", "n5"], ["n1", "n2", "n3"]] }] });
    expect(starts(trace).every((e) => ["n1", "n2", "n3"].includes(e.node))).toBe(true);
    expect(starts(trace).length).toBeGreaterThan(0);
  });

  it("ClientCnxn read timeout (ClientCnxnSocketTest): a client cut from the server goes Disconnected 2T/3 after it last heard from it", () => {
    const { trace } = run({ protocol: "zookeeper", nodes: 3, seed: 1, until: "30s", faults: [{ at: "10s", do: "partition", groups: [["leader"], ["store"]], for: "15s" }] });
    const d = of(trace, "lease").find((e) => e.action === "self-demote" && e.reason === "disconnected")!;
    expect(d.t - 10_000).toBeLessThanOrEqual((10_000 * 2) / 3 + 5);
    expect(d.t - 10_000).toBeGreaterThan((10_000 * 2) / 3 - 10_000 / 3 - 5);
  });

  it("SessionTest testSessionMove (graceful close): closing the session deletes its znode at once", () => {
    const { trace } = run({ protocol: "zookeeper", nodes: 2, seed: 1, until: "10s", faults: [{ at: "4s", do: "shutdown", node: "leader" }] });
    const del = of(trace, "store").find((e) => e.op === "delete" && e.t >= 4000)!;
    expect(del.t - 4000).toBeLessThan(20);
  });

  it("LeaderElectionSupportTest testNodes (tokens): every leadership has a higher sequence than the last", () => {
    const { trace } = run({ protocol: "zookeeper", nodes: 4, seed: 1, until: "20s", faults: [{ at: "4s", do: "shutdown", node: "leader" }, { at: "8s", do: "shutdown", node: "leader" }] });
    expect(starts(trace).map((e) => e.token)).toEqual([0, 1, 2]);
  });
});

describe("further cases", () => {
  it("raft_test.go TestLeaderElectionPreVote: with PreVote a calm cluster still elects one leader, after a pre-vote round", () => {
    const { trace, summary } = run({ protocol: "raft", nodes: 3, seed: 1, until: "3s", options: { preVote: true } });
    expect(summary.leaders).toHaveLength(1);
    expect(of(trace, "send").some((e) => e.kind === "PreVote")).toBe(true);
  });

  it("raft_test.go TestLeaderElectionWithCheckQuorum: CheckQuorum keeps a healthy leader in place", () => {
    expect(run({ protocol: "raft", nodes: 5, seed: 1, until: "10s", options: { checkQuorum: true } }).summary.leaders).toHaveLength(1);
  });

  it("raft_test.go TestFreeStuckCandidateWithCheckQuorum's premise: a healed partition leaves one leader", () => {
    const { trace } = run({ protocol: "raft", nodes: 3, seed: 1, until: "10s", options: { checkQuorum: true, preVote: true }, faults: [{ at: "2s", do: "isolate", node: "leader", for: "3s" }] });
    const live = new Map<string, boolean>();
    for (const e of trace) { if (e.type === "leader-start") live.set(e.node, true); if (e.type === "leader-end") live.set(e.node, false); }
    expect([...live.values()].filter(Boolean)).toHaveLength(1);
  });

  it("election_test.go TestElectionWait with five candidates: leaders in create-revision order", () => {
    const faults = [2, 4, 6, 8].map((s) => ({ at: `${s}s`, do: "shutdown", node: "leader" }));
    const revs = starts(run({ protocol: "etcd", nodes: 5, seed: 3, until: "12s", faults }).trace).map((e) => e.token as number);
    expect(revs).toHaveLength(5);
    expect([...revs].sort((a, b) => a - b)).toEqual(revs);
  });

  it("election.go Resign (TestElectionResign): a leader that shuts down deletes its key at once", () => {
    const { trace } = run({ protocol: "etcd", nodes: 3, seed: 1, until: "6s", faults: [{ at: "3s", do: "shutdown", node: "leader" }] });
    const del = of(trace, "store").find((e) => e.op === "delete" && e.t >= 3000)!;
    expect(del.t - 3000).toBeLessThan(10);
  });

  it("the course's selfDemote option (not clientv3's): a leader cut from etcd stops before etcd deletes its key", () => {
    const { trace } = run({ protocol: "etcd", nodes: 3, seed: 1, until: "30s", timing: { ttl: "5s" }, options: { selfDemote: true }, faults: [{ at: "10s", do: "partition", groups: [["leader"], ["store"]], for: "15s" }] });
    const stop = of(trace, "lease").find((e) => e.action === "self-demote")!;
    const expire = of(trace, "lease").find((e) => e.action === "expire" && e.judge === "store")!;
    expect(stop.t).toBeLessThanOrEqual(expire.t);
  });

  it("leaderelection_test.go (renew failure, renew()'s PollUntilContextTimeout): a leader cut from the API server stops within renewDeadline", () => {
    const { trace } = run({ protocol: "kubernetes", nodes: 3, seed: 1, until: "60s", faults: [{ at: "20s", do: "partition", groups: [["leader"], ["store"]], for: "30s" }] });
    const stop = of(trace, "lease").find((e) => e.action === "self-demote" && e.reason === "renew-deadline")!;
    expect(stop.t - 20_000).toBeLessThanOrEqual(10_000 + 2000 + 10);
  });

  it("leaderelection_test.go TestTryCoordinatedRenew: under Coordinated Leader Election one candidate holds the Lease", () => {
    const { summary } = run({ protocol: "kubernetes", nodes: 3, seed: 1, until: "30s", options: { coordinated: true } });
    expect(summary.leaders).toHaveLength(1);
    expect(summary.maxConcurrentLeaders).toBe(1);
  });

  it("FLETest testLE with seven peers: the highest id leads", () => {
    expect(run({ protocol: "zab", nodes: 7, seed: 2, until: "5s" }).summary.leaders.map((l) => l.node)).toEqual(["n7"]);
  });

  it("ZooKeeper recipes, the herd effect: watching the lowest znode wakes every follower, watching the predecessor wakes one", () => {
    const count = (name: string) => of(run(presets[name].scenario).trace, "send").filter((e) => e.kind === "WatchEvent").length;
    expect(count("zk-herd-leader")).toBeGreaterThan(count("zk-herd-predecessor") * 5);
  });

  it("SessionTest (expiry after a crash): the successor's sequence is the next one", () => {
    const { trace } = run({ protocol: "zookeeper", nodes: 3, seed: 1, until: "30s", faults: [{ at: "5s", do: "crash", node: "leader" }] });
    expect(starts(trace).map((e) => e.token)).toEqual([0, 1]);
  });

  it("Pacemaker (stonith-enabled, the default): a partitioned pair is never active on both sides", () => {
    for (let seed = 1; seed <= 5; seed++) {
      const { summary } = run({ protocol: "heartbeat", nodes: 2, seed, until: "30s", timing: { heartbeat: "1s", timeout: "5s", fence: "2s" }, faults: [{ at: "10s", do: "partition", groups: [["n1"], ["n2"]] }] });
      expect(summary.maxConcurrentLeaders).toBe(1);
    }
  });
});
