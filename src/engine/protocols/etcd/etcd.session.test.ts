// etcd's client session and lessor: keepalive cadence, lease expiry passes, Session.Done without a timer, whole-second TTLs.
import { describe, expect, it } from "vitest";
import { clientv3KeepAliveEvery, createSimulation, presets, runScenario } from "../../index.ts";
import { parseScenario } from "../../scenario/schema.ts";
import type { TraceEvent } from "../../core/trace.ts";

const of = <K extends TraceEvent["type"]>(trace: TraceEvent[], type: K) =>
  trace.filter((e): e is Extract<TraceEvent, { type: K }> => e.type === type);
const preset = (name: string) => presets[name].scenario;

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
