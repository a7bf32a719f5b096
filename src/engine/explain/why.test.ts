// Issue 20: for every protocol, the causes of its key decisions on a fixed seed, values and
// all (not only the rule's name), and the chain from a refused write back to the pause.
import { describe, expect, it } from "vitest";
import { createSimulation, presets, type TraceEvent } from "../index.ts";
import { explain, eventAt } from "./index.ts";
import { stepOf } from "./step.ts";

type Found = {
  t: number;
  type: string;
  node: string | null;
  values: unknown;
  clock: unknown;
  armedBy: unknown;
};

function run(sc: unknown): TraceEvent[] {
  return createSimulation(structuredClone(sc) as never, { trace: "full" }).run().trace;
}

/** The first event whose cause names `rule`. */
function first(trace: readonly TraceEvent[], rule: string): Found {
  const e = trace.find((x) => "why" in x && x.why?.rule === rule);
  if (!e || !("why" in e) || !e.why) throw new Error(`no event caused by ${rule}`);
  return {
    t: e.t,
    type: e.type,
    node: "node" in e ? (e.node as string) : null,
    values: e.why.values,
    clock: e.why.clock,
    armedBy: e.why.armedBy ?? null,
  };
}

const preset = (name: string) => run(presets[name].scenario);

describe("causes of key decisions, one protocol at a time (fixed seeds)", () => {
  it("raft: a vote refused because the candidate's log is behind, and one granted", () => {
    // Seed 5: n2, whose log is short, stands first (Raft on etcd-io/raft's whole ticks).
    const trace = run({ protocol: "raft", nodes: 3, seed: 5, until: 3000, options: { logs: [3, 1, 1] } });
    expect(first(trace, "raft.vote.logUpToDate")).toMatchObject({
      t: 131.945,
      type: "vote",
      node: "n1",
      values: {
        candidate: "n2",
        candidateLastTerm: 1,
        candidateLastIndex: 1,
        ownLastTerm: 1,
        ownLastIndex: 3,
        votedFor: null,
        pre: false,
      },
      clock: { kind: "monotonic", node: "n1", ms: 131.945 },
      armedBy: { kind: "message", msgKind: "RequestVote", from: "n2" },
    });
    expect(first(trace, "raft.vote.grant")).toMatchObject({
      node: "n3",
      values: { candidate: "n2", candidateLastIndex: 1, ownLastIndex: 1, votedFor: null },
    });
  });
  it("raft: a leader elected by a quorum, and a follower that saw a higher term", () => {
    const trace = preset("raft-partition");
    expect(first(trace, "raft.election.won")).toMatchObject({
      t: 108.228,
      type: "role",
      node: "n2",
      values: { granted: 3, quorum: 3, term: 1 },
      armedBy: { kind: "message", msgKind: "RequestVoteResp", from: "n1" },
    });
    expect(first(trace, "raft.term.higher")).toMatchObject({
      t: 6021.112,
      node: "n2",
      values: { msgTerm: 2, ownTerm: 1, message: "AppendEntries" },
    });
  });
  it("raft with Pre-Vote: a pre-vote refused, then lost by a quorum of refusals", () => {
    // Seed 12: n1, whose log is short, asks first.
    const trace = run({
      protocol: "raft",
      nodes: 3,
      seed: 12,
      until: 3000,
      options: { logs: [1, 3, 3], preVote: true, checkQuorum: true },
    });
    expect(first(trace, "raft.vote.logUpToDate")).toMatchObject({
      node: "n3",
      values: { candidate: "n1", candidateLastIndex: 1, ownLastIndex: 3, pre: true },
    });
    expect(first(trace, "raft.vote.lost")).toMatchObject({
      t: 177.899,
      node: "n1",
      values: { refused: 2, quorum: 2, pre: true },
    });
    expect(first(trace, "raft.prevote.won")).toMatchObject({ node: "n3", values: { granted: 2, quorum: 2 } });
  });
  it("etcd: the lease expires on the store's clock; the paused holder demotes itself on its own; the late write is refused", () => {
    const trace = preset("fencing-diagram");
    expect(first(trace, "etcd.lease.expired")).toEqual({
      // due at 17,398.435; the lessor's 500 ms loop finds it on its pass at 17,500 (lessor.go runLoop)
      t: 17500,
      type: "lease",
      node: "n2",
      values: { expiresAt: 17398.435, ttlMs: 10000, lastRenewAt: 7398.435, holder: "n2" },
      clock: { kind: "store", ms: 17500 },
      armedBy: { kind: "store-timer", timer: "lease-expiry" },
    });
    expect(first(trace, "etcd.client.deadline")).toEqual({
      t: 25406.492,
      type: "lease",
      node: "n2",
      values: { ackedAt: 7396.121, ttlMs: 10000, marginMs: 0, deadline: 17396.121 },
      clock: { kind: "monotonic", node: "n2", ms: 25406.492 },
      armedBy: { kind: "timer", node: "n2", timer: "demote", armedAt: 7400.932 },
    });
    expect(first(trace, "fence.token.below")).toMatchObject({
      t: 25408.703,
      type: "write",
      node: "n2",
      values: { token: 2, maxSeen: 3, accepted: false },
      clock: { kind: "none" },
    });
  });
  it("kubernetes: the takeover judged on the candidate's clock, and the renewDeadline self-demotion", () => {
    const trace = preset("k8s-long-pause");
    expect(first(trace, "k8s.lease.expiredOnMyClock")).toMatchObject({
      t: 48598.763,
      node: "n2",
      values: { holder: "n1", unchangedMs: 17677, leaseMs: 15000 },
      clock: { kind: "monotonic", node: "n2" },
    });
    expect(first(trace, "k8s.renewDeadline")).toMatchObject({
      t: 60010.008,
      node: "n1",
      values: { renewDeadlineMs: 10000, roundDeadline: 60010.008, retryPeriodMs: 2000 },
      armedBy: { kind: "timer", timer: "deadline" },
    });
  });
  it("zookeeper: the session expires at the server, its watch fires, the client went Disconnected on its own clock", () => {
    const trace = preset("zk-session-expiry");
    // n1's last ping reached the server at 10.012 s, just before the pause: due on the tick after 20.012 s.
    expect(first(trace, "zk.session.expired")).toMatchObject({
      t: 22000,
      node: "n1",
      values: { expiresAt: 22000, timeoutMs: 10000, holder: "n1" },
      clock: { kind: "store", ms: 22000 },
    });
    expect(first(trace, "zk.watch.nodeDeleted")).toMatchObject({
      t: 22000,
      type: "store",
      values: { key: "/election/n1-n_0000000000", watchers: 1, owner: "n1" },
    });
    expect(first(trace, "zk.recipe.lowest")).toMatchObject({
      node: "n1",
      values: { mySeq: 0, lowestSeq: 0, children: 3 },
    });
    // On waking, the answer to that ping (queued during the pause) is read first, then the
    // server's close of the expired session's connection: Disconnected by the close.
    expect(first(trace, "zk.client.disconnected")).toMatchObject({
      t: 30014.26,
      node: "n1",
      values: { silentMs: 0, readTimeoutMs: 6667 },
      armedBy: { kind: "message", msgKind: "$closed" },
    });
  });
  it("database: the acquire matched an expired row on the database clock; the old holder stopped on its own", () => {
    const trace = preset("database-stale-write");
    expect(first(trace, "sql.acquire.expired")).toMatchObject({
      t: 21032.002,
      node: "n3",
      values: { prevHolder: "n2", prevExpiresAt: 19007.074, now: 21032.002 },
      clock: { kind: "wall", node: "store", ms: 21032.002 },
    });
    expect(first(trace, "sql.client.deadline")).toMatchObject({
      t: 25005.064,
      node: "n2",
      values: { ackedAt: 9005.064, ttlMs: 10000, marginMs: 0, deadline: 19005.064 },
    });
  });
  it("zab: FLE decides, a quorum acknowledges NEWLEADER, a follower times out on its silent leader", () => {
    const trace = preset("zab-failover");
    expect(first(trace, "zab.fle.decided")).toMatchObject({
      t: 205.203,
      node: "n2",
      values: { leader: "n5", leading: false, epoch: 0, zxid: 0 },
    });
    // established once its server has started (40 ms after the quorum's ACKs): every follower has ACKed by then
    expect(first(trace, "zab.newleader.quorum")).toMatchObject({
      t: 445.192,
      node: "n5",
      values: { acks: 5, quorum: 3, epoch: 1 },
    });
    expect(first(trace, "zab.looking.connection-closed")).toMatchObject({
      t: 8002,
      node: "n1",
      values: { peer: "n5" },
      armedBy: { kind: "message", from: "n5" },
    });
  });
  it("bully: no answer from a higher id makes a coordinator; a missing PONG presumes one dead", () => {
    const trace = preset("bully-partition");
    expect(first(trace, "bully.noAnswer")).toMatchObject({
      t: 1050.15,
      node: "n3",
      values: { waitedMs: 20, higher: 2 },
    });
    expect(first(trace, "bully.presumedDead")).toMatchObject({
      t: 1027.457,
      node: "n2",
      values: { peer: "n5", waitedMs: 20 },
    });
    expect(first(trace, "bully.coordinator")).toMatchObject({
      node: "n1",
      values: { from: "n5", higher: true, epoch: 1 },
    });
  });
  it("bully: Why? names a leader's start as the narration does, its token with the epoch it comes from", () => {
    const trace = preset("bully-partition");
    const i = trace.findIndex((x) => x.type === "leader-start" && x.node === "n5");
    const step = stepOf(trace, i);
    expect(step.title).toBe(
      "n5 became leader in epoch 1, so its writes carry token 105 (epoch × 100 + its number: 1 × 100 + 5)",
    );
    expect(step.title).not.toMatch(/with token/);
    // A refused write's chain reaches the same words.
    const refused = trace.findIndex((x) => x.type === "write" && x.result === "rejected");
    const titles = explain(trace, refused).chain.map((s) => s.title);
    expect(
      titles.some((t) =>
        /became leader in epoch (\d+), so its writes carry token \d+ \(epoch × 100 \+ its number: \1 × 100 \+ \d\)$/.test(
          t,
        ),
      ),
    ).toBe(true);
  });
  it("ring: its own id came round, others follow the ELECTED, a silent successor is presumed dead", () => {
    const trace = preset("ring-partition");
    expect(first(trace, "ring.ownIdReturned")).toMatchObject({
      t: 12.661,
      node: "n5",
      values: { id: "n5", carried: "n5" },
    });
    expect(first(trace, "ring.elected")).toMatchObject({ node: "n3", values: { leader: "n5", epoch: 1 } });
    expect(first(trace, "ring.presumedDead")).toMatchObject({
      t: 1016.932,
      node: "n5",
      values: { peer: "n3", waitedMs: 20 },
    });
  });
  it("heartbeat: the health check fails after deadtime, STONITH fires, the older epoch stands down", () => {
    const trace = preset("sre-file-server");
    expect(first(trace, "hb.deadtime")).toMatchObject({
      t: 14002.439,
      node: "n2",
      values: { silentMs: 5000, timeoutMs: 5000, peer: "n1", stonith: "fire" },
    });
    expect(first(trace, "hb.active.stonith-fired")).toMatchObject({
      node: "n2",
      values: { epoch: 2, stonith: "fire" },
    });
    expect(first(trace, "hb.standDown")).toMatchObject({
      t: 30002.764,
      node: "n1",
      values: { theirEpoch: 2, myEpoch: 1 },
    });
  });
});

