import { describe, expect, it } from "vitest";
import { presets, runScenario } from "../../index.ts";
import type { TraceEvent } from "../../core/trace.ts";

const of = <K extends TraceEvent["type"]>(trace: TraceEvent[], type: K) =>
  trace.filter((e): e is Extract<TraceEvent, { type: K }> => e.type === type);
const preset = (name: string) => presets[name].scenario;
/** Election messages sent at or after t, by kind. */
function sent(trace: TraceEvent[], t: number): Record<string, number> {
  const out: Record<string, number> = {};
  for (const e of of(trace, "send"))
    if (e.t >= t && ["ELECTION", "ANSWER", "COORDINATOR"].includes(e.kind))
      out[e.kind] = (out[e.kind] ?? 0) + 1;
  return out;
}

describe("bully", () => {
  it("key events of bully-basic: n5 crashes, n4 (highest live id) announces", () => {
    const { trace, summary } = runScenario(preset("bully-basic"));
    expect(of(trace, "leader-start").map((e) => [e.node, e.token, e.t])).toEqual([
      ["n5", 105, 0],
      ["n4", 204, expect.any(Number)],
    ]);
    const detect = of(trace, "note").find((e) => e.note.kind === "presumed-dead")!;
    expect(detect.note).toMatchObject({ peer: "n5", role: "coordinator" });
    expect(detect.t).toBeGreaterThan(1000);
    expect(detect.t).toBeLessThanOrEqual(1000 + 100 + 20 + 5); // one ping interval plus Tanswer
    const coord = of(trace, "send").filter((e) => e.kind === "COORDINATOR" && e.t > 1000);
    expect(new Set(coord.map((e) => e.from))).toEqual(new Set(["n4"]));
    expect(coord.map((e) => e.to).sort()).toEqual(["n1", "n2", "n3"]);
    expect(summary.violations).toEqual([]);
  });

  it("bully-restart: the restarted n5 takes over from a working n4 without asking anyone", () => {
    const { trace } = runScenario(preset("bully-restart"));
    const starts = of(trace, "leader-start");
    expect(starts.map((e) => e.node)).toEqual(["n5", "n4", "n5"]);
    expect(starts[2].t).toBe(2000); // the highest id needs no answer from anyone
    expect(starts[2].token).toBeGreaterThan(starts[1].token);
    expect(
      of(trace, "send").filter((e) => e.t >= 2000 && e.from === "n5" && e.kind === "ELECTION"),
    ).toHaveLength(0);
    expect(of(trace, "leader-end").find((e) => e.node === "n4")!.t).toBeLessThan(2010);
  });

  it("bully-partition: each side elects its own coordinator and the monitors show the overlap", () => {
    const { trace, summary } = runScenario(preset("bully-partition"));
    expect(of(trace, "leader-start").map((e) => e.node)).toEqual(["n5", "n3"]);
    expect(summary.maxConcurrentLeaders).toBe(2);
    expect(summary.hazards.filter((v) => v.property !== "leaderless").map((v) => v.property)).toEqual([
      "overlap",
    ]);
    // No merge: after the heal at 3 s both still lead, and fencing rejects the older token.
    expect(summary.leaders.every((l) => l.to === null)).toBe(true);
    expect(summary.writes.rejected).toBeGreaterThan(0);
    expect(
      of(trace, "write")
        .filter((w) => w.result === "rejected")
        .every((w) => w.node === "n5"),
    ).toBe(true);
  });

  it.each([5, 9, 15, 25])(
    "worst case, the lowest id detects (n=%i): n(n-1)/2 ELECTIONs, (n-1)(n-2)/2 ANSWERs, n-2 COORDINATORs",
    (n) => {
      const { trace } = runScenario({
        protocol: "bully",
        nodes: n,
        seed: 3,
        until: "1.5s",
        options: { detectors: ["n1"] },
        faults: [{ at: "1s", do: "crash", node: `n${n}` }],
      });
      expect(sent(trace, 1000)).toEqual({
        ELECTION: (n * (n - 1)) / 2,
        ANSWER: ((n - 1) * (n - 2)) / 2,
        COORDINATOR: n - 2,
      });
      expect(of(trace, "leader-start").at(-1)!.node).toBe(`n${n - 1}`);
    },
  );

  it.each([5, 25])(
    "best case, the second-highest detects (n=%i): one ELECTION to the dead max, then n-2 COORDINATORs",
    (n) => {
      const { trace, summary } = runScenario({
        protocol: "bully",
        nodes: n,
        seed: 3,
        until: "1.5s",
        options: { detectors: [`n${n - 1}`] },
        faults: [{ at: "1s", do: "crash", node: `n${n}` }],
      });
      expect(sent(trace, 1000)).toEqual({ ELECTION: 1, COORDINATOR: n - 2 });
      expect(summary.electionMessages.total).toBeGreaterThan(n - 1); // the boot election counts too
    },
  );

  it("every node pinging, a crash: about n squared messages; at boot everyone calls an election", () => {
    for (const n of [5, 15, 25]) {
      const { trace } = runScenario({
        protocol: "bully",
        nodes: n,
        seed: 2,
        until: "2s",
        faults: [{ at: "1s", do: "crash", node: "leader" }],
      });
      const total = Object.values(sent(trace, 1000)).reduce((a, b) => a + b, 0);
      expect(total).toBeGreaterThan(n - 2);
      expect(total).toBeLessThan(2 * n * n);
      const boot = sent(
        trace.filter((e) => e.t < 1000),
        0,
      );
      expect(boot.ELECTION).toBeGreaterThanOrEqual((n * (n - 1)) / 2); // each node asks every higher id
    }
  });
});
