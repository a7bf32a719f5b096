// etcd-io/raft's own unit tests for the rules the engine's default Raft follows (issue 34 items
// 3 and 10), replayed on one server through the protocol's handlers, as etcd's tests drive one
// raft struct through Step and tick (raft_test.go newTestRaft at etcd-io/raft
// cdfbeed3149e6dd1c7881853d8ed5993ffcd6be2), and the whole-tick behaviour those rules give a
// cluster, against the real members' recorded rates (scripts/reality).
import { describe, expect, it } from "vitest";
import { parseScenario, runScenario } from "../index.ts";
import type { Ctx } from "../core/protocol.ts";
import type { Msg } from "../core/types.ts";
import type { TraceEvent } from "../core/trace.ts";
import { raft } from "../protocols/raft/protocol.ts";
import { becomeFollower, campaign } from "../protocols/raft/transitions.ts";
import type { RaftState } from "../protocols/raft/state.ts";

/** One server of a 3-node cluster on a hand-driven clock: what it sends and which timers it
 *  arms. Its PRNG is a seeded LCG, as the engine's would be. */
function server(
  options: Record<string, unknown> = {},
  timing: Record<string, unknown> = { electionTimeout: [1000, 2000], heartbeat: 100 },
) {
  const scenario = parseScenario({ protocol: "raft", nodes: 3, seed: 1, until: "10s", timing, options });
  let now = 0,
    seed = 12345;
  const sent: Array<{
    to: number;
    kind: string;
    body: { term: number; granted?: boolean; success?: boolean };
  }> = [];
  const timers = new Map<string, number>();
  const ctx = {
    self: 0,
    id: "n1",
    n: 3,
    STORE: 3,
    scenario,
    inc: 0,
    recordsAll: false,
    local: () => now,
    wall: () => now,
    send: (to: number, kind: string, body: never) => {
      sent.push({ to, kind, body });
    },
    setTimer: (name: string, ms: number) => {
      timers.set(name, now + ms);
    },
    cancelTimer: (name: string) => {
      timers.delete(name);
    },
    hasTimer: (name: string) => timers.has(name),
    timerDue: (name: string) => timers.get(name) ?? null,
    random: () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    },
    nodeId: (i: number) => `n${i + 1}`,
    trace() {},
    note() {},
    vote() {},
    voteBecause() {},
    exit() {},
    closeConnection() {},
    connection: () => 0,
    cause: () => ({}) as never,
    because: () => ({}) as never,
  } as unknown as Ctx;
  const st = raft.init(ctx, null) as RaftState;
  raft.start(ctx, st);
  const step = (from: number, kind: string, body: Record<string, unknown>) => {
    sent.length = 0;
    raft.onMessage(ctx, st, { id: 1, from, to: 0, kind, sentAt: now, arriveAt: now, body } as Msg);
    return [...sent];
  };
  const at = (t: number) => {
    now = t;
  };
  return {
    ctx,
    st,
    step,
    at,
    timers,
    get now() {
      return now;
    },
  };
}

const of = <K extends TraceEvent["type"]>(trace: TraceEvent[], type: K) =>
  trace.filter((e): e is Extract<TraceEvent, { type: K }> => e.type === type);

