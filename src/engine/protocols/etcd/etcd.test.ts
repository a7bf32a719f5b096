import { describe, expect, it } from "vitest";
import {
  clientv3KeepAliveEvery,
  createSimulation,
  presets,
  resumeSimulation,
  runScenario,
  runTrials,
} from "../../index.ts";
import { digest } from "../../core/digest.ts";
import { parseScenario } from "../../scenario/schema.ts";
import type { TraceEvent } from "../../core/trace.ts";

const of = <K extends TraceEvent["type"]>(trace: TraceEvent[], type: K) =>
  trace.filter((e): e is Extract<TraceEvent, { type: K }> => e.type === type);
const preset = (name: string) => presets[name].scenario;

describe("etcd: the seeds' worked example", () => {
  it("key events of billing-crash (seed 1)", () => {
    const { trace, summary } = runScenario(preset("billing-crash"));
    expect(of(trace, "leader-start").map((e) => [e.node, e.token, e.t])).toEqual([
      ["n2", 2, 406.492],
      ["n3", 3, 24506.842],
    ]);
    const expire = of(trace, "lease").find((e) => e.action === "expire")!;
    // the lease ran out at 24,398.599 (last keepalive + 10 s); the lessor's next pass is at 24,500
    expect(expire).toMatchObject({
      t: 24500,
      expiresAtLocal: 24398.599,
      node: "n2",
      judge: "store",
      ttlMs: 10_000,
    });
    expect(summary.leaders[1].from - 15_500).toBeCloseTo(9006.842, 3); // about 9 s after the crash
    expect(summary.violations).toEqual([]);
  });

  it("crash: failover within the TTL, about 7 to 10.1 s, never two leaders", () => {
    const r = runTrials(preset("billing-crash"), 150);
    expect(r.failover.runs).toBe(150);
    for (const run of r.runs) {
      expect(run.failover!).toBeGreaterThan(6_900);
      expect(run.failover!).toBeLessThan(10_100);
      expect(run.overlap).toBe(0);
    }
  });

  it("a 4 s blip: no failover", () => {
    const r = runTrials(preset("billing-blip"), 100);
    expect(r.failover.runs).toBe(0);
    expect(r.runs.every((x) => x.leaderChanges === 0 && x.overlap === 0)).toBe(true);
  });

  it("2 s TTL against a 2.5 s pause: a spurious failover; 10 s TTL: nothing", () => {
    const short = runTrials(preset("billing-gc-short-ttl"), 100);
    expect(short.runs.every((x) => x.leaderChanges === 1)).toBe(true);
    const long = runTrials(preset("billing-gc-long-ttl"), 100);
    expect(long.runs.every((x) => x.leaderChanges === 0 && x.overlap === 0)).toBe(true);
  });

  it("fencing diagram: the late write is rejected; with fencing off it lands", () => {
    const on = runScenario(preset("fencing-diagram"));
    const late = of(on.trace, "write").filter((w) => w.t > 20_000 && w.token === 2);
    expect(late.length).toBeGreaterThan(0);
    expect(late.every((w) => w.result === "rejected")).toBe(true);
    expect(on.summary.writes.staleAccepted).toBe(0);
    // The takeover happened with a higher token while the old leader was paused.
    expect(of(on.trace, "leader-start")[1]).toMatchObject({ node: "n3", token: 3 });
    const off = runScenario(preset("fencing-off"));
    expect(off.summary.writes.staleAccepted).toBe(late.length);
    expect(off.summary.hazards.filter((v) => v.property === "stale-write")).toHaveLength(late.length);
  });

  it("the store judges expiry on its own clock; the holder self-demotes on its own", () => {
    const { trace } = runScenario({ ...preset("billing-gc-short-ttl") });
    const lease = of(trace, "lease");
    expect(lease.find((e) => e.action === "expire")!.judge).toBe("store");
    expect(lease.find((e) => e.action === "self-demote")!.judge).toBe("holder");
  });

  it("store outage: the leader self-demotes and the job is leaderless until the old lease runs out", () => {
    const { trace, summary } = runScenario(preset("etcd-store-outage"));
    const end = of(trace, "leader-end")[0];
    // Last acknowledged keepalive send + TTL on its own clock: within 10 s of the outage starting.
    expect(end.t).toBeGreaterThan(15_000 + 7_000);
    expect(end.t).toBeLessThanOrEqual(15_000 + 10_000);
    const next = of(trace, "leader-start")[1];
    // The store returns at 35 s and extends every lease by TTL + 1 s (lessor.Promote).
    expect(next.t).toBeGreaterThan(46_000);
    expect(summary.leaderless).toBeGreaterThan(20_000);
    expect(summary.violations).toEqual([]);
  });

  it("a margin makes the leader give up earlier; a fast store clock still breaks it", () => {
    const base = {
      protocol: "etcd",
      seed: 3,
      until: "30s",
      timing: { ttl: "10s", renew: "3s" },
      options: { selfDemote: true },
      faults: [{ at: "10s", do: "isolate", node: "leader" }],
    };
    const noMargin = runScenario(base);
    const margin = runScenario({ ...base, options: { selfDemote: true, margin: "2s" } });
    const end0 = of(noMargin.trace, "leader-end")[0].t;
    const end2 = of(margin.trace, "leader-end")[0].t;
    expect(end0 - end2).toBeCloseTo(2000, -1);
    // The store's clock runs 40% fast: it expires the lease before the holder's own deadline.
    const fast = runScenario({
      ...base,
      clocks: { store: { drift: 400000 } },
      options: { selfDemote: true, margin: "1s" },
    });
    expect(fast.summary.maxConcurrentLeaders).toBe(2);
    expect(fast.summary.hazards.map((v) => v.property)).toContain("overlap");
  });

  it("checking the lease before each write narrows the window but cannot close it", () => {
    const sc = (checkBeforeWrite: boolean) => ({
      ...preset("billing-gc-short-ttl"),
      options: { checkBeforeWrite },
      faults: [{ at: "10s", do: "pause", node: "leader", for: "2.5s" }],
    });
    const without = runScenario(sc(false));
    const withCheck = runScenario(sc(true));
    expect(of(without.trace, "write").filter((w) => w.result === "rejected").length).toBeGreaterThan(0);
    expect(of(withCheck.trace, "write-skipped").length).toBeGreaterThan(0);
    expect(of(withCheck.trace, "write").filter((w) => w.result !== "accepted")).toHaveLength(0);
    // ...but a pause that strikes after the check still delivers a stale write.
    const during = runScenario({
      ...sc(true),
      faults: [{ at: "10s", do: "pause", node: "leader", for: "2.5s", during: "write" }],
    });
    expect(of(during.trace, "write").filter((w) => w.result === "rejected")).toHaveLength(1);
  });

  it("graceful shutdown resigns: a successor takes over at once", () => {
    const { trace } = runScenario({
      protocol: "etcd",
      seed: 2,
      until: "20s",
      timing: { ttl: "10s", renew: "3s" },
      faults: [{ at: "5s", do: "shutdown", node: "leader" }],
    });
    const starts = of(trace, "leader-start");
    expect(starts).toHaveLength(2);
    expect(starts[1].t - 5000).toBeLessThan(50);
  });

  it("snapshot and resume continue byte-identically", () => {
    const whole = createSimulation(preset("fencing-diagram")).run();
    const sim = createSimulation(preset("fencing-diagram"));
    sim.runUntil(17_777);
    const snap = sim.snapshot();
    sim.run();
    expect(digest(sim.trace)).toBe(digest(whole.trace));
    expect(digest(resumeSimulation(snap).run().trace)).toBe(digest(whole.trace));
    expect(JSON.parse(JSON.stringify(sim.frame()))).toEqual(sim.frame());
  });
});

