// "Predict the outcome": the right option is computed by running the engine on the question's
// scenario and applying its answer rule (data, no functions) to the run summary. Nobody types
// the key. The engine is loaded lazily, only when a prediction is on screen.
import { resolveRef, type PresetTable } from "../engine/scenario/ref.ts";
import type { AnswerRule, Condition, PredictQuestion } from "./schema";

/** The slice of the engine's public API the quiz relies on (see src/engine/README.md). */
export type EngineApi = {
  parseScenario: (input: unknown) => unknown;
  runScenario: (scenario: never) => { summary: unknown };
  presets: PresetTable;
};

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Reads a numeric metric from the run summary: a dotted path, where ".length" counts an array. */
export function readMetric(summary: unknown, path: string): number {
  let value: unknown = summary;
  for (const part of path.split(".")) {
    if (Array.isArray(value) && part === "length") value = value.length;
    else if (Array.isArray(value) && /^[0-9]+$/.test(part)) {
      // An index past the end is "no such entry": every comparison with it is false.
      if (Number(part) >= value.length) return Number.NaN;
      value = value[Number(part)];
    } else if (isRecord(value) && part in value) value = value[part];
    else throw new Error(`the run summary has no "${path}"`);
  }
  if (typeof value === "boolean") return value ? 1 : 0;
  if (typeof value !== "number" || Number.isNaN(value))
    throw new Error(`"${path}" in the run summary is not a number`);
  return value;
}

function holds(summary: unknown, c: Condition): boolean {
  const v = readMetric(summary, c.metric);
  switch (c.op) {
    case ">":
      return v > c.value;
    case ">=":
      return v >= c.value;
    case "<":
      return v < c.value;
    case "<=":
      return v <= c.value;
    case "==":
      return v === c.value;
    case "!=":
      return !Number.isNaN(v) && v !== c.value;
  }
}

/** Applies an answer rule to a run summary and returns the right option's id. */
export function applyRule(rule: AnswerRule, summary: unknown): string {
  for (const c of rule.cases) if (c.when.every((cond) => holds(summary, cond))) return c.option;
  return rule.otherwise;
}

/** Runs the question's scenario through the engine and returns the right option and the summary. */
export function computePrediction(q: PredictQuestion, engine: EngineApi): { key: string; summary: unknown } {
  const scenario = engine.parseScenario(resolveRef(q.scenario, engine).scenario);
  const { summary } = engine.runScenario(scenario as never);
  return { key: applyRule(q.rule, summary), summary };
}
