// Probes of three etcd-io/raft behaviours (raft.go Step's inLease, stepCandidate's VoteLost)
// and of Fig. 2's "persist before responding" when the fsync never completes.
import { describe, expect, it } from "vitest";
import { runScenario } from "../../index.ts";
import type { TraceEvent } from "../../core/trace.ts";

const of = <K extends TraceEvent["type"]>(trace: TraceEvent[], type: K) =>
  trace.filter((e): e is Extract<TraceEvent, { type: K }> => e.type === type);

describe("raft, as etcd-io/raft does it", () => {
  it("CheckQuorum: a leader counts itself in lease, so a one-way cut to one follower does not depose it", () => {
    // n3 stops hearing the leader and campaigns again and again; n1 and the leader itself
    // ignore its RequestVotes (inLease), the leader still hears a quorum, term 1 holds.
    const { trace, summary } = runScenario({
      protocol: "raft",
      nodes: 3,
      seed: 1,
      until: "5s",
      options: { checkQuorum: true, preVote: false },
      faults: [{ at: "1s", do: "partition", oneWay: true, groups: [["leader"], ["n3"]] }],
    });
    const leader = of(trace, "fault")[0].groups![0][0]; // "leader", as resolved when applied
    expect(summary.leaders.map((l) => [l.node, l.token, l.to])).toEqual([[leader, 1, null]]);
    const ignoredByLeader = of(trace, "note").filter((e) => e.node === leader && /in lease/.test(e.text));
    expect(ignoredByLeader.length).toBeGreaterThan(5);
    expect(summary.violations).toEqual([]);
  });

  it("CheckQuorum still deposes a leader that hears no quorum", () => {
    // n1 leads from about 136 ms (seed 1); the other two stop reaching it.
    const { summary } = runScenario({
      protocol: "raft",
      nodes: 3,
      seed: 1,
      until: "3s",
      options: { checkQuorum: true },
      faults: [{ at: "1s", do: "partition", oneWay: true, groups: [["n2", "n3"], ["leader"]] }],
    });
    const first = summary.leaders[0];
    expect(first.node).toBe("n1");
    expect(first.to).not.toBeNull();
    expect(first.to! - 1000).toBeLessThanOrEqual(2 * 150 + 10); // within two CheckQuorum rounds
  });

  it("VoteLost: a candidate a majority refused steps back at its own term before its timer fires", () => {
    // n5's log is the shortest and it stops hearing the leader: every other server refuses it.
    const sc = (voteLost: boolean) => ({
      protocol: "raft",
      nodes: 5,
      seed: 1,
      until: "1s",
      work: { every: 0 },
      options: { voteLost, logs: [5, 5, 5, 5, 1], initialLeader: "n1", replicate: false },
      faults: [{ at: "500ms", do: "partition", oneWay: true, groups: [["n1"], ["n5"]] }],
    });
    const on = runScenario(sc(true)).trace;
    const back = of(on, "role").filter((e) => e.from === "candidate" && e.to === "follower");
    expect(back.length).toBeGreaterThanOrEqual(2);
    // Stepping back at the same term (no higher term was seen), a few ms after campaigning.
    for (const e of back) {
      const started = of(on, "role")
        .filter((r) => r.node === e.node && r.to === "candidate" && r.t <= e.t)
        .at(-1)!;
      expect(e.term).toBe(started.term);
      expect(e.t - started.t).toBeLessThan(150);
    }
    const lost = (trace: TraceEvent[]) => of(trace, "note").filter((e) => /a majority refused/.test(e.text));
    expect(lost(on).length).toBe(back.length);
    expect(lost(runScenario(sc(false)).trace)).toEqual([]);
  });

  it("a vote held by persist is never answered when the voter crashes before the write completes", () => {
    const sc = (faults: object[]) => ({
      protocol: "raft",
      nodes: 3,
      seed: 1,
      until: "3s",
      options: { persist: "30ms" },
      faults: [{ at: "1s", do: "crash", node: "leader" }, ...faults],
    });
    // Without the second crash n2 grants n3 its vote at 1.1495 s and n3 leads term 2.
    const base = runScenario(sc([]));
    const vote = of(base.trace, "vote").find((e) => e.t > 1000 && e.granted && e.node !== e.candidate)!;
    expect([vote.node, vote.candidate, vote.t]).toEqual(["n2", "n3", 1149.503]);
    expect(base.summary.leaders.map((l) => l.node)).toEqual(["n1", "n3"]);
    // n2 crashes 10 ms into its 30 ms fsync: the reply never leaves, n3 stays a candidate
    // (with n1 and n2 down it cannot win).
    const cut = runScenario(sc([{ at: "1159.503ms", do: "crash", node: "n2" }]));
    const lost = of(cut.trace, "drop").filter((e) => e.from === "n2" && e.kind === "RequestVoteResp");
    expect(lost.map((e) => e.reason)).toEqual(["sender crashed before its write completed"]);
    expect(cut.summary.leaders.map((l) => l.node)).toEqual(["n1"]);
    // A reply whose write completed before the crash still arrives.
    const late = runScenario(sc([{ at: "1181ms", do: "crash", node: "n2" }]));
    expect(late.summary.leaders.map((l) => l.node)).toEqual(["n1", "n3"]);
  });
});