describe("etcd-io/raft's rules, one server at a time", () => {
  it("raft_test.go TestStepIgnoreOldTermMsg / raft_paper_test.go TestRejectStaleTermMessage: a stale-term MsgApp is not handled", () => {
    const s = server();
    s.st.d.term = 2;
    const heardBefore = s.st.heardAt;
    // Neither CheckQuorum nor Pre-Vote: Step's `m.Term < r.Term` branch ignores it, no answer.
    expect(s.step(1, "AppendEntries", { term: 1, lastIndex: 0, lastTerm: 0 })).toEqual([]);
    expect([s.st.d.term, s.st.leader, s.st.heardAt]).toEqual([2, -1, heardBefore]);
    // With CheckQuorum (or Pre-Vote) it is answered with an MsgAppResp at our term, so a leader
    // stranded in an old term learns of the new one.
    for (const opt of [{ checkQuorum: true }, { preVote: true }]) {
      const q = server(opt);
      q.st.d.term = 2;
      expect(
        q
          .step(1, "AppendEntries", { term: 1, lastIndex: 0, lastTerm: 0 })
          .map((m) => [m.to, m.kind, m.body.term]),
      ).toEqual([[1, "AppendEntriesResp", 2]]);
    }
  });

  it("raft.go Step: a stale-term MsgVote is ignored, a stale MsgPreVote rejected at our term", () => {
    const s = server({ checkQuorum: true, preVote: true });
    s.st.d.term = 3;
    expect(s.step(2, "RequestVote", { term: 2, lastIndex: 9, lastTerm: 2 })).toEqual([]);
    expect(
      s
        .step(2, "PreVote", { term: 2, lastIndex: 9, lastTerm: 2 })
        .map((m) => [m.kind, m.body.term, m.body.granted]),
    ).toEqual([["PreVoteResp", 3, false]]);
    // The paper's rules (Fig. 2, RequestVote receiver step 1) answer false with the term.
    const p = server({ variant: "paper" });
    p.st.d.term = 3;
    expect(
      p
        .step(2, "RequestVote", { term: 2, lastIndex: 9, lastTerm: 2 })
        .map((m) => [m.kind, m.body.term, m.body.granted]),
    ).toEqual([["RequestVoteResp", 3, false]]);
    expect(
      p.step(2, "AppendEntries", { term: 2, lastIndex: 0, lastTerm: 0 }).map((m) => [m.kind, m.body.term]),
    ).toEqual([["AppendEntriesResp", 3]]);
  });

  // testNonleaderElectionTimeoutRandomized: after each becomeFollower (or becomeCandidate) the
  // timeout, counted in ticks, takes every value in [et, 2et).
  for (const state of ["follower", "candidate"] as const) {
    it(`raft_paper_test.go Test${state === "follower" ? "Follower" : "Candidate"}ElectionTimeoutRandomized: each ${state === "follower" ? "becomeFollower" : "becomeCandidate"} draws a timeout of whole ticks in [et, 2et)`, () => {
      const s = server();
      const seen = new Set<number>();
      for (let round = 0; round < 500; round++) {
        s.at(s.now + 37.5); // anywhere between two ticks
        if (state === "follower") becomeFollower(s.ctx, s.st, s.st.d.term + 1, 1);
        else campaign(s.ctx, s.st);
        // The timer fires on a tick boundary of this server's ticker: ticks from the last
        // boundary at or before now.
        const due = s.timers.get("election")!;
        const phase = s.st.phase;
        const ticks = Math.round((due - phase) / 100) - Math.floor((s.now - phase) / 100 + 1e-4);
        expect(Math.abs((due - phase) / 100 - Math.round((due - phase) / 100))).toBeLessThan(1e-6);
        seen.add(ticks);
      }
      expect([...seen].sort((a, b) => a - b)).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
    });
  }

  it("raft.go becomeFollower calls reset(): a candidate that adopts a higher term draws a fresh timeout (the paper's rules keep the running one)", () => {
    // A refused vote, so that only becomeFollower touches the timer (a granted one restarts it
    // in both variants).
    const refused = (variant: string) => {
      const s = server({ variant });
      s.st.d.lastIndex = 5;
      s.st.d.lastTerm = 1; // our log is longer: the vote is refused
      s.at(1000);
      campaign(s.ctx, s.st);
      const before = s.timers.get("election")!;
      s.at(1500);
      const out = s.step(2, "RequestVote", { term: 5, lastIndex: 0, lastTerm: 0 });
      expect(out.map((m) => [m.kind, m.body.granted])).toEqual([["RequestVoteResp", false]]);
      return { before, after: s.timers.get("election")! };
    };
    const p = refused("paper");
    expect(p.after).toBe(p.before); // kept: it may fire moments after adopting the term
    const e = refused("etcd");
    expect(e.after).toBeGreaterThanOrEqual(1500 + 900); // at least et - 1 ticks from now
  });

  it("raft_test.go TestLeaderSupersedingWithCheckQuorum: a follower still in lease ignores a vote request, and grants once electionTimeout ticks have passed", () => {
    const s = server({ checkQuorum: true });
    s.at(1234);
    s.step(1, "AppendEntries", { term: 1, lastIndex: 1, lastTerm: 1 }); // leader n2, term 1
    const phase = s.st.phase;
    const boundaryAfter = (t: number, k: number) => phase + (Math.floor((t - phase) / 100 + 1e-4) + k) * 100;
    // Nine ticks later: electionElapsed 9 < 10, in lease, ignored without an answer.
    s.at(boundaryAfter(1234, 9) + 1);
    expect(s.step(2, "RequestVote", { term: 2, lastIndex: 1, lastTerm: 1 })).toEqual([]);
    expect(s.st.d.term).toBe(1);
    // The tenth tick: out of lease, the vote is granted in term 2.
    s.at(boundaryAfter(1234, 10) + 1);
    expect(
      s
        .step(2, "RequestVote", { term: 2, lastIndex: 1, lastTerm: 1 })
        .map((m) => [m.kind, m.body.term, m.body.granted]),
    ).toEqual([["RequestVoteResp", 2, true]]);
  });
});

