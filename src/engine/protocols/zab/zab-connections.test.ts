// ZooKeeper's quorum connections as the source has them (Learner.java, LearnerHandler.java,
// Leader.java @53a78e3): a dead leader's socket closes at once, a silent one is waited out for
// syncLimit ticks, the leader counts a follower synced while currentTick <= its deadline, and a
// learner retries a refused connect every 100 ms, 5 times.
import { describe, expect, it } from "vitest";
import { runScenario } from "../../index.ts";
import { createWorld } from "../../wiring.ts";
import { parseScenario } from "../../scenario/schema.ts";
import { runWorldUntil } from "../../core/engine.ts";
import { enterPeerState } from "./discovery.ts";
import type { TraceEvent } from "../../core/trace.ts";

const notes = (trace: TraceEvent[], re: RegExp) =>
  trace.filter((e): e is Extract<TraceEvent, { type: "note" }> => e.type === "note" && re.test(e.text));

describe("zab over connections", () => {
  it("a crashed leader's followers read EOF one network delay later and elect a new leader within a second", () => {
    const { trace, summary } = runScenario({
      protocol: "zab",
      nodes: 3,
      seed: 1,
      until: "20s",
      faults: [{ at: "8s", do: "crash", node: "leader" }],
    });
    const eof = notes(trace, /closed the connection/);
    expect(eof.map((e) => [e.node, e.t])).toEqual([
      ["n1", 8002],
      ["n2", 8002],
    ]);
    const next = summary.leaders[1];
    expect(next.from - 8000).toBeGreaterThan(200); // FLE's finalizeWait
    expect(next.from - 8000).toBeLessThan(1000);
  });

  it("silent failures (isolation, pause) are still waited out for syncLimit x tickTime", () => {
    for (const f of [
      { at: "8s", do: "isolate", node: "leader" },
      { at: "8s", do: "pause", node: "leader", for: "30s" },
    ]) {
      const { trace } = runScenario({ protocol: "zab", nodes: 3, seed: 1, until: "30s", faults: [f] });
      expect(notes(trace, /closed the connection/)).toEqual([]);
      const gaveUp = notes(trace, /socket read timeout/);
      expect(gaveUp.length).toBe(2);
      // The last PING reached them just before 8 s; 5 ticks of 2 s later they look again.
      for (const e of gaveUp) {
        expect(e.t).toBeGreaterThan(8000 + 5 * 2000 - 1000);
        expect(e.t).toBeLessThan(8000 + 5 * 2000);
      }
    }
  });

  it("LearnerHandler.synced: currentTick <= tickOfNextAckDeadline keeps a cut-off leader a tick longer, next to the new epoch's leader", () => {
    const { trace, summary } = runScenario({
      protocol: "zab",
      nodes: 3,
      seed: 1,
      until: "30s",
      faults: [{ at: "8s", do: "isolate", node: "leader" }],
    });
    const [old, next] = summary.leaders;
    expect(notes(trace, /Not sufficient followers synced/).map((e) => e.t)).toEqual([18444.856]);
    expect(old.to).toBe(18444.856); // its half-tick loop starts when it is established, 227 ms later since discovery costs the servers' work
    expect(next.from).toBeLessThan(old.to!); // an overlap window the deadline rule really leaves
    expect(summary.hazards.map((h) => h.property)).toContain("overlap");
    expect(summary.violations).toEqual([]);
  });

  it("a refused connect is retried every 100 ms, 5 times, then the learner looks again", () => {
    const w = createWorld(parseScenario({ protocol: "zab", nodes: 3, seed: 1, until: "2s" }));
    // Make n1 follow n2 while n2 is still LOOKING (its learner port is closed).
    w.ctx.bind(0);
    enterPeerState(w.ctx, w.s.nodes[0].p, 1);
    runWorldUntil(w, 1000);
    const tries = w.s.trace
      .toArray()
      .filter((e) => e.type === "send" && e.from === "n1" && e.to === "n2" && e.kind === "FOLLOWERINFO");
    const refused = w.s.trace
      .toArray()
      .filter((e) => e.type === "send" && e.from === "n2" && e.to === "n1" && e.kind === "REFUSED");
    expect(tries.length).toBe(5);
    expect(refused.length).toBe(5);
    for (let i = 1; i < tries.length; i++) expect(tries[i].t - tries[i - 1].t).toBeGreaterThanOrEqual(100);
    expect(tries[4].t - tries[0].t).toBeLessThan(600);
    expect(notes(w.s.trace.toArray(), /refused 5 times/).map((e) => e.node)).toEqual(["n1"]);
  });

  it("currentEpoch is written once a quorum acked the epoch, before NEWLEADER is acked", () => {
    const { trace } = runScenario({ protocol: "zab", nodes: 3, seed: 1, until: "2s" });
    const epochUp = trace.find((e) => e.type === "term" && e.to === 1 && e.node === "n3")!;
    const newLeaderAck = trace.find((e) => e.type === "deliver" && e.kind === "ACK" && e.to === "n3")!;
    const lastEpochAck = trace.filter(
      (e) => e.type === "deliver" && e.kind === "ACKEPOCH" && e.to === "n3",
    )[0];
    expect(epochUp.t).toBeGreaterThanOrEqual(lastEpochAck.t);
    expect(epochUp.t).toBeLessThan(newLeaderAck.t);
  });
});
