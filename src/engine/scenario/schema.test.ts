import { describe, expect, it } from "vitest";
import { parseScenario, ScenarioError } from "./schema.ts";
import { parseDuration } from "./duration.ts";

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
    const sc = parseScenario({ protocol: "etcd", timing: { ttl: "10s", renew: "3s" }, faults: [{ at: "20s", do: "crash", node: "leader" }] });
    expect(sc.nodes).toBe(3);
    expect(sc.until).toBe(60_000);
    expect(sc.timing).toEqual({ ttl: 10_000, renew: 3_000 });
    expect(sc.faults[0]).toEqual({ at: 20_000, do: "crash", node: "leader" });
    expect(sc.network).toEqual({ delay: 2, jitter: 1, loss: 0 });
    expect(sc.fencing).toBe("token");
    expect(sc.work.every).toBe(1000);
  });
  it("defaults every protocol's timing", () => {
    expect(parseScenario({ protocol: "raft" }).timing).toEqual({ electionTimeout: [150, 300], heartbeat: 50 });
    expect(parseScenario({ protocol: "kubernetes" }).timing).toEqual({ leaseDuration: 15_000, renewDeadline: 10_000, retryPeriod: 2_000 });
    expect(parseScenario({ protocol: "etcd" }).timing).toEqual({ ttl: 60_000, renew: 20_000 });
  });
  it("is idempotent on its own output", () => {
    const sc = parseScenario({ protocol: "raft", faults: [{ at: "1s", do: "partition", groups: [["n1"], ["n2", "n3"]], for: "2s" }] });
    expect(parseScenario(sc)).toEqual(sc);
  });
  it.each([
    [[1, 2], "a scenario must be a JSON object"],
    [{}, "protocol: is required"],
    [{ protocol: "paxos" }, 'protocol: unknown protocol "paxos" (expected one of raft, etcd, kubernetes, bully, ring, zab, zookeeper, database, heartbeat)'],
    [{ protocol: "raft", nodes: 0 }, "nodes: must be at least 1"],
    [{ protocol: "raft", nodes: 2.5 }, "nodes: must be a whole number"],
    [{ protocol: "raft", until: "soon" }, 'until: invalid duration "soon"'],
    [{ protocol: "raft", until: -5 }, "until: must be a non-negative number of milliseconds, got -5"],
    [{ protocol: "raft", colour: "red" }, 'unknown field "colour"'],
    [{ protocol: "raft", network: { loss: 1.5 } }, "network.loss: loss must be below 1"],
    [{ protocol: "raft", timing: { ttl: "10s" } }, 'timing: unknown field "ttl"'],
    [{ protocol: "raft", timing: { electionTimeout: [300, 150] } }, "timing.electionTimeout[1]: maximum (150 ms) is below minimum (300 ms)"],
    [{ protocol: "raft", timing: { electionTimeout: [100, 200], heartbeat: 100 } }, "timing.heartbeat: must be less than the minimum election timeout"],
    [{ protocol: "etcd", timing: { ttl: "2s", renew: "3s" } }, "timing.renew: must be less than timing.ttl (2000 ms)"],
    [{ protocol: "kubernetes", timing: { leaseDuration: "10s", renewDeadline: "10s" } }, "timing.leaseDuration: leaseDuration must be greater than renewDeadline"],
    [{ protocol: "kubernetes", timing: { renewDeadline: "2s" } }, "timing.renewDeadline: renewDeadline must be greater than retryPeriod*JitterFactor"],
    [{ protocol: "raft", faults: [{ at: "1s", do: "explode", node: "n1" }] }, 'faults[0].do: unknown fault "explode"'],
    [{ protocol: "raft", faults: [{ at: "1s", do: "crash", node: "n7" }] }, 'faults[0].node: node "n7" does not exist (nodes are n1..n5 or "leader")'],
    [{ protocol: "raft", faults: [{ at: "1s", do: "crash" }] }, "faults[0].node: is required"],
    [{ protocol: "raft", faults: [{ at: "1s", do: "pause", node: "n1" }] }, "faults[0].for: is required"],
    [{ protocol: "raft", faults: [{ at: "1s", do: "pause", node: "n1", for: "0s" }] }, "faults[0].for: must be greater than 0"],
    [{ protocol: "raft", until: "5s", faults: [{ at: "6s", do: "heal" }] }, "faults[0].at: 6000 ms is after the end of the run (until 5000 ms)"],
    [{ protocol: "raft", faults: [{ at: "1s", do: "partition", groups: [["n1"], ["n1", "n2"]] }] }, 'faults[0].groups[1][0]: "n1" appears in more than one group'],
    [{ protocol: "raft", faults: [{ at: "1s", do: "clock", node: "n1" }] }, 'faults[0]: a clock fault needs "drift" (ppm) or "step" (ms)'],
    [{ protocol: "raft", faults: [{ at: "1s", do: "crash", node: "store" }] }, 'faults[0].node: node "store" does not exist'],
    [{ protocol: "raft", faults: [{ at: "1s", do: "slow", node: "n1", factor: 0.5 }] }, "faults[0].factor: factor must be at least 1"],
  ])("refuses %j", (json, msg) => {
    expect(err(json)).toContain(msg);
  });
});
