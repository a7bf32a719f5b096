// The judge's worker: the learner's code runs here, never on the page. One request per worker;
// progress after each chunk of schedules, then the verdict.
import { judge } from "../elector/judge.ts";
import type { JudgeRequest } from "./deps.ts";

self.onmessage = (e: MessageEvent<JudgeRequest>) => {
  try {
    const verdict = judge(e.data, (progress) => self.postMessage({ type: "progress", progress }));
    self.postMessage({ type: "verdict", verdict });
  } catch (err) {
    self.postMessage({ type: "error", message: err instanceof Error ? err.message : String(err) });
  }
};
