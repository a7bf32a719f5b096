// Content rule (issue 16, item 4): a predict question's key must not depend on the seed.
// The learner sees one run in "show me", but the question asks what the system does, so the
// key the engine computes has to be the same on every seed we try. A question that pins its
// own seed is refused too: the learner is never told which seed, so a key true on one seed
// only would teach a coincidence as a rule.
import type { PredictQuestion } from "../src/quiz/schema.ts";
import { applyRule, type EngineApi } from "../src/quiz/predict.ts";
import { resolveRef } from "../src/engine/index.ts";

/** How many seeds each predict question is run over (issue 16 asks for at least 20). */
export const PREDICT_SEEDS = 24;

export type SeedReport = {
  /** The key on each seed tried, in order, seeds 1..PREDICT_SEEDS. */
  keys: string[];
  /** Problems to print; empty when the key holds on every seed. */
  problems: string[];
};

function pinsSeed(q: PredictQuestion): boolean {
  if ("inline" in q.scenario) return false; // an inline scenario's seed is replaced below like a preset's
  return q.scenario.overrides !== undefined && "seed" in q.scenario.overrides;
}

/** Runs the question over seeds 1..count and reports any seed whose key differs from the defended one. */
export function checkPredictSeeds(q: PredictQuestion, engine: EngineApi, count = PREDICT_SEEDS): SeedReport {
  const problems: string[] = [];
  if (pinsSeed(q)) problems.push(`"${q.id}" pins a seed; a predict key must hold whatever the seed`);
  const base = resolveRef(q.scenario, engine).scenario;
  if (typeof base !== "object" || base === null) throw new Error(`"${q.id}": the scenario is not an object`);
  const keys: string[] = [];
  const off: string[] = [];
  for (let seed = 1; seed <= count; seed++) {
    const scenario = engine.parseScenario({ ...(base as Record<string, unknown>), seed });
    const { summary } = engine.runScenario(scenario as never);
    const key = applyRule(q.rule, summary);
    keys.push(key);
    if (key !== q.explanationsAssume) off.push(`seed ${seed} gives "${key}"`);
  }
  if (off.length)
    problems.push(
      `"${q.id}": the key "${q.explanationsAssume}" does not hold on ${off.length} of ${count} seeds (${off.slice(0, 4).join(", ")}${off.length > 4 ? ", ..." : ""})`,
    );
  return { keys, problems };
}
