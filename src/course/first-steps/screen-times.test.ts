// Every time a /start screen states ("crashes at 3 s", "near 9 s") must be a moment its run shows:
// a learner reads the clock beside the picture, so a "Then:" line that says 6 s while the ring
// empties at 8 s teaches a wrong number. Durations ("6 s after", "4 s later") are checked against
// the run's own settings instead.
import { describe, expect, it } from "vitest";
import { presets, runScenario, type TraceEvent } from "../../engine/index.ts";
import { PAUSE_MS } from "../../sandbox/guided-fault.ts";
import { FIRST_STEPS } from "./screens.ts";

/** moments a learner can see change in the picture: roles, faults, lease grants, renewals and
 *  expiries, writes refused */
function moments(trace: readonly TraceEvent[]): number[] {
  const out: number[] = [];
  for (const e of trace) {
    if (e.type === "role" || e.type === "fault" || e.type === "leader-start" || e.type === "leader-end")
      out.push(e.t);
    if (e.type === "write" && e.result !== "accepted") out.push(e.t);
    if (e.type === "lease" && (e.action === "grant" || e.action === "renew")) {
      out.push(e.t);
      if (typeof e.expiresAtLocal === "number") out.push(e.expiresAtLocal);
    }
  }
  return out;
}

/** the seconds a screen's words state as moments, and the ones it states as durations */
function stated(text: string): { at: number[]; spans: number[] } {
  const at: number[] = [];
  const spans: number[] = [];
  for (const m of text.matchAll(/(\d+(?:\.\d+)?) s\b(\s+(?:after|later))?/g))
    (m[2] ? spans : at).push(Number(m[1]) * 1000);
  return { at, spans };
}

describe("/start screens state the times their runs show", () => {
  for (const step of FIRST_STEPS) {
    it(`${step.id}: every stated time is within half a second of something the run shows`, () => {
      const sc = presets[step.preset]!.scenario;
      const { trace } = runScenario(sc, { trace: "full" });
      const seen = moments(trace);
      const ttl = (sc as { timing?: { ttl?: string } }).timing?.ttl;
      const durations = [PAUSE_MS, ...(ttl ? [Number.parseFloat(ttl) * 1000] : [])];
      const { at, spans } = stated([step.watch, step.again, step.glance ?? "", step.sentence].join(" "));
      for (const t of at)
        expect(
          seen.some((s) => Math.abs(s - t) <= 500),
          `${step.id}: ${t / 1000} s`,
        ).toBe(true);
      for (const d of spans) expect(durations, `${step.id}: a span of ${d / 1000} s`).toContain(d);
    });
  }

  it("the lease screen names the moment its ring empties, not the lease's length", () => {
    const lease = FIRST_STEPS.find((s) => s.id === "a-lease")!;
    const { trace } = runScenario(presets[lease.preset]!.scenario, { trace: "full" });
    const renewals = trace.filter((e) => e.type === "lease" && e.action === "renew" && e.node === "n1");
    const last = renewals[renewals.length - 1];
    const empties = last && last.type === "lease" ? Math.round((last.expiresAtLocal ?? 0) / 1000) : NaN;
    expect(lease.again).toContain(`empties: ${empties} s`);
  });
});
