// etcd's streams through cuts: per-connection ordering, a watch resumed after its stream breaks, one live lease per client.
import { describe, expect, it } from "vitest";
import { presets, runScenario } from "../../index.ts";
import { parseScenario } from "../../scenario/schema.ts";
import type { TraceEvent } from "../../core/trace.ts";

const of = <K extends TraceEvent["type"]>(trace: TraceEvent[], type: K) =>
  trace.filter((e): e is Extract<TraceEvent, { type: K }> => e.type === type);
const preset = (name: string) => presets[name].scenario;

describe("etcd: connections are ordered one by one, not per pair of hosts", () => {
  it("a stream dialled during a cut delivers as soon as the cut heals, not behind the broken stream's seventh retransmission", () => {
    // Issue 34's scenario: n2's stream to etcd breaks on its gRPC keepalive during a 25 s cut and
    // it dials a new one; the old stream's bytes back off to RTO_MAX, the new one's do not wait.
    const { summary } = runScenario({
      protocol: "etcd",
      nodes: 2,
      seed: 6,
      until: "60s",
      timing: { ttl: "60s" },
      options: { keepAlive: { time: "10s", timeout: "5s" } },
      faults: [
        { at: "5s", do: "partition", groups: [["n2"], ["store"]], for: "25s" },
        { at: "8s", do: "shutdown", node: "n1" },
      ],
    });
    const n2 = summary.leaders.find((l) => l.node === "n2")!;
    expect(n2.from).toBeGreaterThan(30_000);
    expect(n2.from).toBeLessThan(30_100); // was 40 939 ms
  });
});

describe("etcd: a watch resumes from its revision after its gRPC stream breaks (options.keepAlive)", () => {
  // n2 watches the leader n1's key. Its link to etcd is cut for 25 s (less than the 60 s TTL);
  // n1 shuts down 5 s in and its key is deleted while the delete cannot reach n2.
  const sc = (keepAlive: boolean) => ({
    protocol: "etcd",
    nodes: 3,
    seed: 1,
    until: "80s",
    ...(keepAlive ? { options: { keepAlive: { time: "10s", timeout: "5s" } } } : {}),
    faults: [
      { at: "20s", do: "partition", groups: [["n2"], ["store"]], for: "25s" },
      { at: "25s", do: "shutdown", node: "leader" },
    ],
  });

  it("the stream breaks on its keepalive, the delete sent on it is lost, and the resumed watch delivers it from the store's history", () => {
    const { trace } = runScenario(sc(true));
    const del = of(trace, "store").find((e) => e.op === "delete" && e.t >= 25_000)!;
    expect(del.watchers).toEqual(["n2"]);
    // n2's own keepalive closed the stream during the cut (ping after 10 s, no answer in 5 s).
    const closes = of(trace, "conn").filter(
      (e) => e.node === "n2" && e.op === "close" && e.cause === "timeout",
    );
    expect(closes.length).toBeGreaterThan(0);
    expect(closes.every((e) => e.t > 20_000 && e.t < 45_000)).toBe(true);
    // The WatchEvent etcd sent on the broken stream never reaches the client.
    expect(
      of(trace, "drop").some(
        (e) => e.kind === "WatchEvent" && e.to === "n2" && e.reason === "connection closed",
      ),
    ).toBe(true);
    const notes = of(trace, "note").filter((e) => e.node === "n2");
    const resumed = notes.filter((e) => e.note.kind === "watch-resumed").map((e) => e.note);
    expect(resumed.length).toBe(closes.length);
    expect(
      resumed.every((n) => n.kind === "watch-resumed" && n.key === del.key && n.fromRev <= del.rev),
    ).toBe(true);
    const got = notes.find((e) => e.note.kind === "resumed-watch-event")!;
    expect(got.note).toEqual({
      kind: "resumed-watch-event",
      key: del.key,
      rev: del.rev,
      fromRev: (resumed[0] as { fromRev: number }).fromRev,
    });
    expect(got.t).toBeGreaterThan(45_000); // after the heal
    // ...and n2 campaigns on it and leads.
    const lead = of(trace, "leader-start").find((e) => e.node === "n2")!;
    expect(lead.t).toBeGreaterThan(got.t);
    expect(lead.t - got.t).toBeLessThan(50);
  });

  it("clientv3's default (no gRPC keepalive): the stream never breaks, and TCP delivers the delete after the heal", () => {
    const { trace } = runScenario(sc(false));
    expect(of(trace, "conn").some((e) => e.node === "n2" && e.cause === "timeout")).toBe(false);
    expect(of(trace, "note").some((e) => e.note.kind === "watch-resumed")).toBe(false);
    expect(
      trace.some((e) => e.type === "deliver" && e.kind === "WatchEvent" && e.to === "n2" && e.t > 45_000),
    ).toBe(true);
    expect(of(trace, "leader-start").find((e) => e.node === "n2")!.t).toBeGreaterThan(45_000);
  });

  it("grpc-go raises a keepalive time under 10 s to 10 s and reads a zero timeout as 20 s", () => {
    const o = parseScenario({ protocol: "etcd", options: { keepAlive: { time: "2s" } } }).options as {
      keepAlive: unknown;
    };
    expect(o.keepAlive).toEqual({ time: 10_000, timeout: 20_000 });
    expect(parseScenario({ protocol: "etcd" }).options).not.toHaveProperty("keepAlive");
  });
});

