// What each depth preset is meant to show, checked on the engine for the preset's own seed and,
// where the claim is about the mechanism rather than one run, over 20 seeds.
import { describe, expect, it } from "vitest";
import { presets, runScenario } from "./index.ts";

const preset = (name: string) => {
  const p = presets[name];
  if (!p) throw new Error(`no preset ${name}`);
  return p.scenario;
};
const run = (name: string, over: Record<string, unknown> = {}) => runScenario({ ...preset(name), ...over }, { trace: "full" });
const seeds = Array.from({ length: 20 }, (_, i) => i + 1);

describe("depth presets", () => {
  it("suspend-monotonic: the woken leader's clock says its lease is still good, so its late writes land", () => {
    const { summary } = run("suspend-monotonic");
    expect(summary.writes.staleAccepted).toBe(3);
    expect(summary.hazards.some((v) => v.property === "stale-write")).toBe(true);
  });

  it("suspend-monotonic-fenced: the same late writes are refused by the token check", () => {
    const { summary } = run("suspend-monotonic-fenced");
    expect(summary.writes.staleAccepted).toBe(0);
    expect(summary.writes.rejected).toBe(3);
  });

  it("a pause that the clock does count (a GC pause) lets the leader notice on waking: fewer late writes than the suspend", () => {
    const suspended = run("suspend-monotonic").summary.writes.staleAccepted;
    const sc = preset("suspend-monotonic") as { faults: unknown[] };
    const gc = runScenario({ ...sc, faults: [sc.faults[0]] }).summary.writes.staleAccepted;
    expect(gc).toBeLessThan(suspended);
  });

  it("raft-even-split: no node leads between the cut and the heal, for every seed", () => {
    for (const seed of seeds) {
      const { summary } = run("raft-even-split", { seed });
      // CheckQuorum makes the old leader step down within two election timeouts (600 ms) of the cut.
      const during = summary.leaders.filter((l) => (l.to ?? Infinity) > 1600 && l.from < 4000);
      expect(during, `seed ${seed}`).toEqual([]);
    }
  });

  it("raft-odd-split: a second after the cut the three-node side has a leader and the two-node side none, for every seed", () => {
    const at = (l: { from: number; to: number | null }, t: number) => l.from <= t && (l.to ?? Infinity) > t;
    for (const seed of seeds) {
      const { summary } = run("raft-odd-split", { seed });
      const leading = summary.leaders.filter((l) => at(l, 2000)).map((l) => l.node);
      expect(leading, `seed ${seed}`).toHaveLength(1);
      expect(["n3", "n4", "n5"], `seed ${seed}`).toContain(leading[0]);
    }
  });

  it("raft-figure16: after the crash exactly one of the two complete-log servers (n1 was the other) takes over", () => {
    const { summary } = run("raft-figure16");
    const after = summary.leaders.filter((l) => l.from > 1031);
    expect(after.map((l) => l.node)).toEqual(["n2"]);
  });

  it("shard-lease-crash: the blip moves nothing and the shard is held again within 5 s of the crash", () => {
    const { summary } = run("shard-lease-crash");
    expect(summary.leaders).toHaveLength(2);
    expect(summary.leaders[1].from).toBeGreaterThan(30_000);
    expect(summary.leaders[1].from).toBeLessThan(35_000);
  });

  it("renewal cost: a minute of a Kubernetes Lease sends more messages than a minute of an etcd lease", () => {
    const k8s = run("renewal-cost-k8s").summary.messages;
    const etcd = run("renewal-cost-etcd").summary.messages;
    expect(k8s).toBeGreaterThan(2 * etcd);
  });

  it("first steps: one leader; a crash and a new leader; the old leader back as a follower; a refused late write", () => {
    expect(run("first-leader").summary.leaders).toHaveLength(1);
    const crash = run("first-crash").summary;
    expect(crash.leaders).toHaveLength(2);
    expect(crash.leaders[1].node).not.toBe(crash.leaders[0].node);
    const back = run("first-new-term").summary;
    expect(back.leaders).toHaveLength(2);
    expect(back.leaders[1].to ?? null).toBeNull();
    const late = run("first-late-write").summary;
    expect(late.writes.rejected).toBeGreaterThan(0);
    expect(late.writes.staleAccepted).toBe(0);
  });
});
