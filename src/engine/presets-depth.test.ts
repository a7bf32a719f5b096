// What each depth preset is meant to show, checked on the engine for the preset's own seed and,
// where the claim is about the mechanism rather than one run, over 20 seeds.
import { describe, expect, it } from "vitest";
import { presets, runScenario, type TraceEvent } from "./index.ts";

const preset = (name: string) => {
  const p = presets[name];
  if (!p) throw new Error(`no preset ${name}`);
  return p.scenario;
};
const run = (name: string, over: Record<string, unknown> = {}) =>
  runScenario({ ...preset(name), ...over }, { trace: "full" });
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
  // The guided first ten minutes (/start): each run shows its screen's one idea and nothing else.
  const candidacies = (trace: TraceEvent[]) =>
    trace.flatMap((e) =>
      e.type === "role" && e.to === "candidate" ? [{ node: e.node, term: e.term, t: e.t }] : [],
    );

  it("start-leader and start-heartbeats: one election, one leader, nobody stands again while it sends heartbeats", () => {
    for (const name of ["start-leader", "start-heartbeats"]) {
      const { trace, summary } = run(name);
      expect(summary.leaders, name).toHaveLength(1);
      expect(summary.leaders[0].to, name).toBeNull();
      expect(candidacies(trace), name).toHaveLength(1);
      // Slow enough to see at normal speed: the first leader after a second, not in a blink.
      expect(summary.leaders[0].from, name).toBeGreaterThan(1000);
    }
  });

  it("start-crash and start-term: the crash leads to one clean election (no split vote) in term 2", () => {
    for (const name of ["start-crash", "start-term"]) {
      const { trace, summary } = run(name);
      expect(
        summary.leaders.map((l) => l.token),
        name,
      ).toEqual([1, 2]);
      expect(summary.leaders[1].node).not.toBe(summary.leaders[0].node);
      expect(
        candidacies(trace).map((c) => c.term),
        name,
      ).toEqual([1, 2]);
    }
    // The old leader restarts in term 1 and follows the leader of term 2.
    const { trace, summary } = run("start-term");
    const old = summary.leaders[0].node;
    const back = trace.find((e) => e.type === "role" && e.node === old && e.from === "crashed");
    expect(back && back.type === "role" ? back.term : null).toBe(1);
    const raised = trace.find((e) => e.type === "term" && e.node === old && e.t > 6500);
    expect(raised && raised.type === "term" ? raised.to : null).toBe(2);
    expect(summary.leaders[1].to).toBeNull();
  });

  it("start-majority: the side of three keeps its leader; the side of two stands again and again and never wins", () => {
    const { trace, summary } = run("start-majority");
    expect(summary.leaders).toHaveLength(1);
    expect(["n1", "n2", "n3"]).toContain(summary.leaders[0].node);
    const minority = candidacies(trace).filter((c) => c.t > 3000);
    expect(minority.length).toBeGreaterThanOrEqual(3);
    expect(new Set(minority.map((c) => c.node))).toEqual(new Set(["n4", "n5"]));
  });

  it("start-lease: after the holder crashes, nobody takes the lease until its ttl has run out", () => {
    const { summary } = run("start-lease");
    expect(summary.leaders).toHaveLength(2);
    expect(summary.leaders[0].to).toBe(4000);
    // Renewed at about 2 s, so the row runs out at about 8 s: not before, and soon after.
    expect(summary.leaders[1].from).toBeGreaterThan(7900);
    expect(summary.leaders[1].from).toBeLessThan(9500);
    expect(summary.leaders[1].token).toBe(2);
  });

  it("start-late-write: the woken leader's write carries term 1 and is refused; nothing stale is accepted", () => {
    const { trace, summary } = run("start-late-write");
    expect(summary.leaders.map((l) => l.token)).toEqual([1, 2]);
    expect(summary.writes.rejected).toBeGreaterThan(0);
    expect(summary.writes.staleAccepted).toBe(0);
    const refused = trace.filter((e) => e.type === "write" && e.result !== "accepted");
    expect(
      refused.every((e) => e.type === "write" && e.node === summary.leaders[0].node && e.token === 1),
    ).toBe(true);
    expect(candidacies(trace).map((c) => c.term)).toEqual([1, 2]);
  });

  it("start-split-vote: two candidates split term 1 two votes each, nobody leads it, and a single candidate wins term 2", () => {
    const { trace, summary } = run("start-split-vote");
    const c = candidacies(trace);
    expect(c.filter((x) => x.term === 1)).toHaveLength(2);
    const votes = trace.filter((e) => e.type === "vote" && e.term === 1 && e.granted);
    const tally = new Map<string, number>();
    for (const v of votes) if (v.type === "vote") tally.set(v.candidate, (tally.get(v.candidate) ?? 0) + 1);
    expect([...tally.values()]).toEqual([2, 2]);
    expect(summary.leaders.map((l) => l.token)).toEqual([2]);
    // A candidate that stands again stays a candidate (no role change): its vote for itself is
    // the start of its election (raft.go campaign). Term 2 has one.
    const standing = trace.filter(
      (e) => e.type === "vote" && e.term === 2 && e.candidate === e.node && !e.pre,
    );
    expect(standing).toHaveLength(1);
  });

  it("start-your-turn: pausing the leader at any moment once it leads gives a new leader and refuses its late write", () => {
    const sc = preset("start-your-turn") as Record<string, unknown>;
    expect(runScenario(sc).summary.leaders).toHaveLength(1);
    for (const at of ["1.5s", "2.3s", "4.05s", "9.7s", "20s"]) {
      const { summary } = runScenario({
        ...sc,
        until: "30s",
        faults: [{ at, do: "pause", node: "leader", for: "4s" }],
      });
      expect(summary.leaders.length, at).toBe(2);
      expect(summary.leaders[1].token, at).toBe(2);
      expect(summary.writes.rejected, at).toBeGreaterThan(0);
      expect(summary.writes.staleAccepted, at).toBe(0);
    }
  });
});
