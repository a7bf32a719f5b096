import { describe, expect, it } from "vitest";
import { checkPredictSeeds, PREDICT_SEEDS } from "./predict-seeds.ts";
import type { PredictQuestion } from "../src/quiz/schema.ts";
import type { EngineApi } from "../src/quiz/predict.ts";

// A stand-in engine whose summary is a function of the seed, so each case is known exactly.
const engineWith = (leaderless: (seed: number) => number): EngineApi => ({
  parseScenario: (input) => input,
  runScenario: (scenario: never) => ({
    summary: { leaderless: leaderless((scenario as { seed: number }).seed) },
  }),
  presets: { p: { scenario: { protocol: "raft", seed: 1 } } },
});

const question = (overrides?: Record<string, unknown>): PredictQuestion =>
  ({
    id: "pr-test",
    kind: "predict",
    lessons: ["x"],
    difficulty: "core",
    prompt: "Predict: how long?",
    scenario: overrides ? { preset: "p", overrides } : { preset: "p" },
    showAt: 0,
    options: [],
    rule: {
      cases: [{ when: [{ metric: "leaderless", op: "<", value: 2000 }], option: "quick" }],
      otherwise: "slow",
    },
    explanationsAssume: "quick",
  }) as unknown as PredictQuestion;

describe("predict keys over many seeds", () => {
  it("accepts a key that holds on every seed, and runs each seed once", () => {
    const seen: number[] = [];
    const r = checkPredictSeeds(
      question(),
      engineWith((s) => (seen.push(s), 100 * s)),
      19,
    );
    expect(r.problems).toEqual([]);
    expect(seen).toEqual(Array.from({ length: 19 }, (_, i) => i + 1));
  });

  it("refuses a key that one seed breaks, naming that seed", () => {
    const r = checkPredictSeeds(
      question(),
      engineWith((s) => (s === 21 ? 3000 : 500)),
    );
    expect(r.keys[20]).toBe("slow");
    expect(r.problems).toEqual([
      `"pr-test": the key "quick" does not hold on 1 of ${PREDICT_SEEDS} seeds (seed 21 gives "slow")`,
    ]);
  });

  it("refuses a question that pins its own seed", () => {
    const r = checkPredictSeeds(
      question({ seed: 3 }),
      engineWith(() => 500),
    );
    expect(r.problems).toEqual([`"pr-test" pins a seed; a predict key must hold whatever the seed`]);
  });

  it("tries at least 20 seeds", () => {
    expect(PREDICT_SEEDS).toBeGreaterThanOrEqual(20);
  });
});
