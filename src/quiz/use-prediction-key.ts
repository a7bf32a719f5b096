// A prediction's right answer comes from running the simulator (engine-loader.ts), loaded on
// demand; until it comes the question cannot be marked, and a failure is shown, not thrown.
import { useEffect, useState } from "react";
import { predictionKey } from "./engine-loader";
import type { Question } from "./schema";

export function usePredictionKey(question: Question) {
  const [state, setState] = useState<{ key: string | null; error: string | null }>({
    key: null,
    error: null,
  });
  useEffect(() => {
    if (question.kind !== "predict") return;
    let live = true;
    predictionKey(question).then(
      (key) => live && setState({ key, error: null }),
      (err: unknown) =>
        live && setState({ key: null, error: err instanceof Error ? err.message : String(err) }),
    );
    return () => {
      live = false;
    };
  }, [question]);
  return state;
}
