// The budget: parsing, defaults, refusals that name the field, and schedules drawn within it.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { parseScenario, PROTOCOLS, type Fault } from "../index.ts";
import { BudgetError, normaliseBudget, parseFaultList } from "./budget.ts";
import { drawSchedule, shapeOf } from "./generate.ts";

const raft = parseScenario({ protocol: "raft", until: "30s" });

describe("budget", () => {
  it("parses the CLI's fault list with bounds", () => {
    expect(parseFaultList("crash, pause:3s,partition:1s-6s,clock:200000")).toEqual([
      { kind: "crash" },
      { kind: "pause", max: 3000 },
      { kind: "partition", min: 1000, max: 6000 },
      { kind: "clock", max: 200000 },
    ]);
    expect(() => parseFaultList("crash,explode")).toThrow(/unknown fault "explode"/);
    expect(() => parseFaultList("pause:soon")).toThrow(/"soon" is not a duration/);
    expect(() => parseFaultList("crash:1s")).toThrow(/a crash takes no bounds/);
    expect(() => parseFaultList("")).toThrow(/at least one fault/);
  });

  it("fills defaults from the scenario and drops what it cannot feel", () => {
    const b = normaliseBudget(undefined, raft);
    expect(b.schedules).toBe(2000);
    expect(b.window).toEqual([0, 22_500]);
    expect(b.faults.map((f) => f.kind)).not.toContain("store-outage");
    expect(b.faults.find((f) => f.kind === "pause")).toEqual({ kind: "pause", min: 100, max: 10_000 });
  });

  it("spans reach a few lease lengths where the protocol holds a lease (etcd's default TTL is 60 s)", () => {
    const etcd = parseScenario({ protocol: "etcd", until: "180s" });
    expect(normaliseBudget(undefined, etcd).faults.find((f) => f.kind === "pause")).toEqual({
      kind: "pause",
      min: 100,
      max: 162_000,
    });
    const k8s = parseScenario({ protocol: "kubernetes", until: "60s" });
    expect(normaliseBudget(undefined, k8s).faults.find((f) => f.kind === "partition")!.max).toBe(45_000); // 3 x 15 s
  });

  it("refuses bad budgets naming the field", () => {
    const bad = (b: object, re: RegExp) => {
      expect(() => normaliseBudget(b, raft)).toThrow(BudgetError);
      expect(() => normaliseBudget(b, raft)).toThrow(re);
    };
    bad({ schedules: 0 }, /^budget.schedules:/);
    bad({ maxFaults: 11 }, /^budget.maxFaults:/);
    bad({ window: [5000, 40_000] }, /^budget.window:/);
    bad({ faults: [{ kind: "pause", min: 5000, max: 1000 }] }, /^budget.faults\[0\]:/);
    bad({ faults: ["clock", "clock"] }, /listed twice/);
    bad({ faults: ["store-outage"] }, /no store/);
  });

  it("every drawn schedule is a valid scenario within the budget, and the same each time", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PROTOCOLS),
        fc.integer(),
        fc.nat(100_000),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 100, max: 8000 }),
        (protocol, seed, index, maxFaults, maxSpan) => {
          const sc = parseScenario({ protocol, until: "20s" });
          const b = normaliseBudget(
            {
              maxFaults,
              window: [1000, 15_000],
              faults: [
                "crash",
                "restart",
                { kind: "pause", max: maxSpan },
                { kind: "partition", min: 100, max: maxSpan },
                "one-way",
                { kind: "clock", max: 50_000 },
                "slow",
                "store-outage",
              ],
            },
            sc,
          );
          const oneWay = (b.faults.find((x) => x.kind === "one-way") as { max: number }).max;
          expect([Math.round(20_000 / 30) * 10, 18_000]).toContain(oneWay);
          const fs: Fault[] = drawSchedule(seed, index, b, shapeOf(sc));
          expect(drawSchedule(seed, index, b, shapeOf(sc))).toEqual(fs);
          expect(fs.length).toBeGreaterThanOrEqual(1);
          expect(fs.length).toBeLessThanOrEqual(maxFaults);
          const parsed = parseScenario({ protocol, until: "20s", faults: fs });
          expect(parsed.faults).toHaveLength(fs.length);
          for (const f of fs) {
            if (f.do !== "restart") {
              expect(f.at).toBeGreaterThanOrEqual(1000);
              expect(f.at).toBeLessThanOrEqual(15_000);
            }
            if (f.for !== undefined && f.do !== "slow" && f.do !== "store-outage" && f.do !== "partition")
              expect(f.for).toBeLessThanOrEqual(maxSpan);
            // one-way: the default bound, a third of the run or up to three lease lengths within 90 % of it
            if (f.do === "partition")
              expect(f.for).toBeLessThanOrEqual(
                f.oneWay ? (b.faults.find((x) => x.kind === "one-way") as { max: number }).max : maxSpan,
              );
            if (f.drift !== undefined) {
              expect(Math.abs(f.drift)).toBeLessThanOrEqual(50_000);
              expect(f.drift).not.toBe(0);
            }
          }
          for (let i = 1; i < fs.length; i++) expect(fs[i].at).toBeGreaterThanOrEqual(fs[i - 1].at);
        },
      ),
      { numRuns: 300 },
    );
  });
});
