// Browser-only: loads the engine lazily (its own chunk, fetched only when a prediction is on
// screen) and caches each prediction's computed key for the page's lifetime.
import { computePrediction, type EngineApi } from "./predict";
import type { PredictQuestion } from "./schema";

let enginePromise: Promise<EngineApi> | null = null;

export function loadEngine(): Promise<EngineApi> {
  enginePromise ??= import("../engine/index.ts").then(
    (m) => m as unknown as EngineApi,
    (err: unknown) => {
      enginePromise = null;
      throw err;
    },
  );
  return enginePromise;
}

const keyCache = new Map<string, Promise<string>>();

/** The engine-computed key of a prediction, cached per question for the page's lifetime. */
export function predictionKey(q: PredictQuestion): Promise<string> {
  let p = keyCache.get(q.id);
  if (!p) {
    p = loadEngine().then((engine) => computePrediction(q, engine).key);
    p.catch(() => keyCache.delete(q.id));
    keyCache.set(q.id, p);
  }
  return p;
}
