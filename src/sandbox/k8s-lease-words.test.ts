// Kubernetes words true to client-go (review 14b #4): the API server never counts a Lease down;
// the leader stops by its own clock and each candidate judges expiry by its own clock from when
// it last saw the record change (client-go tools/leaderelection/leaderelection.go observedTime,
// isLeaseValid). etcd's lease IS counted by the server (lessor.go), and its words say so.
import { describe, expect, it } from "vitest";
import { createSimulation, presets } from "../engine/index.ts";
import { readout } from "./ui/NodeReadout.tsx";
import { ringDetails } from "./ui/RingKeys.tsx";

describe("who counts a lease, in words", () => {
  it("a Kubernetes leader's lease is its own clock's, never 'the store's'", () => {
    const sim = createSimulation(presets["k8s-apiserver-cut"].scenario);
    sim.runUntil(5000);
    const f = sim.frame();
    const leader = f.nodes.find((n) => n.role === "leader")!;
    const text = readout(leader, f);
    expect(text).toMatch(
      / · lease: [\d.]+ s left by its own clock \(the API server keeps the record but never counts it down\)$/,
    );
    expect(text).not.toMatch(/store's/);
  });
  it("the Kubernetes ring key says whose clock, and never that the API server counts", () => {
    const k = ringDetails("apiserver");
    expect(k.inner).toMatch(/on its own clock/);
    expect(k.inner).toMatch(/never counts the Lease down/);
    expect(`${k.inner} ${k.outer}`).not.toMatch(/API server (still )?(keeps the lease|counts)/);
    expect(k.outer).toMatch(/election controller/);
  });
  it("etcd's lease is counted by etcd, and its words keep saying so", () => {
    expect(ringDetails("etcd").outer).toMatch(/etcd still keeps the lease/);
    const sim = createSimulation(presets["billing-crash"].scenario);
    sim.runUntil(5000);
    const f = sim.frame();
    const leader = f.nodes.find((n) => n.role === "leader")!;
    expect(readout(leader, f)).toMatch(/lease: its own view [\d.]+ s left, the store's [\d.]+ s left/);
  });
});
