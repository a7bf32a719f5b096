import { describe, expect, it } from "vitest";
import { parseScenario, PROTOCOLS, ScenarioError } from "./schema.ts";
import { parseDuration } from "../validate/duration.ts";

function err(json: unknown): string {
  try {
    parseScenario(json);
  } catch (e) {
    expect(e).toBeInstanceOf(ScenarioError);
    return (e as Error).message;
  }
  throw new Error("expected a ScenarioError");
}

describe("durations", () => {
  it("parses numbers and unit strings", () => {
    expect(parseDuration(250)).toBe(250);
    expect(parseDuration("250ms")).toBe(250);
    expect(parseDuration("10s")).toBe(10_000);
    expect(parseDuration("2m")).toBe(120_000);
    expect(parseDuration("1.5s")).toBe(1500);
    expect(parseDuration("500")).toBe(500);
    expect(parseDuration("-1s")).toBeNull();
    expect(parseDuration("ten seconds")).toBeNull();
    expect(parseDuration(-5)).toBeNull();
  });
});

describe("parseScenario", () => {
  it("fills defaults and converts durations to ms", () => {
    const sc = parseScenario({
      protocol: "etcd",
      timing: { ttl: "10s", renew: "3s" },
      faults: [{ at: "20s", do: "crash", node: "leader" }],
    });
    expect(sc.nodes).toBe(3);
    expect(sc.until).toBe(60_000);
    expect(sc.timing).toEqual({ ttl: 10_000, renew: 3_000 });
    expect(sc.faults[0]).toEqual({ at: 20_000, do: "crash", node: "leader" });
    expect(sc.network).toEqual({ delay: 2, jitter: 1, loss: 0 });
    expect(sc.fencing).toBe("token");
    expect(sc.work.every).toBe(1000);
  });
  it("defaults every protocol's timing", () => {
    expect(parseScenario({ protocol: "raft" }).timing).toEqual({
      electionTimeout: [150, 300],
      heartbeat: 50,
    });
    expect(parseScenario({ protocol: "kubernetes" }).timing).toEqual({
      leaseDuration: 15_000,
      renewDeadline: 10_000,
      retryPeriod: 2_000,
    });
    expect(parseScenario({ protocol: "etcd" }).timing).toEqual({ ttl: 60_000, renew: 20_000 });
  });
  it("is idempotent on its own output", () => {
    const sc = parseScenario({
      protocol: "raft",
      faults: [{ at: "1s", do: "partition", groups: [["n1"], ["n2", "n3"]], for: "2s" }],
    });
    expect(parseScenario(sc)).toEqual(sc);
  });
  it.each([
    [[1, 2], "a scenario must be a JSON object"],
    [{}, "protocol: is required"],
    [{ protocol: "paxos" }, `protocol: unknown protocol "paxos" (expected one of ${PROTOCOLS.join(", ")})`],
    [{ protocol: "raft", nodes: 0 }, "nodes: must be at least 1"],
    [{ protocol: "raft", nodes: 2.5 }, "nodes: must be a whole number"],
    [{ protocol: "raft", until: "soon" }, 'until: invalid duration "soon"'],
    [{ protocol: "raft", until: -5 }, "until: must be a non-negative number of milliseconds, got -5"],
    [{ protocol: "raft", colour: "red" }, 'unknown field "colour"'],
    [{ protocol: "raft", network: { loss: 1.5 } }, "network.loss: loss must be below 1"],
    [{ protocol: "raft", timing: { ttl: "10s" } }, 'timing: unknown field "ttl"'],
    [
      { protocol: "raft", timing: { electionTimeout: [300, 150] } },
      "timing.electionTimeout[1]: maximum (150 ms) is below minimum (300 ms)",
    ],
    [
      { protocol: "raft", timing: { electionTimeout: [100, 200], heartbeat: 100 } },
      "timing.heartbeat: must be less than the minimum election timeout",
    ],
    [
      { protocol: "etcd", timing: { ttl: "2s", renew: "3s" } },
      "timing.renew: must be less than timing.ttl (2000 ms)",
    ],
    [
      { protocol: "kubernetes", timing: { leaseDuration: "10s", renewDeadline: "10s" } },
      "timing.leaseDuration: leaseDuration must be greater than renewDeadline",
    ],
    [
      { protocol: "kubernetes", timing: { renewDeadline: "2s" } },
      "timing.renewDeadline: renewDeadline must be greater than retryPeriod*JitterFactor",
    ],
    [
      { protocol: "raft", faults: [{ at: "1s", do: "explode", node: "n1" }] },
      'faults[0].do: unknown fault "explode"',
    ],
    [
      { protocol: "raft", faults: [{ at: "1s", do: "crash", node: "n7" }] },
      'faults[0].node: node "n7" does not exist (nodes are n1..n5 or "leader")',
    ],
    [{ protocol: "raft", faults: [{ at: "1s", do: "crash" }] }, "faults[0].node: is required"],
    [{ protocol: "raft", faults: [{ at: "1s", do: "pause", node: "n1" }] }, "faults[0].for: is required"],
    [
      { protocol: "raft", faults: [{ at: "1s", do: "pause", node: "n1", for: "0s" }] },
      "faults[0].for: must be greater than 0",
    ],
    [
      { protocol: "raft", until: "5s", faults: [{ at: "6s", do: "heal" }] },
      "faults[0].at: 6000 ms is after the end of the run (until 5000 ms)",
    ],
    [
      { protocol: "raft", faults: [{ at: "1s", do: "partition", groups: [["n1"], ["n1", "n2"]] }] },
      'faults[0].groups[1][0]: "n1" appears in more than one group',
    ],
    [
      { protocol: "raft", faults: [{ at: "1s", do: "clock", node: "n1" }] },
      'faults[0]: a clock fault needs "drift" (ppm) or "step" (ms)',
    ],
    [
      { protocol: "raft", faults: [{ at: "1s", do: "crash", node: "store" }] },
      'faults[0].node: node "store" does not exist',
    ],
    [
      { protocol: "raft", faults: [{ at: "1s", do: "slow", node: "n1", factor: 0.5 }] },
      "faults[0].factor: factor must be at least 1",
    ],
  ])("refuses %j", (json, msg) => {
    expect(err(json)).toContain(msg);
  });
});