describe("etcd clientv3 session", () => {
  it("sends its first keepalive at once after LeaseGrant (lease.go KeepAlive: nextKeepAlive is now), then on the first 500 ms pass after TTL/3", () => {
    const { trace } = runScenario(preset("billing-blip"));
    const grantResp = trace.find(
      (e) => e.type === "deliver" && e.kind === "LeaseGrantResp" && e.to === "n2",
    )!;
    const kas = trace.filter((e) => e.type === "send" && e.kind === "LeaseKeepAlive" && e.from === "n2");
    expect(kas[0].t).toBe(grantResp.t);
    // sendKeepAliveLoop passes every 500 ms from its start; the answer sets nextKeepAlive to
    // now + TTL/3, so the next send is the first pass after that: 3.5 s at TTL 10 s, as the real
    // client kept (3.50 to 3.52 s between keepalives on etcd 3.4.23).
    const { renew } = parseScenario(preset("billing-blip")).timing as { renew: number };
    for (let i = 1; i < 4; i++) {
      const gap = kas[i].t - kas[i - 1].t;
      expect(gap).toBeGreaterThan(renew);
      expect(gap).toBeCloseTo(Math.floor(renew / 500) * 500 + 500, 6);
    }
  });

  it.each([
    [2, 1000],
    [3, 1500],
    [10, 3500],
    [15, 5500],
  ])("at TTL %i s the keepalives go out every %i ms, as clientv3KeepAliveEvery says", (ttlS, every) => {
    expect(clientv3KeepAliveEvery(ttlS * 1000)).toBe(every);
    const { trace } = runScenario({
      protocol: "etcd",
      nodes: 2,
      seed: 3,
      until: "30s",
      timing: { ttl: `${ttlS}s` },
    });
    const kas = trace
      .filter((e) => e.type === "send" && e.kind === "LeaseKeepAlive" && e.from === "n1")
      .map((e) => e.t);
    expect(kas.length).toBeGreaterThan(3);
    for (let i = 2; i < kas.length; i++) expect(kas[i] - kas[i - 1]).toBeCloseTo(every, 6);
  });
});

