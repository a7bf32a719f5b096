import { describe, expect, it } from "vitest";
import { presets, runScenario } from "../../index.ts";
import type { TraceEvent } from "../../core/trace.ts";

const of = <K extends TraceEvent["type"]>(trace: TraceEvent[], type: K) =>
  trace.filter((e): e is Extract<TraceEvent, { type: K }> => e.type === type);
const preset = (name: string) => presets[name].scenario as Record<string, unknown>;
const pair = (stonith: string, groups: string[][]) => ({
  protocol: "heartbeat",
  seed: 1,
  until: "30s",
  timing: { heartbeat: "1s", timeout: "5s", fence: "2s" },
  options: { stonith },
  faults: [{ at: "10s", do: "partition", groups }],
});

describe("heartbeat failover pair with STONITH", () => {
  it("key events of heartbeat-pair-partition: both declare the other dead, both shoot, both end down", () => {
    const { trace, summary } = runScenario(preset("heartbeat-pair-partition"));
    expect(of(trace, "leader-start").map((e) => [e.node, e.token])).toEqual([
      ["n1", 101],
      ["n2", 202],
    ]);
    const off = of(trace, "role").filter((e) => e.to === "crashed");
    expect(off.map((e) => e.node).sort()).toEqual(["n1", "n2"]);
    for (const e of off) expect(e.t - 14_000).toBeGreaterThanOrEqual(2000); // the fence device takes 2 s
    expect(of(trace, "leader-end").map((e) => e.reason)).toEqual([
      "powered off by STONITH from n2",
      "powered off by STONITH from n1",
    ]);
    expect(summary.hazards.map((v) => v.property)).toContain("overlap");
  });

  it("sre-file-server: with the power switch unreachable too, both serve as master and every shot is lost", () => {
    const { trace, summary } = runScenario(preset("sre-file-server"));
    expect(of(trace, "drop").filter((e) => e.kind === "PowerOff").length).toBeGreaterThanOrEqual(2);
    expect(of(trace, "role").some((e) => e.to === "crashed")).toBe(false);
    expect(summary.maxConcurrentLeaders).toBe(2);
    expect(summary.overlap).toBeGreaterThan(15_000);
    // Fencing at the storage is what limits the damage: the older master's writes bounce.
    expect(
      of(trace, "write").filter((w) => w.node === "n1" && w.result === "rejected").length,
    ).toBeGreaterThan(10);
    // When the network returns, the older epoch stands down.
    expect(summary.leaders.map((l) => [l.node, l.to === null])).toEqual([
      ["n1", false],
      ["n2", true],
    ]);
  });

  it('the default is Pacemaker\'s (stonith "confirm"): the standby takes over only after a confirmed fence, never both active', () => {
    const sc = { ...pair("confirm", [["n1"], ["n2"]]), options: {} };
    const { trace, summary } = runScenario(sc);
    expect(summary.maxConcurrentLeaders).toBe(1);
    expect(summary.overlap).toBe(0);
    // heartbeat-pair-partition turns the SRE book's "fire" on and has both active for 2 s.
    const fire = runScenario(preset("heartbeat-pair-partition")).summary;
    expect(fire.overlap).toBeGreaterThan(1900);
    // n2 never led before the device said n1 was off.
    const offN1 = of(trace, "role").find((e) => e.node === "n1" && e.to === "crashed")!;
    expect(of(trace, "leader-start").filter((e) => e.node === "n2" && e.t < offN1.t)).toEqual([]);
  });

  it("Pacemaker's rule (take over only once the fence device confirms): the same partition leaves both down but never both active", () => {
    const { trace, summary } = runScenario(pair("confirm", [["n1"], ["n2"]]));
    expect(summary.maxConcurrentLeaders).toBe(1);
    expect(of(trace, "role").filter((e) => e.to === "crashed")).toHaveLength(2);
  });

  it("STONITH done right: when only one side reaches the fence device, it shoots the other and alone takes over", () => {
    const { trace, summary } = runScenario(pair("confirm", [["n1"], ["n2", "store"]]));
    expect(
      of(trace, "role")
        .filter((e) => e.to === "crashed")
        .map((e) => e.node),
    ).toEqual(["n1"]);
    expect(summary.leaders.map((l) => l.node)).toEqual(["n1", "n2"]);
    expect(summary.overlap).toBe(0);
  });

  it("github-2012: load makes the active node miss heartbeats, the role bounces between the nodes, then the split leaves only the stale node leading", () => {
    const { summary } = runScenario(preset("github-2012"));
    expect(summary.leaders.map((l) => l.node)).toEqual(["n1", "n2", "n1", "n2"]);
    const stale = summary.leaders[3];
    expect(stale.from).toBeGreaterThan(50_000);
    expect(stale.from).toBeGreaterThanOrEqual(summary.leaders[2].to!); // one master at a time after the split
    expect(stale.to).toBe(66_000); // powered off
    expect(summary.hazards.filter((v) => v.property === "overlap" && v.at > 50_000)).toEqual([]);
    expect(summary.violations.filter((v) => v.at > 50_000)).toEqual([]);
  });

  it("stripe-2019: with two of five members stalled, the survivors cannot elect a primary until they return", () => {
    const { trace, summary } = runScenario(preset("stripe-2019"));
    const next = summary.leaders[1];
    expect(next.from).toBeGreaterThanOrEqual(30_000);
    expect(summary.leaderless).toBeGreaterThan(23_000);
    const terms = of(trace, "role").filter((e) => e.to === "candidate" && e.t > 6000 && e.t < 30_000);
    expect(terms.length).toBeGreaterThan(20); // term after term of failed elections
    expect(summary.violations).toEqual([]);
  });
});
