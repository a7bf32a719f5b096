// etcd election through the seeds' worked example: failover, blips, fencing, store outages, margins, shutdown, snapshots.
import { describe, expect, it } from "vitest";
import { createSimulation, presets, resumeSimulation, runScenario, runTrials } from "../../index.ts";
import { digest } from "../../core/digest.ts";
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