// etcd server/lease/lessor_test.go TestLessorRevoke and TestLessorExpire: an expired lease is
// revoked, and its keys deleted, by the lessor's loop, which passes every 500 ms (runLoop).
describe("etcd lessor (lessor_test.go TestLessorExpire)", () => {
  it("deletes an expired lease's key on the lessor's first 500 ms pass at or after its expiry, never before", () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const { trace } = runScenario({ ...(preset("billing-crash") as object), seed });
      const exp = trace.filter((e) => e.type === "lease" && e.action === "expire") as Array<{
        t: number;
        expiresAtLocal: number;
        clockMs: number;
      }>;
      expect(exp.length, `seed ${seed}`).toBeGreaterThan(0);
      for (const e of exp) {
        expect(e.clockMs).toBeGreaterThanOrEqual(e.expiresAtLocal);
        expect(e.clockMs - e.expiresAtLocal).toBeLessThan(500);
        expect(e.clockMs % 500).toBeCloseTo(0, 3);
      }
    }
  });
});

describe("etcd: concurrency.Election has no timer of its own (options.selfDemote)", () => {
  // n2 waits behind leader n1; a 5 s cut outlives its 3 s lease, so etcd deletes its key. Then
  // n1 shuts down and n3 (behind n2's key, now behind n1's) rightly leads.
  const cutThenShutdown = (selfDemote: boolean) => ({
    protocol: "etcd",
    nodes: 3,
    seed: 1,
    until: "30s",
    timing: { ttl: "3s", renew: "1s" },
    options: { selfDemote },
    faults: [
      { at: "4s", do: "partition", groups: [["n2"], ["store"]], for: "5s" },
      { at: "12s", do: "shutdown", node: "n1" },
    ],
  });

  it("clientv3's default (no timer): a leader cut from etcd stops only at Session.Done, after its successor started; the course's selfDemote stops it first", () => {
    const sc = (selfDemote: boolean) => ({
      ...preset("billing-blip"),
      options: { selfDemote },
      faults: [{ at: "10s", do: "partition", groups: [["leader"], ["store"]], for: "15s" }],
    });
    const off = runScenario(sc(false)).summary;
    const on = runScenario(sc(true)).summary;
    const [oldOff, nextOff] = off.leaders;
    expect(nextOff.from).toBeLessThan(oldOff.to as number); // overlap, as clientv3 gives
    expect(off.overlap).toBeGreaterThan(0);
    expect(on.overlap).toBe(0);
    expect(on.leaders[0].to).toBeLessThan(on.leaders[1].from);
  });

  it("off: Campaign returns success after the candidate's own key expired (etcd issue 19597), until Session.Done stops it", () => {
    const sim = createSimulation(cutThenShutdown(false)).run();
    const { trace } = sim;
    expect(of(trace, "lease").filter((e) => e.action === "self-demote" && e.t < 12_000)).toEqual([]); // no timer while it waits
    const starts = of(trace, "leader-start").filter((e) => e.t >= 12_000);
    expect(starts.map((e) => e.node).sort()).toEqual(["n2", "n3"]);
    const done = of(trace, "lease").find((e) => e.action === "self-demote" && e.node === "n2")!;
    expect(done).toMatchObject({ reason: "session-done", keyExpired: true });
    expect(done.t - 12_000).toBeLessThanOrEqual(1000 + 20); // the deadline loop's next 1 s tick
    expect(sim.summary().hazards.map((h) => h.property)).toContain("overlap");
    // n2 wrote while it wrongly led: its token 3 is below n3's 4, so once n3 has written the
    // storage refuses it; its first write beat n3's and landed (the window clientv3 leaves open).
    const w = sim.summary().writes;
    expect(w.rejected + w.staleAccepted).toBeGreaterThan(0);
  });

  it("on (the course's rule): the waiting candidate gives up its session on its own clock and joins at the back: one leader", () => {
    const sim = createSimulation(cutThenShutdown(true)).run();
    const demote = of(sim.trace, "lease").find((e) => e.action === "self-demote" && e.node === "n2")!;
    expect(demote.reason).toBe("no-ack");
    expect(demote.t).toBeLessThan(9000);
    expect(sim.summary().leaders.map((l) => l.node)).toEqual(["n1", "n3"]);
    expect(sim.summary().hazards.map((h) => h.property)).not.toContain("overlap");
  });

  it("off: Session.Done closes on clientv3's deadline (TTL after the last keepalive answer arrived), not the store's", () => {
    const sim = createSimulation({
      protocol: "etcd",
      nodes: 2,
      seed: 1,
      until: "20s",
      timing: { ttl: "3s", renew: "1s" },
      options: { selfDemote: false },
      faults: [{ at: "5s", do: "isolate", node: "leader", for: "10s" }],
    }).run();
    const expire = of(sim.trace, "lease").find((e) => e.action === "expire" && e.judge === "store")!;
    const done = of(sim.trace, "lease").find(
      (e) => e.action === "self-demote" && e.reason === "session-done",
    )!;
    expect(done.node).toBe(expire.node);
    expect(done.t).toBeGreaterThan(expire.t); // the client's deadline starts later: a window with two believers
    expect(done.t - expire.t).toBeLessThan(1000 + 50); // deadlineLoop ticks every second
  });

  it("off: Session.Done closes on a tick of deadlineLoop's 1 s timer, the first after last answer + TTL (lease.go:569-590, timer.Reset(time.Second))", () => {
    const lags: number[] = [];
    for (let i = 0; i < 6; i++) {
      const sim = createSimulation({
        protocol: "etcd",
        nodes: 2,
        seed: 1,
        until: "20s",
        timing: { ttl: "3s" },
        options: { selfDemote: false },
        faults: [{ at: 5000 + i * 250, do: "isolate", node: "leader", for: "10s" }],
      }).run();
      const done = of(sim.trace, "lease").find(
        (e) => e.action === "self-demote" && e.reason === "session-done",
      )!;
      const node = done.node;
      const answers = sim.trace.filter(
        (e) => e.type === "deliver" && e.kind === "LeaseKeepAliveResp" && e.to === node && e.t < done.t,
      );
      const deadline = answers.at(-1)!.t + 3000;
      expect(done.t).toBeGreaterThanOrEqual(deadline);
      expect(done.t - deadline).toBeLessThan(1000);
      lags.push(done.t - deadline);
      // The loop starts with the session: its ticks fall whole seconds after the first keepalive.
      const first = sim.trace.find(
        (e) => e.type === "send" && e.kind === "LeaseKeepAlive" && e.from === node,
      )!;
      const phase = (done.t - first.t) % 1000;
      expect(Math.min(phase, 1000 - phase)).toBeLessThan(1e-6);
    }
    // A 500 ms loop would never leave Done more than half a second behind the deadline.
    expect(Math.max(...lags)).toBeGreaterThan(500);
  });
});

describe("etcd: lease TTLs are whole seconds", () => {
  it("refuses a fractional TTL, naming the field and the nearest whole second", () => {
    expect(() => parseScenario({ protocol: "etcd", timing: { ttl: "2.5s" } })).toThrow(
      /^timing\.ttl: etcd grants leases in whole seconds; 2500 ms is not one \(use 3s\)/,
    );
    expect(() => parseScenario({ protocol: "etcd", timing: { ttl: "3s" } })).not.toThrow();
  });
});

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
