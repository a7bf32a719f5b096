// The page's side of the judge: a fresh worker per judging, and a watchdog. The step budget ends
// a handler that loops long before this fires; the watchdog is for anything else that stops the
// worker answering (a chunk of schedules the budget does not cover): it ends the worker, so the
// page never waits on it, and the next judging starts a fresh one.
import type { JudgeProgress, Verdict } from "../elector/types.ts";
import type { JudgeJob, JudgeRequest } from "./deps.ts";

/** With no word from the worker for this long, it is ended. */
export const WATCHDOG_MS = 20_000;

type FromJudge = { type: "progress"; progress: JudgeProgress } | { type: "verdict"; verdict: Verdict } | { type: "error"; message: string };

export interface JudgeWorkerLike {
  postMessage(m: JudgeRequest): void;
  terminate(): void;
  onmessage: ((e: MessageEvent<FromJudge>) => void) | null;
  onerror: ((e: ErrorEvent) => void) | null;
}

const createWorker = (): JudgeWorkerLike => new Worker(new URL("./judge.worker.ts", import.meta.url), { type: "module", name: "election-lab-judge" }) as unknown as JudgeWorkerLike;

export function judgeInWorker(req: JudgeRequest, onProgress: (p: JudgeProgress) => void, make: () => JudgeWorkerLike = createWorker, watchdogMs = WATCHDOG_MS): JudgeJob {
  const worker = make();
  let settle: { ok: (v: Verdict) => void; fail: (e: Error) => void } | null = null;
  const done = new Promise<Verdict>((ok, fail) => {
    settle = { ok, fail };
  });
  let dog: ReturnType<typeof setTimeout> | null = null;
  const end = (result: { verdict: Verdict } | { error: Error }) => {
    if (dog) clearTimeout(dog);
    worker.terminate();
    const s = settle;
    settle = null;
    if (!s) return;
    if ("verdict" in result) s.ok(result.verdict);
    else s.fail(result.error);
  };
  const arm = () => {
    if (dog) clearTimeout(dog);
    dog = setTimeout(() => end({ error: new Error(`it stopped answering for ${Math.round(watchdogMs / 1000)} s and was ended`) }), watchdogMs);
  };
  worker.onmessage = (e) => {
    const m = e.data;
    if (m.type === "progress") {
      arm();
      onProgress(m.progress);
    } else if (m.type === "verdict") end({ verdict: m.verdict });
    else end({ error: new Error(m.message) });
  };
  worker.onerror = (e) => {
    e.preventDefault?.();
    end({ error: new Error(e.message || "the judge's worker failed") });
  };
  arm();
  worker.postMessage(req);
  return { done, cancel: () => end({ error: new Error("cancelled") }) };
}
