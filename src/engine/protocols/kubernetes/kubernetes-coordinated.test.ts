import { describe, expect, it } from "vitest";
import type { StoreState } from "../../servers/state.ts";
import { createSimulation, parseScenario, presets, runScenario } from "../../index.ts";
import { createWorld } from "../../wiring.ts";
import { holderChanged, leaderStarted } from "../../core/monitors.ts";
import type { TraceEvent } from "../../core/trace.ts";

const of = <K extends TraceEvent["type"]>(trace: TraceEvent[], type: K) =>
  trace.filter((e): e is Extract<TraceEvent, { type: K }> => e.type === type);
const cle = (versions: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  protocol: "kubernetes",
  nodes: 3,
  seed: 1,
  until: "60s",
  options: { coordinated: true, releaseOnCancel: false, versions },
  ...extra,
});

describe("kubernetes coordinated leader election", () => {
  it("key events of k8s-coordinated: during the rolling upgrade a 1.32 component leads until none is left", () => {
    const { trace, summary } = runScenario(presets["k8s-coordinated"].scenario);
    expect(summary.leaders.map((l) => l.node)).toEqual(["n2", "n3", "n3", "n2"]);
    const notes = of(trace, "note")
      .filter((e) => e.node === "store")
      .map((e) => e.note);
    expect(notes.find((n) => n.kind === "controller-preferred" && n.preferred === "n3")).toMatchObject({
      emulationVersion: "1.32",
    });
    expect(notes.find((n) => n.kind === "controller-set" && n.holder === "n3")).toMatchObject({
      expired: { holder: expect.any(String) },
    });
    expect(summary.leaders[3].from).toBeGreaterThan(92_000); // after the 1.32 n3 was upgraded
    expect(summary.violations).toEqual([]);
  });

  it("the oldest emulation version wins whatever the boot order; a newer first holder is preempted through preferredHolder", () => {
    let preempted = 0;
    for (let seed = 1; seed <= 12; seed++) {
      const { trace, summary } = runScenario(
        cle({ n1: "1.33", n2: "1.33", n3: "1.32" }, { seed, boot: "3s" }),
      );
      expect(summary.leaders.at(-1)!.node).toBe("n3");
      expect(summary.leaders.at(-1)!.to).toBeNull();
      expect(summary.overlap).toBe(0);
      if (summary.leaders.length > 1) {
        preempted++;
        expect(
          of(trace, "note").some((e) => e.note.kind === "controller-preferred" && e.note.preferred === "n3"),
        ).toBe(true);
      }
    }
    expect(preempted).toBeGreaterThan(0);
  });

  it("ties on emulation version go to the older binary, then to the candidate created first", () => {
    const bin = runScenario(
      cle(
        { n1: { binary: "1.33", emulation: "1.32" }, n2: { binary: "1.32", emulation: "1.32" }, n3: "1.33" },
        { boot: "2s" },
      ),
    );
    expect(bin.summary.leaders.at(-1)!.node).toBe("n2");
    const sim = createSimulation(cle({ n1: "1.33", n2: "1.33", n3: "1.33" }, { boot: "2s" })).run();
    const order = Object.entries((sim.state.store as StoreState).kv)
      .filter(([k]) => k.startsWith("/registry/leasecandidates/"))
      .sort((a, b) => a[1].createRev - b[1].createRev);
    expect(sim.summary().leaders.at(-1)!.node).toBe(order[0][0].split("/").pop());
  });

  it("the controller creates a 5 s Lease; the holder never creates it, and its renewals write its own lease duration", () => {
    const sim = createSimulation(cle({}));
    sim.runUntil(5);
    const created = (sim.state.store as StoreState).kv["/registry/leases/default/election"]?.value as
      { leaseDurationSeconds: number } | undefined;
    expect(created?.leaseDurationSeconds).toBe(5);
    sim.runUntil(10_000);
    const renewed = (sim.state.store as StoreState).kv["/registry/leases/default/election"].value as {
      leaseDurationSeconds: number;
    };
    expect(renewed.leaseDurationSeconds).toBe(15);
    expect(of(sim.trace, "send").filter((e) => e.kind === "Create")).toHaveLength(0);
  });

  it("the trace and the frame show both durations: the controller's 5 s, then the holder's own 15 s", () => {
    const sim = createSimulation(presets["k8s-coordinated"].scenario);
    sim.runUntil(5);
    const lease = () =>
      sim.frame().store!.keys.find((k) => k.key === "/registry/leases/default/election")!.value as {
        holderIdentity: string;
        leaseDurationSeconds: number;
      };
    expect(lease()).toMatchObject({ holderIdentity: "n2", leaseDurationSeconds: 5 });
    sim.runUntil(10_000);
    expect(lease()).toMatchObject({ holderIdentity: "n2", leaseDurationSeconds: 15 });
    const notes = of(sim.trace, "note");
    expect(notes.find((e) => e.node === "store" && e.note.kind === "controller-created")!.note).toMatchObject(
      { holder: "n2", leaseSeconds: 5 },
    );
    expect(notes.find((e) => e.node === "n2")!.note).toEqual({
      kind: "lease-duration",
      written: 5,
      mine: 15,
    });
    sim.run();
    const handover = of(sim.trace, "note").find(
      (e) => e.note.kind === "controller-set" && e.note.holder === "n3",
    )!;
    // the lapse waited out is the holder's 15 s; the controller writes its own 5 s
    expect(handover.note).toMatchObject({ leaseSeconds: 5, expired: { leaseSeconds: 15 } });
  });

  it("violations name the token honestly: resourceVersion under coordination, leaseTransitions without", () => {
    for (const [coordinated, name] of [
      [true, "resourceVersion"],
      [false, "leaseTransitions"],
    ] as const) {
      const w = createWorld(
        parseScenario({
          protocol: "kubernetes",
          nodes: 2,
          seed: 1,
          until: "1s",
          options: { coordinated, releaseOnCancel: false },
        }),
      );
      leaderStarted(w, 0, 7, 7);
      leaderStarted(w, 1, 7, 7);
      holderChanged(w, "n1", 7);
      holderChanged(w, "n2", 7);
      const details = w.s.mon.violations.filter((v) => v.property !== "overlap").map((v) => v.detail);
      expect(details).toEqual([
        `n2 leads with ${name} 7, already led by n1`,
        `new holder n2 got ${name} 7, not above the previous 7`,
      ]);
    }
  });

  it("the holder crashes: the controller judges expiry on its clock, pings the candidates, waits for acks, and names the next best", () => {
    const { trace, summary } = runScenario(
      cle(
        { n1: "1.31", n2: "1.32", n3: "1.33" },
        { until: "90s", boot: "2s", faults: [{ at: "30s", do: "crash", node: "leader" }] },
      ),
    );
    expect(summary.leaders.slice(-2).map((l) => l.node)).toEqual(["n1", "n2"]); // n1 (1.31), then the next oldest
    const set = of(trace, "note").find((e) => e.note.kind === "controller-set" && e.note.holder === "n2")!;
    expect(set.t - 30_000).toBeGreaterThan(15_000 - 2100); // the lease the holder last wrote: 15 s
    expect(
      of(trace, "note").some((e) => e.t > 30_000 && e.t < set.t && e.note.kind === "controller-pinged"),
    ).toBe(true);
  });
});
