// The head's line under a run's title describes the run on screen, at every step of every tour
// (review 17b #3: the billing tour's head told of a crash at 15.5 s while its run crashed n2 at
// 2.5 s).
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseScenario, presets, resolveRef, type Scenario } from "../engine/index.ts";
import { formatSeconds } from "./format-seconds.ts";
import { presetRunLine } from "./run-head-line.ts";
import { tourSchema } from "./tour-rules.ts";

const dir = new URL("../../content/tours/", import.meta.url);
const tours = readdirSync(dir)
  .filter((f) => f.endsWith(".json"))
  .map((f) => tourSchema.parse(JSON.parse(readFileSync(new URL(f, dir), "utf8"))));

/** The times the example's own plan names ("15.5 s"), which this run does not share. */
function foreignTimes(preset: string, run: Scenario): string[] {
  const mine = new Set(run.faults.map((f) => f.at));
  return parseScenario(presets[preset].scenario)
    .faults.filter((f) => !mine.has(f.at))
    .map((f) => formatSeconds(f.at));
}

describe("the head's line in a tour", () => {
  it("has tours to check", () => expect(tours.length).toBeGreaterThanOrEqual(9));
  for (const tour of tours) {
    it(`${tour.title}: every run, before and after each action, is described as it is`, () => {
      const refs = [tour.scenario, ...tour.steps.flatMap((s) => (s.load ? [s.load] : []))];
      for (const ref of refs) {
        const r = resolveRef(ref, { presets });
        const preset = r.preset!;
        const run = parseScenario(r.scenario);
        const description = presets[preset].description;
        const before = presetRunLine(preset, run, null, true)!;
        // the tour's actions for this run, done at 2.5 s (node "leader" is whichever node leads)
        const acted = structuredClone(run);
        for (const s of tour.steps)
          if (s.action)
            acted.faults.push(
              parseScenario({ ...r.scenario, faults: [{ ...s.action.fault, at: 2500 }] }).faults[0],
            );
        const after = presetRunLine(
          preset,
          acted,
          acted.faults.length > run.faults.length ? 2500 : null,
          true,
        )!;
        for (const [when, line] of [
          ["before", before],
          ["after", after],
        ] as const) {
          if (run.faults.length === 0 && foreignTimes(preset, run).length > 0)
            expect(line, `${preset} ${when}`).not.toContain(description);
          for (const t of foreignTimes(preset, when === "after" ? acted : run))
            expect(line, `${preset} ${when}: names the example's ${t}`).not.toMatch(
              new RegExp(`(?<![\\d.])${t.replace(".", "\\.")}`),
            );
        }
        if (acted.faults.length > run.faults.length) expect(after).toContain("So far:");
      }
    });
  }
  it("keeps the example's own description while the run follows its plan", () => {
    const run = parseScenario(presets["billing-crash"].scenario);
    expect(presetRunLine("billing-crash", run, null, false)).toBe(presets["billing-crash"].description);
  });
  it("says the run's own faults in place of the plan: the billing tour's crash at 2.5 s", () => {
    const run = parseScenario({
      ...presets["billing-crash"].scenario,
      faults: [{ at: 2500, do: "crash", node: "n2" }],
    });
    const line = presetRunLine("billing-crash", run, 2500, true)!;
    expect(line).toContain("So far: n2 crashes at 2.5 s.");
    // the same when the tour's action did not come back marked as the learner's
    expect(presetRunLine("billing-crash", run, null, true)).toContain("So far: n2 crashes at 2.5 s.");
    expect(line).not.toMatch(/15\.5 s|24\.5 s|9 s after/);
  });
});