describe("etcd: one live lease per client after a cut longer than the TTL", () => {
  /** Per node, the intervals its leases lived at the store (grant to revoke or expiry). */
  function liveLeases(trace: TraceEvent[], until: number) {
    const live = new Map<string, { node: string; from: number; to: number }>();
    for (const e of of(trace, "lease")) {
      if (e.judge !== "store" || !e.lease) continue;
      if (e.action === "grant") live.set(e.lease, { node: e.node, from: e.t, to: until });
      else if ((e.action === "revoke" || e.action === "expire") && live.has(e.lease))
        live.get(e.lease)!.to = e.t;
    }
    return [...live.values()];
  }

  it("the leader's LeaseGrant waits in TCP through the cut and is sent once: no orphan leases, and the old lease's keepalives stop", () => {
    // n1 leads on a 10 s lease; its link to etcd is cut for 15 s. Its lease expires at the store,
    // it demotes itself and asks for a new session while the cut still holds the request.
    const sc = {
      protocol: "etcd",
      nodes: 3,
      seed: 1,
      until: "60s",
      timing: { ttl: "10s", renew: "3s" },
      faults: [{ at: "15s", do: "partition", groups: [["leader"], ["store"]], for: "15s" }],
    };
    const { trace, summary } = runScenario(sc);
    const demote = of(trace, "lease").find((e) => e.action === "self-demote" && e.node === "n1")!;
    const old = demote.lease!;
    // After the cut heals, the one LeaseGrant in flight lands (before: one grant per 500 ms resend).
    const grants = of(trace, "lease").filter(
      (e) => e.action === "grant" && e.node === "n1" && e.t > demote.t,
    );
    expect(grants.length).toBeLessThanOrEqual(2);
    const sends = of(trace, "stall").filter(
      (e) => e.from === "n1" && e.kind === "LeaseGrant" && e.t >= demote.t && e.t < 30_000,
    );
    expect(sends).toHaveLength(1);
    // Never two live leases for one client at the store, and no keepalive renews the old one.
    for (const node of ["n1", "n2", "n3"]) {
      const mine = liveLeases(trace, 60_000)
        .filter((l) => l.node === node)
        .sort((a, b) => a.from - b.from);
      for (let i = 1; i < mine.length; i++) expect(mine[i].from).toBeGreaterThanOrEqual(mine[i - 1].to);
    }
    expect(of(trace, "lease").some((e) => e.action === "renew" && e.lease === old && e.t > demote.t)).toBe(
      false,
    );
    expect(summary.violations).toEqual([]);
  });

  it("during a store outage the store's host refuses each request (RST), so the grant is retried once etcd is back", () => {
    const { trace } = runScenario(preset("etcd-store-outage"));
    const refused = of(trace, "drop").filter((e) => e.to === "store" && e.reason === "store is down");
    expect(refused.length).toBeGreaterThan(0);
    expect(
      of(trace, "conn").some(
        (e) => e.op === "close" && e.peer === "store" && e.cause === "reset" && e.t > 15_000 && e.t < 35_000,
      ),
    ).toBe(true);
    // Each client gets exactly one new lease after the outage.
    for (const node of ["n1", "n2", "n3"])
      expect(
        of(trace, "lease").filter((e) => e.action === "grant" && e.node === node && e.t > 35_000),
      ).toHaveLength(1);
  });
});
