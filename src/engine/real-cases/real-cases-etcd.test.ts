// etcd's election recipe's own test cases, replayed as scenarios (issue 34): each case is named
// after the test it mirrors and checks the behaviour that test checks, as far as a scenario can
// reach it. etcd-io/etcd @c34dc7ee0048fd2bcc44d50beff002e5e8069b69
// tests/integration/clientv3/concurrency election_test.go, client/v3/concurrency.
import { describe, expect, it } from "vitest";
import { parseScenario } from "../index.ts";
import { of, run, starts } from "./real-cases.fixture.ts";

describe("etcd clientv3/concurrency", () => {
  it("election_test.go TestElectionWait: followers lead in create-revision order as each leader leaves", () => {
    const { trace } = run({
      protocol: "etcd",
      nodes: 3,
      seed: 1,
      until: "10s",
      faults: [
        { at: "2s", do: "shutdown", node: "leader" },
        { at: "4s", do: "shutdown", node: "leader" },
      ],
    });
    const revs = starts(trace).map((e) => e.token as number);
    expect(revs).toHaveLength(3);
    expect([...revs].sort((a, b) => a - b)).toEqual(revs);
  });

  it("election_test.go TestElectionFailover: the leader's session closes and the next candidate leads at once", () => {
    const { summary } = run({
      protocol: "etcd",
      nodes: 3,
      seed: 1,
      until: "10s",
      faults: [{ at: "3s", do: "shutdown", node: "leader" }],
    });
    expect(summary.leaders[1].from - 3000).toBeLessThan(50);
  });

  it("election_test.go TestElectionSessionRecampaign (lease expiry): a crashed leader's key goes with its lease, within TTL", () => {
    const { summary } = run({
      protocol: "etcd",
      nodes: 3,
      seed: 1,
      until: "30s",
      timing: { ttl: "5s" },
      faults: [{ at: "10s", do: "crash", node: "leader" }],
    });
    const gap = summary.leaders[1].from - 10_000;
    expect(gap).toBeGreaterThan(5000 - 5000 / 3 - 600);
    expect(gap).toBeLessThan(5000 + 600);
  });

  it("key.go waitDeletes (TestElectionObserve's herd-freedom): a leader leaving wakes only its successor", () => {
    const { trace } = run({
      protocol: "etcd",
      nodes: 5,
      seed: 1,
      until: "6s",
      faults: [{ at: "3s", do: "shutdown", node: "leader" }],
    });
    const events = of(trace, "send").filter((e) => e.kind === "WatchEvent" && e.t >= 3000 && e.t < 3100);
    expect(events).toHaveLength(1);
  });

  it("session.go TestSessionTTLOptions: a session's lease has the TTL asked for, 60 s by default", () => {
    expect((parseScenario({ protocol: "etcd" }).timing as { ttl: number }).ttl).toBe(60_000);
    const { trace } = run({ protocol: "etcd", nodes: 1, seed: 1, until: "1s", timing: { ttl: "7s" } });
    expect(of(trace, "lease").find((e) => e.action === "grant")!.ttlMs).toBe(7000);
  });

  it("election_test.go TestElectionOnPrefixOfExistingKey: candidates on another prefix do not interfere", () => {
    const a = run({
      protocol: "etcd",
      nodes: 3,
      seed: 1,
      until: "5s",
      options: { prefix: "/jobs/billing" },
    }).summary;
    expect(a.leaders).toHaveLength(1);
  });

  it("election_test.go TestElectionObserve (tokens): each new leader's create revision is higher than the last", () => {
    const { trace } = run({
      protocol: "etcd",
      nodes: 3,
      seed: 2,
      until: "40s",
      timing: { ttl: "5s" },
      faults: [
        { at: "5s", do: "crash", node: "leader" },
        { at: "20s", do: "crash", node: "leader" },
      ],
    });
    const t = starts(trace).map((e) => e.token as number);
    expect(t.length).toBe(3);
    for (let i = 1; i < t.length; i++) expect(t[i]).toBeGreaterThan(t[i - 1]);
  });

  it("lease.go deadlineLoop (clientv3 Session.Done): a leader cut from etcd stops within TTL + 1 s of its last keepalive answer", () => {
    const { trace } = run({
      protocol: "etcd",
      nodes: 2,
      seed: 1,
      until: "30s",
      timing: { ttl: "5s" },
      faults: [{ at: "10s", do: "partition", groups: [["leader"], ["store"]], for: "15s" }],
    });
    const done = of(trace, "lease").find((e) => e.action === "self-demote" && e.reason === "session-done")!;
    expect(done.t - 10_000).toBeLessThanOrEqual(5000 + 1000 + 20);
    expect(done.t - 10_000).toBeGreaterThan(5000 - 5000 / 3 - 600);
  });

  it("election_test.go TestElectionWait with five candidates: leaders in create-revision order", () => {
    const faults = [2, 4, 6, 8].map((s) => ({ at: `${s}s`, do: "shutdown", node: "leader" }));
    const revs = starts(run({ protocol: "etcd", nodes: 5, seed: 3, until: "12s", faults }).trace).map(
      (e) => e.token as number,
    );
    expect(revs).toHaveLength(5);
    expect([...revs].sort((a, b) => a - b)).toEqual(revs);
  });

  it("election.go Resign (TestElectionResign): a leader that shuts down deletes its key at once", () => {
    const { trace } = run({
      protocol: "etcd",
      nodes: 3,
      seed: 1,
      until: "6s",
      faults: [{ at: "3s", do: "shutdown", node: "leader" }],
    });
    const del = of(trace, "store").find((e) => e.op === "delete" && e.t >= 3000)!;
    expect(del.t - 3000).toBeLessThan(10);
  });

  it("the course's selfDemote option (not clientv3's): a leader cut from etcd stops before etcd deletes its key", () => {
    const { trace } = run({
      protocol: "etcd",
      nodes: 3,
      seed: 1,
      until: "30s",
      timing: { ttl: "5s" },
      options: { selfDemote: true },
      faults: [{ at: "10s", do: "partition", groups: [["leader"], ["store"]], for: "15s" }],
    });
    const stop = of(trace, "lease").find((e) => e.action === "self-demote")!;
    const expire = of(trace, "lease").find((e) => e.action === "expire" && e.judge === "store")!;
    expect(stop.t).toBeLessThanOrEqual(expire.t);
  });
});