describe("the causal chain", () => {
  it("fencing: the refused write goes back to the new leader's token, the store's expiry, and the pause", () => {
    const trace = preset("fencing-diagram");
    const i = eventAt(trace, 25408.703, "n2");
    expect(i).not.toBeNull();
    const chain = explain(trace, i as number).chain;
    expect(chain.map((s) => [s.t, s.rule ?? s.type, s.node])).toEqual([
      [25408.703, "fence.token.below", "n2"],
      [17506.799, "etcd.election.noPredecessor", "n3"],
      [17500, "etcd.watch.delete", null],
      [17500, "etcd.lease.expired", "n2"],
      [10406.492, "fault", "n2"],
    ]);
    expect(chain[0].sentence).toBe(
      "the resource refused the write: token 2 is below 3, the highest it has accepted",
    );
    expect(chain[0].lesson).toBe("fencing-tokens#the-resources-check");
    expect(chain[4].title).toBe("n2 was paused for 15 s");
  });
  it("kubernetes: a write by the new leader goes back to the takeover on its clock and the old leader's pause", () => {
    const trace = preset("k8s-long-pause");
    const chain = explain(trace, eventAt(trace, 48598.763, "n2") as number).chain;
    expect(chain.map((s) => s.rule ?? s.type)).toEqual(["k8s.lease.expiredOnMyClock", "fault"]);
    expect(chain[1].node).toBe("n1");
  });
  it("every step is strictly earlier in the trace, and a chain ends at a fault or the first election", () => {
    for (const name of ["raft-basic", "zk-herd-leader", "sre-file-server", "chubby-sequencer"]) {
      const trace = preset(name);
      const chain = explain(trace, eventAt(trace, Infinity) as number).chain;
      for (let k = 1; k < chain.length; k++) expect(chain[k].index).toBeLessThan(chain[k - 1].index);
    }
  });
  it("refuses an index outside the trace, naming it", () => {
    expect(() => explain([], 3)).toThrow(/index: no event 3/);
  });
});
