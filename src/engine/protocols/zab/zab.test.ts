import { describe, expect, it } from "vitest";
import { createSimulation, presets, runScenario } from "../../index.ts";
import type { TraceEvent } from "../../core/trace.ts";

const of = <K extends TraceEvent["type"]>(trace: TraceEvent[], type: K) =>
  trace.filter((e): e is Extract<TraceEvent, { type: K }> => e.type === type);
const preset = (name: string) => presets[name].scenario;
const EPOCH = 2 ** 32;

describe("zab: fast leader election and discovery", () => {
  it("key events of zab-failover: n5 leads epoch 1; after its crash the stale n4 loses to n3, epoch 2", () => {
    const sim = createSimulation(preset("zab-failover"));
    sim.runUntil(17_000);
    // n4 missed the transactions written while it was cut off.
    const zx = sim.state.nodes.map((n) => n.p?.d.lastZxid ?? null);
    expect(zx[3]).toBeLessThan(zx[2]);
    sim.run();
    const { trace } = sim;
    expect(of(trace, "leader-start").map((e) => [e.node, e.token / EPOCH, e.term])).toEqual([
      ["n5", 1, 1],
      ["n3", 2, 2],
    ]);
    // n1-n3 read EOF on n5's closed socket at once; n4, cut off since 5 s, waits out syncLimit ticks.
    const eof = of(trace, "note").filter(
      (e) => e.note.kind === "looking" && e.note.reason === "connection-closed",
    );
    expect(eof.map((e) => [e.node, e.t])).toEqual([
      ["n1", 8002],
      ["n2", 8002],
      ["n3", 8002],
    ]);
    const looking = of(trace, "note").filter(
      (e) => e.note.kind === "looking" && e.note.reason === "read-timeout",
    );
    expect(looking.map((e) => e.node)).toEqual(["n4"]);
    expect(looking[0].t - 5000).toBeLessThanOrEqual(5 * 2000); // syncLimit ticks after its last ping
    expect(of(trace, "leader-start")[1].t).toBe(8448.395); // 8 221.327 before discovery and sync spent the servers' own work; 17 437.73 ms with every crash waited out
    expect(sim.summary().violations).toEqual([]);
  });

  it("after a crash the winner is established only once discovery and sync have run: snapshot, epoch writes, a quorum's NEWLEADER ACKs, its server's start (real 3.8.0: 0.37-1.07 s after the crash)", () => {
    // The three-server crash the real ensemble ran (reality/scenarios.ts zab-crash, course timing).
    const sc = {
      protocol: "zab",
      nodes: 3,
      seed: 2,
      until: "12s",
      timing: { tickTime: "2s", initLimit: 10, syncLimit: 5 },
      faults: [{ at: "5s", do: "crash", node: "leader" }],
    };
    const { trace } = runScenario(sc);
    const t = (e: { t: number }) => e.t;
    const next = of(trace, "leader-start")[1];
    const L = next.node;
    const decided =
      of(trace, "role").find((e) => e.node === L && e.t > 5000 && e.why?.rule === "zab.fle.decided") ??
      of(trace, "note").find((e) => e.node === L && e.t > 5000)!;
    const sendsOf = (kind: string) => of(trace, "send").filter((e) => e.kind === kind && e.t > 5000);
    const delivers = (kind: string) => of(trace, "deliver").filter((e) => e.kind === kind && e.t > 5000);
    const info = delivers("FOLLOWERINFO").filter((e) => e.to === L);
    const leaderInfo = sendsOf("LEADERINFO").filter((e) => e.from === L);
    const ackEpoch = sendsOf("ACKEPOCH");
    const newLeader = sendsOf("NEWLEADER").filter((e) => e.from === L);
    const ack = sendsOf("ACK");
    const ackIn = delivers("ACK").filter((e) => e.to === L);
    const upToDate = sendsOf("UPTODATE").filter((e) => e.from === L);
    // LEADERINFO waits for the snapshot (120 ms from the decision) and the acceptedEpoch write (10 ms).
    expect(t(leaderInfo[0]) - t(decided)).toBeGreaterThanOrEqual(120 + 10);
    expect(t(leaderInfo[0])).toBeGreaterThanOrEqual(t(info[0]) + 10);
    // The follower writes its acceptedEpoch before ACKEPOCH, its currentEpoch and starts its server before ACK.
    const liIn = delivers("LEADERINFO")[0];
    expect(t(ackEpoch[0]) - t(liIn)).toBeCloseTo(10, 6);
    const nlIn = delivers("NEWLEADER")[0];
    expect(t(ack[0]) - t(nlIn)).toBeCloseTo(10 + 40, 6);
    expect(t(newLeader[0])).toBeGreaterThan(t(ackEpoch[0]));
    // Established (leader-start, its cause the NEWLEADER quorum) only after the ACK and its server's 40 ms start; UPTODATE then.
    expect(t(next) - t(ackIn[0])).toBeCloseTo(40, 6);
    expect(next.why?.rule).toBe("zab.newleader.quorum");
    expect(t(upToDate[0])).toBe(t(next));
    // Inside the real ensemble's range after a crash.
    expect(t(next) - 5000).toBeGreaterThanOrEqual(370);
    expect(t(next) - 5000).toBeLessThanOrEqual(1070);
  });

  it("zab-histories: the most complete history wins, not the highest id; the new epoch is above every accepted epoch", () => {
    const { trace } = runScenario(preset("zab-histories"));
    const starts = of(trace, "leader-start");
    expect(starts[0].node).toBe("n2"); // (3, 12) beats (3, 11), (3, 10), (3, 9) and (2, 40)
    expect(starts[0].token).toBe(4 * EPOCH);
    expect(starts[1]).toMatchObject({ node: "n5", token: 5 * EPOCH }); // after sync every history is equal
  });

  it("a lagging voter adopts the better vote: every server's proposal only improves within a round", () => {
    const { trace } = runScenario({
      protocol: "zab",
      nodes: 5,
      seed: 4,
      until: "2s",
      options: {
        histories: [
          [1, 9],
          [1, 3],
          [1, 3],
          [1, 3],
          [1, 3],
        ],
      },
    });
    expect(of(trace, "leader-start").map((e) => e.node)).toEqual(["n1"]);
  });

  it("an established ensemble: a restarted server joins as a follower through the FOLLOWING/LEADING answers", () => {
    const { trace, summary } = runScenario({
      protocol: "zab",
      nodes: 5,
      seed: 2,
      until: "30s",
      faults: [
        { at: "5s", do: "crash", node: "n1" },
        { at: "8s", do: "restart", node: "n1" },
      ],
    });
    expect(summary.leaders).toHaveLength(1);
    const back = of(trace, "role").filter((e) => e.node === "n1" && e.t >= 8000);
    expect(back.at(-1)!.to).toBe("follower");
    expect(back.at(-1)!.t - 8000).toBeLessThan(50);
  });

  it("a leader that loses its quorum steps down (Not sufficient followers synced) and the majority elects a new epoch", () => {
    const { trace, summary } = runScenario({
      protocol: "zab",
      nodes: 5,
      seed: 1,
      until: "40s",
      faults: [
        {
          at: "5s",
          do: "partition",
          groups: [
            ["leader", "n1"],
            ["n2", "n3", "n4"],
          ],
        },
      ],
    });
    const down = of(trace, "note").find((e) => e.note.kind === "looking" && e.note.reason === "not-synced")!;
    expect(down.node).toBe("n5");
    expect(down.t - 5000).toBeLessThanOrEqual(6 * 2000 + 100);
    expect(summary.leaders.map((l) => [l.node, l.token / EPOCH])).toEqual([
      ["n5", 1],
      ["n4", 2],
    ]);
    expect(summary.violations).toEqual([]); // never two established leaders in one epoch
  });

  it.each([5, 9, 15, 25])(
    "message cost at boot (n=%i): at least n(n-1) notifications, far below n^3",
    (n) => {
      const { summary } = runScenario({ protocol: "zab", nodes: n, seed: 1, until: "3s" });
      const notes = summary.electionMessages.byKind.NOTIFICATION;
      expect(notes).toBeGreaterThanOrEqual(n * (n - 1));
      expect(notes).toBeLessThan(n * n * (n - 1));
      // Discovery adds O(n): FOLLOWERINFO, LEADERINFO, ACKEPOCH, NEWLEADER, ACK, UPTODATE per follower.
      expect(summary.electionMessages.total - notes).toBe(6 * (n - 1));
    },
  );
});
