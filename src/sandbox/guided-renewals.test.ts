// /start's lease screen: every renewal line tells a renewal the run made, at the moment it was
// made, with the end it set, whether the run is stepped with Next event or played (review 17a #1:
// stepped, the list said "4 s n1 renews its lease" beside n1 crashed at 4 s, a renewal made at
// 2 s, and "14 s n2 renews … 18.7 s", 4.7 s for a 6 s lease). The frames are the engine's own,
// stepped as GuidedRun steps them; the run's full trace is the judge.
import { describe, expect, it } from "vitest";
import { presets, type Frame, type TraceEvent } from "../engine/index.ts";
import { Session } from "../engine/session/index.ts";
import { formatTenths } from "./format-seconds.ts";
import { guidedLines, newGuidedMemo, renewalDue, type GuidedLine } from "./guided-lines.ts";

const scenario = presets["start-lease"].scenario;

/** The renewal lines a run tells, its frames taken by `next` until the run ends. */
function renewals(next: (s: Session, memo: ReturnType<typeof newGuidedMemo>) => void): GuidedLine[] {
  const s = new Session();
  s.load(scenario);
  const memo = newGuidedMemo();
  let prev: Frame | null = s.frame();
  const out: GuidedLine[] = [];
  for (let i = 0; i < 2000 && s.simulation.now < s.simulation.scenario.until; i++) {
    next(s, memo);
    const f = s.frame();
    out.push(...guidedLines(prev, f, memo).filter((l) => l.text.includes("renews its lease")));
    prev = f;
  }
  return out;
}

/** The run's own renewals, from its full trace. */
function madeRenewals(): { t: number; node: string; until: number }[] {
  const s = new Session();
  s.load(scenario);
  s.advanceTo(s.simulation.scenario.until);
  return (s.events as readonly TraceEvent[])
    .filter((e) => e.type === "lease" && (e as { action?: string }).action === "renew")
    .map((e) => {
      const r = e as unknown as { t: number; node: string; expiresAtLocal: number };
      return { t: r.t, node: r.node, until: r.expiresAtLocal };
    });
}

describe("the lease screen's renewal lines", () => {
  const made = madeRenewals();
  const check = (lines: GuidedLine[]) => {
    expect(lines.length).toBeGreaterThan(0);
    for (const l of lines) {
      const [, node, until] = /^(n\d+) renews its lease: it now runs out at (.+)$/.exec(l.text)!;
      const match = made.find((m) => m.node === node && m.t === l.t);
      expect(match, `${formatTenths(l.t)} ${l.text}`).toBeTruthy();
      expect(formatTenths(match!.until)).toBe(until);
    }
  };

  it("stepped with Next event: each line is a renewal the run made, at its own time", () => {
    const lines = renewals((s, memo) => s.step(renewalDue(s.frame(), memo) ? "visible" : "meaningful"));
    check(lines);
    expect(lines.map((l) => l.text.slice(0, 2))).toEqual(["n1", "n2"]);
  });

  it("played: the same lines as stepped", () => {
    const stepped = renewals((s, memo) => s.step(renewalDue(s.frame(), memo) ? "visible" : "meaningful"));
    const played = renewals((s) =>
      s.advanceTo(Math.min(s.simulation.now + 100, s.simulation.scenario.until)),
    );
    check(played);
    expect(played.map((l) => [l.t, l.text])).toEqual(stepped.map((l) => [l.t, l.text]));
  });

  it("even when a frame comes long after the renewal (Next event's old jump over it)", () => {
    const lines = renewals((s) => s.step("meaningful"));
    check(lines);
  });
});
