import { describe, expect, it } from "vitest";
import * as engine from "../engine/index.ts";
import { sandboxLink } from "../links/link";
import { readQuizFiles } from "../../scripts/quiz-files";
import { applyRule, computePrediction, readMetric, type EngineApi } from "./predict";
import type { PredictQuestion } from "./schema";

const predictions = readQuizFiles()
  .files.flatMap((f) => f.file.questions)
  .filter((q): q is PredictQuestion => q.kind === "predict");
const api = engine as unknown as EngineApi;

describe("every prediction agrees with the engine", () => {
  it("has predictions to check", () => {
    expect(predictions.length).toBeGreaterThanOrEqual(8);
  });

  it.each(predictions.map((q) => [q.id, q] as const))(
    "%s: the engine's key is the option the explanations defend",
    (_id, q) => {
      const { key, summary } = computePrediction(q, api);
      expect(key, `engine summary: ${JSON.stringify(summary)}`).toBe(q.explanationsAssume);
    },
  );

  it("resolve, and each 'show me' moment falls inside its run", () => {
    for (const q of predictions) {
      const r = engine.resolveRef(q.scenario, { presets: api.presets, parseScenario: engine.parseScenario });
      expect(r.at, q.id).toBeLessThanOrEqual(engine.parseScenario(r.scenario).until);
    }
  });

  // A time the learner reads in a question, its right answer or its example ("crashes at 15 s",
  // "cut off for 4 s") is a fact about the run "Show me" opens: "at" names a fault or a change of
  // leader in that run, "for" the length of one of its faults.
  it("say only fault times and lengths that the run really has", () => {
    const wrong: string[] = [];
    for (const q of predictions) {
      const raw = engine.resolveRef(q.scenario, {
        presets: api.presets,
        parseScenario: engine.parseScenario,
      });
      const scenario = engine.parseScenario(raw.scenario) as { faults: { at: number; for?: number }[] };
      const faults = scenario.faults;
      const run = engine.runScenario(scenario as never) as unknown as {
        summary: { leaders: { from: number; to: number | null }[] };
        trace: { t: number; type: string }[];
      };
      const leaders = run.summary.leaders;
      // Times the run has, to a tenth of a second: its faults, each leader's start and end, and
      // each lease renewed or expired.
      const tenth = (ms: number) => Math.round(ms / 100);
      const moments = new Set([
        ...faults.map((f) => tenth(f.at)),
        ...run.trace.filter((e) => e.type === "lease").map((e) => tenth(e.t)),
        ...leaders.flatMap((l) => (l.to === null ? [tenth(l.from)] : [tenth(l.from), tenth(l.to)])),
      ]);
      const right = q.options.find((o) => o.id === q.explanationsAssume);
      const texts = [q.prompt, right?.explanation ?? ""];
      const preset = "preset" in q.scenario ? engine.presets[q.scenario.preset] : undefined;
      const asIs = "preset" in q.scenario && !q.scenario.overrides && !q.scenario.withoutFaults;
      if (asIs && preset) texts.push(preset.description);
      for (const text of texts) {
        for (const m of text.matchAll(/\bat ([0-9]+(?:\.[0-9]+)?) s\b/g))
          if (!moments.has(tenth(Number(m[1]) * 1000))) wrong.push(`${q.id}: "${m[0]}" in "${text}"`);
        // An answer may add lengths of its own ("two masters for 16 s"); the question and example may not.
        if (text === right?.explanation) continue;
        for (const m of text.matchAll(/\bfor ([0-9]+(?:\.[0-9]+)?) s\b/g))
          if (!faults.some((f) => f.for === Number(m[1]) * 1000))
            wrong.push(`${q.id}: "${m[0]}" in "${text}"`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("have a 'show me' link for every question: by name for a preset as it is, else the run itself", async () => {
    for (const q of predictions) {
      const href = await sandboxLink(q.scenario);
      if ("preset" in q.scenario && !q.scenario.overrides && !q.scenario.withoutFaults)
        expect(href).toBe(`/sandbox?preset=${q.scenario.preset}&at=${q.scenario.at}`);
      else expect(href, q.id).toMatch(/^\/sandbox\?run=1\.[A-Za-z0-9_-]+$/);
    }
    // The bank really has questions of the second kind, so the branch above is exercised.
    expect(predictions.some((q) => "inline" in q.scenario || q.scenario.overrides)).toBe(true);
  });
});

describe("answer rules", () => {
  const summary = {
    leaderChanges: 1,
    writes: { staleAccepted: 0, rejected: 2 },
    leaders: [{ from: 10 }, { from: 20 }],
    done: true,
  };
  it("reads dotted paths, array lengths and indices", () => {
    expect(readMetric(summary, "writes.rejected")).toBe(2);
    expect(readMetric(summary, "leaders.length")).toBe(2);
    expect(readMetric(summary, "leaders.1.from")).toBe(20);
    expect(readMetric(summary, "leaders.5.from")).toBeNaN();
    expect(readMetric(summary, "done")).toBe(1);
    expect(() => readMetric(summary, "writes.lost")).toThrow(/no "writes.lost"/);
  });

  it("takes the first case whose conditions all hold, else the fallback", () => {
    const rule = {
      cases: [
        { when: [{ metric: "writes.staleAccepted", op: ">" as const, value: 0 }], option: "lands" },
        {
          when: [
            { metric: "leaderChanges", op: "==" as const, value: 1 },
            { metric: "writes.rejected", op: ">=" as const, value: 2 },
          ],
          option: "refused",
        },
      ],
      otherwise: "nothing",
    };
    expect(applyRule(rule, summary)).toBe("refused");
    expect(applyRule(rule, { ...summary, writes: { staleAccepted: 1, rejected: 0 } })).toBe("lands");
    expect(applyRule(rule, { ...summary, leaderChanges: 0 })).toBe("nothing");
    expect(
      applyRule(
        {
          cases: [{ when: [{ metric: "leaders.9.from", op: "!=", value: 0 }], option: "x" }],
          otherwise: "y",
        },
        summary,
      ),
    ).toBe("y");
  });
});
