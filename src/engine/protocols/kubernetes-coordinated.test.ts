import { describe, expect, it } from "vitest";
import { createSimulation, presets, runScenario } from "../index.ts";
import { digest } from "../core/digest.ts";
import type { TraceEvent } from "../core/trace.ts";

const of = <K extends TraceEvent["type"]>(trace: TraceEvent[], type: K) =>
  trace.filter((e): e is Extract<TraceEvent, { type: K }> => e.type === type);
const cle = (versions: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  protocol: "kubernetes", nodes: 3, seed: 1, until: "60s", options: { coordinated: true, releaseOnCancel: false, versions }, ...extra,
});

describe("kubernetes coordinated leader election", () => {
  it("exact trace of k8s-coordinated: during the rolling upgrade a 1.32 component leads until none is left", () => {
    const { trace, summary } = runScenario(presets["k8s-coordinated"].scenario);
    expect(summary.leaders.map((l) => l.node)).toEqual(["n2", "n3", "n3", "n2"]);
    const notes = of(trace, "note").filter((e) => e.node === "store").map((e) => e.text);
    expect(notes.find((t) => /preferredHolder n3/.test(t))).toMatch(/oldest emulation version 1\.32/);
    expect(notes.find((t) => /holder set to n3/.test(t))).toMatch(/lease expired/);
    expect(summary.leaders[3].from).toBeGreaterThan(92_000); // after the 1.32 n3 was upgraded
    expect(summary.violations).toEqual([]);
    expect(digest(trace)).toMatchInlineSnapshot(`"81697c3c:2eeb"`);
  });

  it("the oldest emulation version wins whatever the boot order; a newer first holder is preempted through preferredHolder", () => {
    let preempted = 0;
    for (let seed = 1; seed <= 12; seed++) {
      const { trace, summary } = runScenario(cle({ n1: "1.33", n2: "1.33", n3: "1.32" }, { seed, boot: "3s" }));
      expect(summary.leaders.at(-1)!.node).toBe("n3");
      expect(summary.leaders.at(-1)!.to).toBeNull();
      expect(summary.overlap).toBe(0);
      if (summary.leaders.length > 1) {
        preempted++;
        expect(of(trace, "note").some((e) => /preferredHolder n3/.test(e.text))).toBe(true);
      }
    }
    expect(preempted).toBeGreaterThan(0);
  });

  it("ties on emulation version go to the older binary, then to the candidate created first", () => {
    const bin = runScenario(cle({ n1: { binary: "1.33", emulation: "1.32" }, n2: { binary: "1.32", emulation: "1.32" }, n3: "1.33" }, { boot: "2s" }));
    expect(bin.summary.leaders.at(-1)!.node).toBe("n2");
    const sim = createSimulation(cle({ n1: "1.33", n2: "1.33", n3: "1.33" }, { boot: "2s" })).run();
    const order = Object.entries(sim.state.store.kv).filter(([k]) => k.startsWith("/registry/leasecandidates/")).sort((a, b) => a[1].createRev - b[1].createRev);
    expect(sim.summary().leaders.at(-1)!.node).toBe(order[0][0].split("/").pop());
  });

  it("the controller creates a 5 s Lease; the holder never creates it, and its renewals write its own lease duration", () => {
    const sim = createSimulation(cle({}));
    sim.runUntil(5);
    const created = sim.state.store.kv["/registry/leases/default/election"]?.value as { leaseDurationSeconds: number } | undefined;
    expect(created?.leaseDurationSeconds).toBe(5);
    sim.runUntil(10_000);
    const renewed = sim.state.store.kv["/registry/leases/default/election"].value as { leaseDurationSeconds: number };
    expect(renewed.leaseDurationSeconds).toBe(15);
    expect(of(sim.trace, "send").filter((e) => e.kind === "Create")).toHaveLength(0);
  });

  it("the holder crashes: the controller judges expiry on its clock, pings the candidates, waits for acks, and names the next best", () => {
    const { trace, summary } = runScenario(cle({ n1: "1.31", n2: "1.32", n3: "1.33" }, { until: "90s", boot: "2s", faults: [{ at: "30s", do: "crash", node: "leader" }] }));
    expect(summary.leaders.slice(-2).map((l) => l.node)).toEqual(["n1", "n2"]); // n1 (1.31), then the next oldest
    const set = of(trace, "note").find((e) => /holder set to n2/.test(e.text))!;
    expect(set.t - 30_000).toBeGreaterThan(15_000 - 2100); // the lease the holder last wrote: 15 s
    expect(of(trace, "note").some((e) => e.t > 30_000 && e.t < set.t && /pinged/.test(e.text))).toBe(true);
  });
});