describe("parseScenario: the protocols beyond raft, etcd and kubernetes", () => {
  it("defaults every protocol's timing and options", () => {
    expect(parseScenario({ protocol: "bully" }).timing).toEqual({ answer: 20, coordinator: 60, ping: 100 });
    expect(parseScenario({ protocol: "ring", options: { ring: "ascending" } }).options).toEqual({
      ring: ["n1", "n2", "n3", "n4", "n5"],
      initiators: null,
    });
    expect(parseScenario({ protocol: "zab" }).timing).toEqual({
      tickTime: 2000,
      initLimit: 10,
      syncLimit: 5,
      finalizeWait: 200,
      maxNotificationInterval: 60_000,
      snapshotWrite: 120,
      epochWrite: 10,
      serverStartup: 40,
    });
    expect(parseScenario({ protocol: "zookeeper" })).toMatchObject({
      nodes: 3,
      timing: { tickTime: 2000, sessionTimeout: 10_000 },
      options: { watch: "predecessor", path: "/election" },
    });
    expect(parseScenario({ protocol: "database" }).timing).toEqual({ ttl: 15_000, renew: 5000, poll: 2000 });
    expect(parseScenario({ protocol: "heartbeat" })).toMatchObject({
      nodes: 2,
      timing: { heartbeat: 2000, timeout: 30_000, fence: 2000 },
      options: { stonith: "confirm", primary: "n1" },
    });
    expect(
      parseScenario({ protocol: "kubernetes", options: { coordinated: true, versions: { n2: "1.32" } } })
        .options,
    ).toMatchObject({
      coordinated: true,
      versions: { n1: [{ binary: "1.33", emulation: "1.33" }], n2: [{ binary: "1.32", emulation: "1.32" }] },
    });
    // Plain client-go scenarios normalise exactly as before.
    expect(Object.keys(parseScenario({ protocol: "kubernetes" }).options)).toEqual([
      "checkBeforeWrite",
      "releaseOnCancel",
      "requestTimeout",
    ]);
  });
  it("a random ring is a seeded shuffle, fixed once normalised", () => {
    const a = parseScenario({ protocol: "ring", seed: 7 });
    expect([...(a.options as { ring: string[] }).ring].sort()).toEqual(["n1", "n2", "n3", "n4", "n5"]);
    expect(parseScenario({ protocol: "ring", seed: 7 }).options).toEqual(a.options);
    expect(parseScenario(a)).toEqual(a);
  });
  it("a ZooKeeper session timeout outside 2..20 ticks is the server's to clamp, not a scenario error", () => {
    expect(parseScenario({ protocol: "zookeeper", timing: { sessionTimeout: "1s" } }).timing).toEqual({
      tickTime: 2000,
      sessionTimeout: 1000,
    });
  });
  it.each([
    [
      { protocol: "bully", timing: { answer: "50ms", coordinator: "40ms" } },
      "timing.coordinator: must be greater than timing.answer (50 ms)",
    ],
    [
      { protocol: "bully", options: { detectors: ["n9"] } },
      'options.detectors[0]: node "n9" does not exist (nodes are n1..n5)',
    ],
    [
      { protocol: "ring", options: { ring: ["n1", "n2"] } },
      "options.ring: must list every node exactly once (5 nodes)",
    ],
    [
      { protocol: "ring", timing: { round: "10ms" } },
      "timing.round: must be greater than timing.answer (20 ms)",
    ],
    [
      { protocol: "zab", options: { histories: [[1, 2]] } },
      "options.histories: needs one [epoch, counter] per node (5), got 1",
    ],
    [{ protocol: "zab", timing: { initLimit: 0 } }, "timing.initLimit: must be at least 1 tick"],
    [{ protocol: "zab", timing: { syncLimit: 2.5 } }, "timing.syncLimit: must be a whole number of ticks"],
    [{ protocol: "zookeeper", options: { watch: "everyone" } }, "options.watch: "],
    [
      { protocol: "zookeeper", options: { path: "election" } },
      'options.path: must be an absolute znode path such as "/election"',
    ],
    [
      { protocol: "database", timing: { ttl: "5s", renew: "5s" } },
      "timing.renew: must be less than timing.ttl (5000 ms)",
    ],
    [
      { protocol: "database", options: { margin: "20s" } },
      "options.margin: must be less than timing.ttl (15000 ms)",
    ],
    [{ protocol: "heartbeat", nodes: 3 }, "nodes: the heartbeat pair has exactly 2 nodes, got 3"],
    [
      { protocol: "heartbeat", timing: { heartbeat: "2s", timeout: "1s" } },
      "timing.timeout: must be greater than timing.heartbeat (2000 ms)",
    ],
    [
      { protocol: "heartbeat", options: { primary: "n3" } },
      'options.primary: node "n3" does not exist (nodes are n1..n2)',
    ],
    [
      { protocol: "kubernetes", options: { versions: { n1: "1.32" } } },
      "options.versions: only means something with options.coordinated: true",
    ],
    [
      { protocol: "kubernetes", options: { coordinated: true, versions: { n1: "latest" } } },
      'options.versions.n1: "latest" is not a version such as "1.33"',
    ],
    [
      { protocol: "kubernetes", options: { coordinated: true, versions: { n4: "1.32" } } },
      'options.versions.n4: node "n4" does not exist',
    ],
    [
      { protocol: "raft", fencing: "sequencer" },
      'fencing: "sequencer" needs a lock service to ask, and raft has none',
    ],
  ])("refuses %j", (json, msg) => {
    expect(err(json)).toContain(msg);
  });
});
