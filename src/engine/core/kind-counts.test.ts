// Messages per kind, counted by integer id (core/kind-counts.ts), read back as the same record
// the string-keyed counter gave: one count per send, keys in first-send order, and a state saved
// with the old record resumes and keeps counting into the same totals.
import { describe, expect, it } from "vitest";
import { createSimulation, presets, resumeSimulation } from "../index.ts";
import { kindCounts } from "./kind-counts.ts";
import type { TraceEvent } from "./trace.ts";

/** Sends per kind as the full trace shows them, in first-send order (datagram protocols: every
 *  send() is one "send" event there). */
function sendsInTrace(trace: readonly TraceEvent[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const e of trace) if (e.type === "send") out[e.kind] = (out[e.kind] ?? 0) + 1;
  return out;
}

describe("messages per kind", () => {
  for (const name of ["raft-split-vote", "bully-restart", "ring-partition", "sre-file-server"]) {
    it(`${name}: the lean run counts what the full trace sends, kind by kind, in first-send order`, () => {
      const full = createSimulation(structuredClone(presets[name].scenario), { trace: "full" }).run();
      const lean = createSimulation(structuredClone(presets[name].scenario), { trace: "roles" }).run();
      const expected = sendsInTrace(full.trace);
      expect(Object.entries(kindCounts(lean.state.stats))).toEqual(Object.entries(expected));
      expect(lean.summary().electionMessages).toEqual(full.summary().electionMessages);
    });
  }

  it("a state saved with the old per-kind record resumes with the same totals", () => {
    const sc = structuredClone(presets["raft-split-vote"].scenario);
    const whole = createSimulation(sc, { trace: "roles" }).run();
    const half = createSimulation(sc, { trace: "roles" });
    half.runUntil(whole.state.scenario.until / 2);
    const saved = half.snapshot();
    saved.stats.kinds = kindCounts(saved.stats); // what a state from before the ids held
    delete saved.stats.kindNames;
    delete saved.stats.kindCounts;
    const resumed = resumeSimulation(saved).run();
    expect(kindCounts(resumed.state.stats)).toEqual(kindCounts(whole.state.stats));
    expect(Object.keys(kindCounts(resumed.state.stats))).toEqual(Object.keys(kindCounts(whole.state.stats)));
  });
});
