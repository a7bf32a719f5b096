// Issue 20's property: under any fault schedule, every decision the engine makes carries a cause
// whose rule exists and whose values reproduce the decision (a refused vote shows a log behind
// or a vote already given; a lease expiry shows the clock past the expiry; a refused write shows
// its token below the highest seen), and every chain steps strictly back to its root.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { createSimulation, presets, PROTOCOLS, ruleOf, SPECS, type TraceEvent } from "../index.ts";
import { faultArb } from "../testing/arbitraries.ts";
import { explain, eventAt } from "./index.ts";

/** What counts as a decision: every event a learner could ask "why?" about. */
function decision(e: TraceEvent): boolean {
  switch (e.type) {
    case "role":
    case "leader-start":
    case "leader-end":
    case "vote":
    case "write":
      return true;
    case "lease":
      return e.action !== "revoke" && e.action !== "release";
    case "store":
      return e.op === "delete";
    case "note":
      return ![
        "resumed",
        "sequencer-confirmed",
        "write-refused",
        "session-reconnected",
        "fence-request",
      ].includes(e.note.kind);
    default:
      return false;
  }
}

/** Extra checks tying the values to the event itself, beyond the rule's own holds(). */
function agrees(e: TraceEvent): boolean {
  if (!("why" in e) || !e.why) return false;
  const v = e.why.values;
  if (e.type === "vote" && e.why.rule !== "raft.vote.self")
    return (e.why.rule === "raft.vote.grant") === e.granted && v.candidate === e.candidate;
  if (e.type === "write") return v.token === e.token && v.accepted === (e.result !== "rejected");
  return true;
}

function firstPreset(protocol: string): Record<string, unknown> {
  const p = Object.values(presets).find((x) => x.scenario.protocol === protocol);
  // The learner's own elector has no preset: its starting run holds the default elector, which
  // gives a cause (node.because) for each of its decisions.
  if (!p && protocol === "learner") return SPECS.learner.sandbox;
  if (!p) throw new Error(`no preset for ${protocol}`);
  return p.scenario;
}

describe("every decision carries a cause that reproduces it", () => {
  for (const protocol of PROTOCOLS) {
    it(`${protocol}: under random fault schedules`, () => {
      const base = firstPreset(protocol);
      const nodes = (base.nodes as number | undefined) ?? 3;
      const until = 20_000;
      fc.assert(
        fc.property(
          fc.integer(),
          fc.array(faultArb(protocol, nodes, until), { maxLength: 5 }),
          (seed, faults) => {
            const sc = { ...structuredClone(base), seed, until, faults };
            const trace = createSimulation(sc as never, { trace: "full" }).run().trace;
            const bad: string[] = [];
            for (const e of trace) {
              if (!decision(e)) continue;
              const why = "why" in e ? e.why : undefined;
              const rule = why ? ruleOf(why.rule) : undefined;
              if (!why || !rule)
                bad.push(`${e.t} ${e.type}: ${why ? `unknown rule ${why.rule}` : "no cause"}`);
              else if (!rule.holds(why.values, why.clock.ms) || !agrees(e))
                bad.push(`${e.t} ${e.type} ${why.rule}: ${JSON.stringify(why.values)} at ${why.clock.ms}`);
            }
            expect(bad).toEqual([]);
            const last = eventAt(trace, until);
            if (last !== null) {
              const chain = explain(trace, last).chain;
              for (let k = 1; k < chain.length; k++) expect(chain[k].index).toBeLessThan(chain[k - 1].index);
            }
          },
        ),
        { numRuns: 12, seed: 20 },
      );
    });
  }
});
