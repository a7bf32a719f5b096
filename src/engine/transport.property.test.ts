// The connection transport (core/connection.ts) over random schedules of cuts, loss and delay:
// while a connection lives nothing on it is lost and nothing overtakes; every break one end
// makes is seen by the other within that system's own timeout; runs stay deterministic, also
// across a snapshot taken while bytes are held by a cut.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { createSimulation, presets, resumeSimulation, SPECS, type TraceEvent } from "./index.ts";
import { faultArb, network } from "./testing/arbitraries.ts";
import type { ProtocolName } from "./scenario/schema.ts";

/** Faults that break no process and no store: cuts, loss, delay, and (unless timers must run on
 *  time) a slow process, whose timers also fire late. */
const NETWORK_ONLY = new Set(["isolate", "partition", "heal", "network", "slow"]);
function networkFaults(protocol: ProtocolName, nodes: number, until: number, slow: boolean) {
  return fc.array(
    faultArb(protocol, nodes, until).filter(
      (f) => NETWORK_ONLY.has((f as { do: string }).do) && (slow || (f as { do: string }).do !== "slow"),
    ),
    { maxLength: 8 },
  );
}

function scenario(protocol: ProtocolName, until: number, timing: Record<string, unknown> = {}, slow = true) {
  return fc.integer({ min: 1, max: 4 }).chain((nodes) =>
    fc.record({
      protocol: fc.constant(protocol),
      nodes: fc.constant(nodes),
      seed: fc.integer(),
      until: fc.constant(until),
      network,
      timing: fc.constant(timing),
      work: fc.record({ every: fc.integer({ min: 0, max: 1000 }) }),
      faults: networkFaults(protocol, nodes, until, slow),
    }),
  );
}

type Sent = { id: number; from: string; to: string };

describe("connections: nothing lost, nothing reordered while they live", () => {
  // etcd's stream and client-go's HTTP/2 connection break only on a dead process or (client-go)
  // after 45 s of silence, longer than these runs: every connection here survives.
  it.each(["etcd", "kubernetes", "database"] as const)(
    "%s: every byte sent is delivered in order, or still on its way when the run ends",
    (protocol) => {
      fc.assert(
        fc.property(scenario(protocol, 15_000), (sc) => {
          const sim = createSimulation(sc);
          sim.run();
          const trace = sim.trace as TraceEvent[];
          expect(trace.filter((e) => e.type === "drop").map((e) => (e as { reason: string }).reason)).toEqual(
            [],
          );
          expect(trace.filter((e) => e.type === "conn" && e.op === "close")).toEqual([]);
          const sent = new Map<number, Sent>();
          // (The fenced resource answers no deliver event of its own; its writes are counted apart.)
          for (const e of trace)
            if ((e.type === "send" || e.type === "stall") && e.to !== "resource")
              sent.set(e.id, { id: e.id, from: e.from, to: e.to });
          const delivered = new Set<number>();
          const lastOn: Record<string, number> = {};
          for (const e of trace) {
            if (e.type !== "deliver") continue;
            const link = `${e.from}>${e.to}`;
            expect(e.id).toBeGreaterThan(lastOn[link] ?? 0); // in order: ids grow per link
            lastOn[link] = e.id;
            delivered.add(e.id);
          }
          // What is not delivered is still queued, held by a cut, or waiting in a paused process.
          const pending = new Set<number>();
          for (const q of sim.state.queue.ev) if (q.type === "msg") pending.add(q.id);
          for (const list of Object.values(sim.state.net.stalled ?? {}))
            for (const m of list) pending.add(m.id);
          for (const id of sent.keys()) if (!delivered.has(id)) expect(pending.has(id)).toBe(true);
        }),
        { numRuns: 120, seed: 14 },
      );
    },
  );
});

/** Each end's connection value over time, from the trace's conn events. */
function endAt(trace: TraceEvent[], node: string, peer: string, t: number): number {
  let v = 0;
  for (const e of trace) {
    if (e.t > t) break;
    if (e.type === "conn" && e.node === node && e.peer === peer) v = e.op === "open" ? e.conn : -e.conn;
  }
  return v;
}