describe("whole ticks in a cluster: etcd's timing, three members, the leader crashes", () => {
  // scripts/reality's etcd-raft scenarios: --heartbeat-interval 100, --election-timeout 1000,
  // CheckQuorum on (etcdserver), the leader killed. On the real members an election cost two
  // terms in 1 of 40 crashes and 5 of 20 3 s stops (issue 34 item 10; 3 of 30 recorded
  // without Pre-Vote in reality/recordings), never with Pre-Vote in 30 recorded trials; the
  // continuous timers never did in 200.
  const trial = (seed: number, options: Record<string, unknown>) => {
    const sc = {
      protocol: "raft",
      nodes: 3,
      seed,
      until: "8s",
      network: { delay: "1ms", jitter: "0ms", loss: 0 },
      timing: { electionTimeout: ["1s", "2s"], heartbeat: "100ms" },
      options: { checkQuorum: true, ...options },
      work: { every: 0 },
      faults: [{ at: 3000 + (seed % 10) * 10, do: "crash", node: "leader" }],
    };
    const { trace, summary } = runScenario(sc, { trace: "full" });
    const [first, next] = summary.leaders;
    return { seed, cost: next ? next.token - first.token : null, trace };
  };
  const seeds = Array.from({ length: 200 }, (_, i) => i + 1);

  it("without Pre-Vote some elections cost two terms, by a follower still in lease or a same-tick split; the paper's timers never", () => {
    const runs = seeds.map((s) => trial(s, {}));
    const two = runs.filter((r) => r.cost === 2);
    expect(runs.every((r) => r.cost !== null)).toBe(true);
    // Real: 3 of 30 recorded, 6 of 60 in the runs. Binomial bounds for about 10% in 200.
    expect(two.length).toBeGreaterThanOrEqual(6);
    expect(two.length).toBeLessThanOrEqual(35);
    // Each costly election began with a request a follower ignored because it was still in
    // lease; in some, both followers then stood for the same term within one tick (a split).
    let lease = 0,
      sameTick = 0;
    for (const r of two) {
      const cands = of(r.trace, "role").filter((e) => e.to === "candidate" && e.t > 3000);
      const rivals = cands.filter((c) => c.term === cands[0].term);
      if (of(r.trace, "note").some((e) => e.t > 3000 && /heard recently/.test(e.text))) lease++;
      if (rivals.length === 2 && rivals[1].t - rivals[0].t <= 100) sameTick++;
    }
    expect(lease).toBe(two.length);
    expect(sameTick).toBeGreaterThan(0);
    expect(sameTick).toBeLessThan(two.length);
    const paper = seeds.slice(0, 100).map((s) => trial(s, { variant: "paper" }));
    expect(paper.filter((r) => r.cost === 2)).toEqual([]);
  });

  it("with Pre-Vote the refused pre-candidate has raised no term, so the election costs one", () => {
    const runs = seeds.slice(0, 100).map((s) => trial(s, { preVote: true }));
    expect(runs.filter((r) => r.cost !== 1).length).toBeLessThanOrEqual(1); // a same-tick pre-vote split: about 1 in 500
  });
});
