// The search finds what the issue says a learner should be able to break, shrinks it to at
// most two faults, and the shrunk scenario, replayed as an ordinary scenario, breaks it again.
import { describe, expect, it } from "vitest";
import { parseScenario, presets, runScenario } from "../index.ts";
import { failureOf, parseProperty, search, type SearchSpec } from "./index.ts";
import { nodesNamed } from "./shrink.ts";
import { judge, prepare } from "./prepare.ts";

function findAndReplay(spec: SearchSpec) {
  const o = search(spec);
  expect(o.found, `no schedule broke ${spec.property}`).toBe(true);
  expect(o.tried).toBeLessThanOrEqual(2000);
  const shrunk = o.shrunk!;
  expect(shrunk.faults.length).toBeLessThanOrEqual(2);
  expect(shrunk.steps).toBeGreaterThan(0);
  // The counterexample is an ordinary scenario: it parses, and running it breaks the property.
  const sc = parseScenario(o.counterexample);
  expect(sc.faults).toHaveLength(shrunk.faults.length);
  const { trace, summary } = runScenario(o.counterexample);
  expect(failureOf(parseProperty(spec.property), summary, trace)).not.toBeNull();
  // Locally smallest: without any one of its faults it no longer fails.
  const p = prepare(spec);
  for (let i = 0; i < shrunk.faults.length; i++) {
    expect(
      judge(
        p,
        shrunk.faults.filter((_, j) => j !== i),
      ),
      `fault ${i} is not needed`,
    ).toBeNull();
  }
  return o;
}

const scenario = (name: string) => presets[name].scenario;

describe("search finds and shrinks", () => {
  it("two coordinators for bully under a partition", () => {
    const o = findAndReplay({
      scenario: scenario("bully-basic"),
      property: "overlap",
      budget: { faults: ["partition"] },
    });
    expect(o.shrunk!.faults.map((f) => f.do)).toEqual(["partition"]);
    expect(o.shrunk!.failure.detail).toMatch(/2 nodes believe they lead/);
  });

  it("two coordinators for ring under a partition", () => {
    const o = findAndReplay({
      scenario: scenario("ring-basic"),
      property: "overlap",
      budget: { faults: ["partition"] },
    });
    expect(o.shrunk!.faults.every((f) => f.do === "partition")).toBe(true);
  });

  it("both nodes of the heartbeat pair active under a partition", () => {
    findAndReplay({
      scenario: scenario("heartbeat-pair-partition"),
      property: "overlap",
      budget: { faults: ["partition"] },
    });
  });

  it("both nodes of the heartbeat pair down (STONITH both ways) under a partition", () => {
    const o = findAndReplay({
      scenario: scenario("heartbeat-pair-partition"),
      property: "leaderless:10",
      budget: { faults: ["partition"] },
    });
    expect(o.shrunk!.failure.detail).toMatch(/until the end of the run/);
  });

  it(
    "the default budget breaks default etcd (TTL 60 s, no self-demotion) with fencing off: spans reach past the TTL",
    { timeout: 120_000 },
    () => {
      const o = findAndReplay({
        scenario: { protocol: "etcd", fencing: "none", until: "180s" },
        property: "stale-write",
      });
      // The lease must run out at etcd while its holder still believes: a stop longer than the
      // TTL less a keepalive period, which the old 20 s cap on spans never allowed.
      const long = o.shrunk!.faults.find((f) => f.for !== undefined && f.for > 20_000);
      expect(long).toBeDefined();
    },
  );

  it("overlap for an etcd lease once a pause longer than the margin is allowed", () => {
    const o = findAndReplay({
      scenario: scenario("billing-gc-long-ttl"),
      property: "overlap",
      budget: { faults: [{ kind: "pause", max: 15_000 }] },
    });
    const pause = o.shrunk!.faults[0];
    expect(pause.do).toBe("pause");
    // TTL 10 s kept alive about every 3.5 s (clientv3's cadence): the lease outlives any pause
    // shorter than the TTL minus that cadence, 6.5 s, the bound the tuning lesson states.
    expect(pause.for).toBeGreaterThan(7000);
  });

  it("one pause shorter than TTL minus the renewal period never makes the etcd lease overlap", () => {
    // (Two such pauses back to back can: the search finds that with maxFaults above 1.)
    const o = search({
      scenario: scenario("billing-gc-long-ttl"),
      property: "overlap",
      budget: { schedules: 300, maxFaults: 1, faults: [{ kind: "pause", max: 6_500 }] },
    });
    expect(o.found).toBe(false);
    expect(o.tried).toBe(300);
  });

  it("a stale write accepted with fencing off", () => {
    const o = findAndReplay({ scenario: scenario("fencing-off"), property: "stale-write" });
    expect(o.shrunk!.failure.detail).toMatch(/was applied after token/);
  });

  it("a lower token applied after a higher one, with fencing off", () => {
    findAndReplay({
      scenario: { ...scenario("billing-crash"), fencing: "none" },
      property: "fencing-monotonic",
    });
  });

  it("shrinking is deterministic and prefers fewer nodes", () => {
    const spec: SearchSpec = {
      scenario: scenario("bully-basic"),
      property: "overlap",
      budget: { faults: ["partition"] },
      seed: 7,
    };
    const a = search(spec);
    const b = search(spec);
    expect(b).toEqual(a);
    // Two sides of one node each would do; the shrinker took members out of the sides.
    expect(nodesNamed(a.shrunk!.faults).size).toBeLessThan(5);
  });

  it("different search seeds draw different schedules", () => {
    const spec = (seed: number): SearchSpec => ({
      scenario: scenario("billing-gc-long-ttl"),
      property: "overlap",
      budget: { faults: [{ kind: "pause", max: 15_000 }] },
      seed,
    });
    expect(search(spec(1)).original).not.toEqual(search(spec(2)).original);
  });
});