describe("connections: a break is seen by both ends within the system's timeout", () => {
  it("ZooKeeper: a client's read timeout (2T/3) or the server's session expiry (T) closes one end; the other has let go of it within T + a tick", () => {
    let closes = 0;
    fc.assert(
      fc.property(scenario("zookeeper", 40_000, { tickTime: 500, sessionTimeout: 3000 }, false), (sc) => {
        const sim = createSimulation(sc);
        sim.run();
        const trace = sim.trace as TraceEvent[];
        const maxDelay = 30 + 30 + 2 * 10; // fault and base delay + jitter, both ways
        const bound = 3000 + 500 + maxDelay;
        let checked = 0;
        for (const e of trace) {
          if (e.type !== "conn" || e.op !== "close" || e.cause !== "timeout") continue;
          if (e.t + bound >= sc.until) continue;
          // The other end dropped it (or took a newer connection in its place) by then.
          expect(endAt(trace, e.peer, e.node, e.t + bound)).not.toBe(e.conn);
          checked++;
        }
        closes += checked;
      }),
      { numRuns: 120, seed: 1402 },
    );
    expect(closes).toBeGreaterThan(50); // the schedules really do break connections
  });

  it("ZooKeeper: a client cut off past its session timeout sees its connection close by its own read timeout, and the server closes its end at expiry", () => {
    const sim = createSimulation({
      protocol: "zookeeper",
      nodes: 2,
      seed: 3,
      until: "30s",
      faults: [{ at: "5s", do: "isolate", node: "n2", for: "15s" }],
    });
    sim.run();
    const trace = sim.trace as TraceEvent[];
    const closes = trace.filter(
      (e): e is Extract<TraceEvent, { type: "conn" }> =>
        e.type === "conn" && e.op === "close" && e.t > 5000 && e.t < 20_000,
    );
    const client = closes.find((e) => e.node === "n2" && e.peer === "store")!;
    const server = closes.find((e) => e.node === "store" && e.peer === "n2")!;
    expect(client.cause).toBe("timeout");
    expect(server.cause).toBe("timeout");
    // readTimeout = 2/3 of the 10 s session timeout after the last packet; the server at T.
    expect(client.t - 5000).toBeLessThanOrEqual(6667 + 10);
    expect(server.t - 5000).toBeLessThanOrEqual(10_000 + 2000 + 10);
    expect(server.t).toBeGreaterThan(client.t);
  });
});

describe("connections: deterministic, also across a snapshot taken while a cut holds bytes", () => {
  const names = Object.keys(presets).filter(
    (n) => SPECS[presets[n].scenario.protocol as ProtocolName].transport.kind === "connection",
  );
  it.each(names)("%s", (name) => {
    const sc = structuredClone(presets[name].scenario);
    const a = createSimulation(sc).run();
    const half = createSimulation(structuredClone(sc));
    half.runUntil(half.scenario.until / 2);
    const b = resumeSimulation(structuredClone(half.state)).run();
    expect(JSON.stringify(b.trace)).toBe(JSON.stringify(a.trace));
  });

  it("a cut in flight: the message is held, then retransmitted after the heal on TCP's backoff (200 ms + RTT, doubling)", () => {
    const sim = createSimulation({
      protocol: "etcd",
      nodes: 3,
      seed: 1,
      until: "120s",
      faults: [
        { at: "5s", do: "partition", groups: [["n2"], ["store"]], for: "3s" },
        { at: "6s", do: "shutdown", node: "n1" },
      ],
    });
    sim.run();
    const trace = sim.trace as TraceEvent[];
    const held = trace.find((e) => e.type === "stall" && e.kind === "WatchEvent" && e.to === "n2")!;
    const resent = trace.find(
      (e) => e.type === "send" && e.id === (held as { id: number }).id && e.t >= 8000,
    ) as Extract<TraceEvent, { type: "send" }>;
    // Sent at 6.003 s behind n2's earlier stalled bytes; the oldest is retransmitted at +202,
    // +404, +808, +1616 ms after it was first sent, so the first try after the 8 s heal lands
    // about a second later, and the event right behind it.
    expect(held.t).toBeCloseTo(6003, 0);
    expect(resent.t).toBe(8000);
    expect(resent.arriveAt).toBeGreaterThan(8000);
    expect(resent.arriveAt).toBeLessThan(8000 + 1616 + 20);
    expect(resent.retransmits).toBeGreaterThanOrEqual(3);
    expect(sim.summary().leaders.map((l) => l.node)).toEqual(["n1", "n2"]);
    expect(sim.summary().leaders[1].from).toBeLessThan(9100);
  });
});
