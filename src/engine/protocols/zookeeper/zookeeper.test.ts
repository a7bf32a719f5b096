import { describe, expect, it } from "vitest";
import { presets, runScenario } from "../../index.ts";
import type { TraceEvent } from "../../core/trace.ts";

const of = <K extends TraceEvent["type"]>(trace: TraceEvent[], type: K) =>
  trace.filter((e): e is Extract<TraceEvent, { type: K }> => e.type === type);
const preset = (name: string) => presets[name].scenario as Record<string, unknown>;
const sends = (trace: TraceEvent[], kind: string, from = 0) =>
  of(trace, "send").filter((e) => e.kind === kind && e.t >= from);

describe("zookeeper election recipe", () => {
  it("key events of zk-recipe: a middle exit wakes one client that stays a follower; the leader's exit fails over within T + tick", () => {
    const { trace, summary } = runScenario(preset("zk-recipe"));
    expect(of(trace, "leader-start").map((e) => [e.node, e.token])).toEqual([
      ["n2", 0],
      ["n1", 1],
    ]);
    // n3 (sequence 2) leaves at 10 s: only n4 (sequence 3) is told; it lists and watches n1 (sequence 1).
    const first = sends(trace, "WatchEvent").filter((e) => e.t < 30_000);
    expect(first.map((e) => e.to)).toEqual(["n4"]);
    const rewatch = sends(trace, "Exists", first[0].t).find((e) => e.from === "n4")!;
    expect(rewatch.t - first[0].t).toBeLessThan(10);
    // The leader n2 leaves at 30 s: its session dies on a tick within (T, T + tick] of its last packet.
    const next = of(trace, "leader-start")[1];
    expect(next.t - 30_000).toBeGreaterThan(10_000 - 3334); // its last ping was at most readTimeout/2 before
    expect(next.t - 30_000).toBeLessThanOrEqual(10_000 + 2000 + 20);
    const expire = of(trace, "lease").filter((e) => e.action === "expire");
    expect(expire.map((e) => [e.node, e.t % 2000])).toEqual([
      ["n3", 0],
      ["n2", 0],
    ]); // on the server's tick boundaries
    expect(sends(trace, "WatchEvent", 30_000).map((e) => e.to)).toEqual(["n1"]);
    expect(summary.violations).toEqual([]);
  });

  it("the Java client pings readTimeout/2 after its last send: every 3.33 s for a 10 s session (measured on 3.8.0: 3.34 s)", () => {
    const { trace } = runScenario({
      protocol: "zookeeper",
      nodes: 3,
      seed: 1,
      until: "60s",
      timing: { sessionTimeout: "10s" },
    });
    const pings = sends(trace, "Ping")
      .filter((e) => e.from === "n1")
      .map((e) => e.t);
    const gaps = pings.slice(1).map((t, i) => t - pings[i]);
    expect(gaps.length).toBeGreaterThan(10);
    for (const g of gaps) expect(g).toBeCloseTo((10_000 * 2) / 3 / 2, 0);
  });

  it("MAX_SEND_PING_INTERVAL: a 40 s session pings every readTimeout/2 when idle, and at once when a packet wakes its loop after 10 s without sending", () => {
    const { trace } = runScenario({
      protocol: "zookeeper",
      nodes: 3,
      seed: 1,
      until: "80s",
      timing: { sessionTimeout: "40s" },
      faults: [{ at: "51s", do: "shutdown", node: "leader" }],
    });
    const pingsOf = (n: string) =>
      sends(trace, "Ping")
        .filter((e) => e.from === n)
        .map((e) => e.t);
    const n3 = pingsOf("n3");
    for (const [i, t] of n3.slice(1).entries()) expect(t - n3[i]).toBeCloseTo((40_000 * 2) / 3 / 2, 0);
    // n2 watches the leader n1; the delete reaches it 11 s after its last send: it pings at once.
    const ev = sends(trace, "WatchEvent").find((e) => e.to === "n2")!;
    const delivered = of(trace, "deliver").find(
      (e) => e.kind === "WatchEvent" && e.to === "n2" && e.t >= ev.t,
    )!;
    const before = pingsOf("n2")
      .filter((t) => t < delivered.t)
      .at(-1)!;
    expect(delivered.t - before).toBeGreaterThan(10_000);
    expect(pingsOf("n2")).toContain(delivered.t);
  });

  it("the server clamps the requested session timeout to 2..20 ticks", () => {
    for (const [asked, got] of [
      [1000, 4000],
      [10_000, 10_000],
      [100_000, 40_000],
    ]) {
      const { trace } = runScenario({
        protocol: "zookeeper",
        nodes: 1,
        until: "1s",
        timing: { tickTime: "2s", sessionTimeout: asked },
      });
      const g = of(trace, "lease").find((e) => e.action === "grant")!;
      expect(g.ttlMs).toBe(got);
      expect(g.requestedTtlMs).toBe(asked !== got ? asked : undefined);
    }
  });

  it("herd: with 20 candidates, watching the leader wakes everyone; watching the predecessor wakes one", () => {
    const leader = runScenario(preset("zk-herd-leader")).summary;
    const pred = runScenario(preset("zk-herd-predecessor")).summary;
    expect(leader.electionMessages.byKind.WatchEvent).toBe(19 + 18);
    expect(pred.electionMessages.byKind.WatchEvent).toBe(2);
    expect(leader.electionMessages.byKind.GetChildren - 20).toBe(19 + 18);
    expect(pred.electionMessages.byKind.GetChildren - 20).toBe(2);
    expect(pred.electionMessages.total * 2).toBeLessThan(leader.electionMessages.total);
    expect(leader.leaders.map((l) => l.node)).toEqual(pred.leaders.map((l) => l.node)); // same failovers
  });

  it("zk-session-expiry: overlap while the old leader is frozen, its late write is fenced, and it rejoins at the back", () => {
    const { trace, summary } = runScenario(preset("zk-session-expiry"));
    expect(summary.maxConcurrentLeaders).toBe(2);
    expect(summary.hazards.filter((v) => v.property !== "leaderless").map((v) => v.property)).toEqual([
      "overlap",
    ]);
    const late = of(trace, "write").filter((w) => w.node === "n1" && w.t > 30_000);
    expect(late.length).toBeGreaterThan(0);
    expect(late.every((w) => w.result === "rejected")).toBe(true);
    expect(of(trace, "lease").find((e) => e.action === "self-demote" && e.node === "n1")!.reason).toBe(
      "disconnected",
    );
    const rejoin = sends(trace, "CreateResp", 30_000).find((e) => e.to === "n1");
    expect(rejoin).toBeDefined();
  });

  it("chubby-sequencer: the stale write lands under max-seen fencing, and the sequencer check refuses it after a round trip", () => {
    const seq = runScenario(preset("chubby-sequencer"));
    const tok = runScenario({ ...preset("chubby-sequencer"), fencing: "token" });
    const stale = (t: TraceEvent[]) => of(t, "write").find((w) => w.node === "n1" && w.t > 18_000)!;
    expect(stale(tok.trace).result).toBe("stale-accepted");
    expect(tok.summary.hazards.map((v) => v.property)).toContain("stale-write");
    const w = stale(seq.trace);
    expect(w).toMatchObject({ result: "rejected", sequencer: "not-current", lockHolder: "n2" });
    expect(w.t - w.sentAt).toBeGreaterThan(4); // the write waited for the resource's question to the lock service
    expect(seq.summary.writes.staleAccepted).toBe(0);
    expect(of(seq.trace, "note").some((e) => e.node === "n2" && e.note.kind === "sequencer-confirmed")).toBe(
      true,
    );
  });

  it("graceful shutdown closes the session: the successor leads at once", () => {
    const { summary } = runScenario({
      protocol: "zookeeper",
      nodes: 3,
      seed: 1,
      until: "20s",
      faults: [{ at: "10s", do: "shutdown", node: "leader" }],
    });
    expect(summary.leaders[1].from - 10_000).toBeLessThan(20);
  });

  it("a leader cut off from the server stops at Disconnected (2T/3), before the server expires it (T): no overlap", () => {
    const { trace, summary } = runScenario({
      protocol: "zookeeper",
      nodes: 3,
      seed: 1,
      until: "40s",
      faults: [{ at: "10s", do: "partition", groups: [["leader"], ["store"]], for: "20s" }],
    });
    expect(summary.overlap).toBe(0);
    const stop = of(trace, "leader-end")[0];
    expect(stop.t).toBeLessThan(of(trace, "lease").find((e) => e.action === "expire")!.t);
  });
});
