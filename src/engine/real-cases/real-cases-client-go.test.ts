// client-go's leader election test cases, replayed as scenarios (issue 34): each case is named
// after the test it mirrors and checks the behaviour that test checks, as far as a scenario can
// reach it. kubernetes/client-go @32ce75a7d6bc6960fd048d3d1e3b34185418d8c8
// tools/leaderelection/leaderelection_test.go.
import { describe, expect, it } from "vitest";
import { parseScenario } from "../index.ts";
import { of, run, starts } from "./real-cases.fixture.ts";

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
    const { trace } = run({
      protocol: "kubernetes",
      nodes: 3,
      seed: 1,
      until: "60s",
      faults: [{ at: "20s", do: "crash", node: "leader" }],
    });
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
    expect(() =>
      parseScenario({ protocol: "kubernetes", timing: { leaseDuration: "10s", renewDeadline: "10s" } }),
    ).toThrow(/leaseDuration must be greater than renewDeadline/);
    expect(() =>
      parseScenario({ protocol: "kubernetes", timing: { renewDeadline: "2s", retryPeriod: "2s" } }),
    ).toThrow(/renewDeadline must be greater than retryPeriod\*JitterFactor/);
  });

  it("TestReleaseLeaseLeases / TestReleaseOnCancellation_Leases: with ReleaseOnCancel a shutdown clears the holder and the next leader follows within a retry period", () => {
    const { trace, summary } = run({
      protocol: "kubernetes",
      nodes: 3,
      seed: 1,
      until: "40s",
      options: { releaseOnCancel: true },
      faults: [{ at: "20s", do: "shutdown", node: "leader" }],
    });
    expect(
      of(trace, "lease")
        .filter((e) => e.action === "release")
        .map((e) => e.releaseStep),
    ).toEqual(["get", "update", "done"]);
    expect(summary.leaders[1].from - 20_000).toBeLessThan(2000 * 1.2 + 100);
  });

  it("ReleaseOnCancel's zero value (leaderelection.go LeaderElectionConfig): without it a shutdown leaves the Lease to expire", () => {
    const { trace, summary } = run({
      protocol: "kubernetes",
      nodes: 3,
      seed: 1,
      until: "60s",
      faults: [{ at: "20s", do: "shutdown", node: "leader" }],
    });
    expect(of(trace, "lease").filter((e) => e.action === "release")).toEqual([]);
    expect(summary.leaders[1].from - 20_000).toBeGreaterThan(13_000);
  });

  it("TestReleaseOnCancellation_Leases: the work stops as soon as Run's context is cancelled", () => {
    const { trace } = run({
      protocol: "kubernetes",
      nodes: 3,
      seed: 1,
      until: "40s",
      work: { every: "100ms" },
      options: { releaseOnCancel: true },
      faults: [{ at: "20s", do: "shutdown", node: "leader" }],
    });
    const old = starts(trace)[0].node;
    expect(of(trace, "send").filter((e) => e.kind === "Write" && e.from === old && e.t >= 20_000)).toEqual(
      [],
    );
  });

  it("TestReleaseMethodCallsGet: release() reads the Lease before its Update", () => {
    const { trace } = run({
      protocol: "kubernetes",
      nodes: 3,
      seed: 1,
      until: "40s",
      options: { releaseOnCancel: true },
      faults: [{ at: "20s", do: "shutdown", node: "leader" }],
    });
    const old = starts(trace)[0].node;
    const after = of(trace, "send")
      .filter((e) => e.from === old && e.t >= 20_000 && (e.kind === "Get" || e.kind === "Update"))
      .map((e) => e.kind);
    expect(after.slice(0, 2)).toEqual(["Get", "Update"]);
  });

  it("leaderelection_test.go TestTryAcquireOrRenew 'renew already acquired object': renewals keep leaseTransitions", () => {
    const { trace } = run({ protocol: "kubernetes", nodes: 3, seed: 1, until: "60s" });
    expect(starts(trace).map((e) => e.token)).toEqual([0]);
  });

  it("TestTryAcquireOrRenew 'acquire from led, unacked object': a takeover raises leaseTransitions by one", () => {
    const { trace } = run({
      protocol: "kubernetes",
      nodes: 3,
      seed: 1,
      until: "60s",
      faults: [{ at: "20s", do: "crash", node: "leader" }],
    });
    expect(starts(trace).map((e) => e.token)).toEqual([0, 1]);
  });

  it("TestLeaderElectionConfigValidation: retryPeriod must be greater than zero", () => {
    expect(() => parseScenario({ protocol: "kubernetes", timing: { retryPeriod: 0 } })).toThrow(/^timing\./);
  });

  it("leaderelection_test.go (renew failure, renew()'s PollUntilContextTimeout): a leader cut from the API server stops within renewDeadline", () => {
    const { trace } = run({
      protocol: "kubernetes",
      nodes: 3,
      seed: 1,
      until: "60s",
      faults: [{ at: "20s", do: "partition", groups: [["leader"], ["store"]], for: "30s" }],
    });
    const stop = of(trace, "lease").find((e) => e.action === "self-demote" && e.reason === "renew-deadline")!;
    expect(stop.t - 20_000).toBeLessThanOrEqual(10_000 + 2000 + 10);
  });

  it("leaderelection_test.go TestTryCoordinatedRenew: under Coordinated Leader Election one candidate holds the Lease", () => {
    const { summary } = run({
      protocol: "kubernetes",
      nodes: 3,
      seed: 1,
      until: "30s",
      options: { coordinated: true },
    });
    expect(summary.leaders).toHaveLength(1);
    expect(summary.maxConcurrentLeaders).toBe(1);
  });
});
