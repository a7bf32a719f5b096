import { describe, expect, it } from "vitest";
import { presets, runScenario } from "../index.ts";
import type { TraceEvent } from "../core/trace.ts";

const of = <K extends TraceEvent["type"]>(trace: TraceEvent[], type: K) =>
  trace.filter((e): e is Extract<TraceEvent, { type: K }> => e.type === type);

describe("fencing by sequencer (Chubby CheckSequencer) on every lock service", () => {
  it.each(["fencing-diagram", "k8s-long-pause", "database-stale-write", "zk-session-expiry"])(
    "%s: every write waits for the lock service's answer, and the stale one is refused",
    (name) => {
      const { trace, summary } = runScenario({ ...presets[name].scenario, fencing: "sequencer" });
      const checks = of(trace, "send").filter((e) => e.kind === "CheckSequencer" && e.from === "resource");
      expect(checks.length).toBe(of(trace, "write").filter((w) => w.sequencer !== "older").length);
      expect(summary.writes.rejected).toBeGreaterThan(0);
      expect(summary.writes.staleAccepted).toBe(0);
      // Each new leader confirmed its own sequencer before its first write.
      for (const l of of(trace, "leader-start")) {
        const confirm = of(trace, "send").find(
          (e) => e.kind === "CheckSequencer" && e.from === l.node && e.t >= l.t,
        );
        const first = of(trace, "send").find((e) => e.kind === "Write" && e.from === l.node && e.t >= l.t);
        if (first) expect(confirm!.t).toBeLessThanOrEqual(first.t);
      }
    },
  );

  it("a resource cut off from the lock service refuses writes it cannot check", () => {
    const { trace } = runScenario({
      ...presets["billing-crash"].scenario,
      fencing: "sequencer",
      faults: [{ at: "10s", do: "partition", groups: [["resource"], ["store"]], for: "5s" }],
    });
    const refused = of(trace, "write").filter((w) => w.result === "rejected");
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every((w) => w.sequencer === "no-answer")).toBe(true);
  });
});
