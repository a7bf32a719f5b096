// "Next event" stops where a learner looks: at a fault as it strikes, at a paused process waking,
// and not at the leader's routine repeats between them (review 17a #4: on the fencing lesson's
// second sandbox it took 28 presses to reach n2's wake, 13 of them routine writes, and none
// stopped at the pause).
import { describe, expect, it } from "vitest";
import { presets, type TraceEvent } from "../index.ts";
import { Session } from "./index.ts";
import { meaningful, routineRepeat, stopsAt } from "./step-stops.ts";

/** Step a preset with Next event to its end: the moment of each stop and the events it passed. */
function stepped(preset: string): { at: number[]; trace: readonly TraceEvent[] } {
  const s = new Session();
  s.load(presets[preset].scenario, 0);
  const at: number[] = [];
  for (let i = 0; i < 500 && !s.ended; i++) {
    s.step("meaningful");
    at.push(s.now);
  }
  return { at, trace: s.trace };
}

describe("Next event's stops", () => {
  it("the fencing lesson's run: stops at n2's GC pause and at its wake, in a few presses", () => {
    const { at, trace } = stepped("fencing-diagram");
    const pause = trace.find((e) => e.type === "fault" && e.fault === "pause" && e.effect === "applied")!;
    const wake = trace.find((e) => e.type === "note" && e.note.kind === "resumed")!;
    expect(pause.t).toBeGreaterThan(10_000);
    expect(wake.t).toBeGreaterThan(pause.t);
    expect(at).toContain(pause.t);
    expect(at).toContain(wake.t);
    // From the start to the wake: the election, the waiting candidates, the pause, the expiry and
    // the new leader's first write, no once-a-second repeats (28 presses before).
    expect(at.indexOf(wake.t) + 1).toBeLessThanOrEqual(14);
    expect(at.indexOf(pause.t)).toBeLessThan(at.indexOf(wake.t));
  });

  it("never stops at a routine repeat: every stop is an event that changes something", () => {
    for (const preset of ["fencing-diagram", "fencing-off", "raft-basic", "raft-partition"]) {
      const { at, trace } = stepped(preset);
      let last: { node: string; token: number } | null = null;
      const stops = new Set<number>();
      for (const e of trace) {
        if (stopsAt(e, last)) stops.add(e.t);
        if (e.type === "write" && e.result !== "rejected") last = { node: e.node, token: e.token };
      }
      // every press ends on a stop, or at the run's end
      const end = presets[preset].scenario.until as number | string;
      for (const t of at.slice(0, -1)) expect(stops.has(t), `${preset} at ${t} (end ${end})`).toBe(true);
    }
  });

  it("a fault armed to strike later is no stop; its strike is", () => {
    const armed = { t: 1, type: "fault", fault: "pause", detail: "", effect: "armed" } as TraceEvent;
    expect(meaningful(armed)).toBe(false);
    expect(meaningful({ ...armed, effect: "applied" } as TraceEvent)).toBe(true);
    expect(meaningful({ ...armed, effect: "no-effect" } as TraceEvent)).toBe(true);
  });

  it("a write is routine only when the same writer repeats the token of the latest applied write", () => {
    const w = (node: string, token: number, result = "accepted") =>
      ({ t: 1, type: "write", node, token, result, maxSeen: token, sentAt: 0 }) as TraceEvent;
    expect(routineRepeat(w("n2", 2), { node: "n2", token: 2 })).toBe(true);
    expect(routineRepeat(w("n2", 2), null)).toBe(false);
    expect(routineRepeat(w("n3", 3), { node: "n2", token: 2 })).toBe(false);
    expect(routineRepeat(w("n2", 2, "rejected"), { node: "n2", token: 2 })).toBe(false);
    expect(routineRepeat(w("n2", 2, "stale-accepted"), { node: "n2", token: 2 })).toBe(false);
  });
});
