import { describe, expect, it } from "vitest";
import { presets, runScenario } from "../../index.ts";
import type { TraceEvent } from "../../core/trace.ts";

const of = <K extends TraceEvent["type"]>(trace: TraceEvent[], type: K) =>
  trace.filter((e): e is Extract<TraceEvent, { type: K }> => e.type === type);
const count = (trace: TraceEvent[], kind: string, from = 0, to = Infinity) =>
  of(trace, "send").filter((e) => e.kind === kind && e.t >= from && e.t < to).length;
const harmonic = (n: number) => Array.from({ length: n }, (_, i) => 1 / (i + 1)).reduce((a, b) => a + b, 0);

describe("ring (Chang–Roberts)", () => {
  it("key events of ring-basic: the maximum wins at boot; after its crash its predecessor calls the election", () => {
    const { trace, summary } = runScenario(presets["ring-basic"].scenario);
    expect(of(trace, "leader-start").map((e) => [e.node, e.token])).toEqual([
      ["n5", 105],
      ["n4", 204],
    ]);
    const note = of(trace, "note").find((e) => e.note.kind === "presumed-dead")!;
    expect(note.note).toMatchObject({ peer: "n5", role: "successor" }); // n5's predecessor on the shuffled ring noticed
    // Single initiator after the crash: at most 3n'-1 messages with n' = 4 live nodes.
    expect(count(trace, "ELECTION", 1000) + count(trace, "ELECTED", 1000)).toBeLessThanOrEqual(3 * 4 - 1);
    expect(count(trace, "ELECTED", 1000)).toBe(4);
    expect(summary.violations).toEqual([]);
  });

  it("ring-partition: each side closes its own ring and elects its own leader", () => {
    const { summary } = runScenario(presets["ring-partition"].scenario);
    expect(summary.leaders.map((l) => [l.node, l.to])).toEqual([
      ["n5", null],
      ["n3", null],
    ]);
    expect(summary.hazards.filter((v) => v.property !== "leaderless").map((v) => v.property)).toEqual([
      "overlap",
    ]);
  });

  it.each([5, 9, 15, 25])(
    "all initiate on a random ring (n=%i): ELECTIONs average n·H_n, plus n ELECTED",
    (n) => {
      let total = 0;
      const K = 40;
      for (let seed = 1; seed <= K; seed++) {
        const { trace } = runScenario({ protocol: "ring", nodes: n, seed, until: "300ms" });
        total += count(trace, "ELECTION");
        expect(count(trace, "ELECTED")).toBe(n);
        expect(of(trace, "leader-start").map((e) => e.node)).toEqual([`n${n}`]);
      }
      const mean = total / K;
      expect(mean / (n * harmonic(n))).toBeGreaterThan(0.85);
      expect(mean / (n * harmonic(n))).toBeLessThan(1.15);
    },
  );

  it.each([5, 25])(
    "worst order (ids decrease along the ring, n=%i): n(n+1)/2 ELECTIONs; best (increasing): 2n-1",
    (n) => {
      const worst = runScenario({
        protocol: "ring",
        nodes: n,
        until: "500ms",
        options: { ring: "descending" },
      }).trace;
      expect(count(worst, "ELECTION")).toBe((n * (n + 1)) / 2);
      const best = runScenario({
        protocol: "ring",
        nodes: n,
        until: "500ms",
        options: { ring: "ascending" },
      }).trace;
      expect(count(best, "ELECTION")).toBe(2 * n - 1);
    },
  );

  it("a single initiator costs at most 3n-1 messages", () => {
    for (let seed = 1; seed <= 20; seed++) {
      const { trace } = runScenario({
        protocol: "ring",
        nodes: 9,
        seed,
        until: "300ms",
        options: { initiators: ["n1"] },
      });
      expect(count(trace, "ELECTION") + count(trace, "ELECTED")).toBeLessThanOrEqual(3 * 9 - 1);
    }
  });

  it("a restarted node rejoins the ring and the highest id takes over again", () => {
    const { summary } = runScenario({
      protocol: "ring",
      nodes: 5,
      seed: 2,
      until: "4s",
      faults: [
        { at: "1s", do: "crash", node: "n5" },
        { at: "2s", do: "restart", node: "n5" },
      ],
    });
    expect(summary.leaders.map((l) => l.node)).toEqual(["n5", "n4", "n5"]);
    expect(summary.leaders[2].token).toBeGreaterThan(summary.leaders[1].token);
  });
});
