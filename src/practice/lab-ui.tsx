// Shared pieces of the experiment panels: a job run in the lab worker with its progress and a
// cancel button, and the two downloads every result offers.
import { useEffect, useRef, useState } from "react";
import { CancelledError, LabClient, type LabWorkerLike } from "./lab-client.ts";
import type { JobResult, LabJob } from "./lab-jobs.ts";
import { downloadText } from "../ui/download";

export type JobStatus = "idle" | "running" | "done" | "cancelled" | "error";
export interface JobState {
  status: JobStatus;
  done: number;
  total: number;
  error: string;
  /** real time the run took (ms), when done */
  tookMs: number;
}

/** Results survive moving between the experiments (not a reload). */
const cache = new Map<string, unknown>();

export function useLabJob<J extends LabJob>(key: string, createWorker?: () => LabWorkerLike) {
  const client = useRef<LabClient | null>(null);
  const [state, setState] = useState<JobState>({
    status: cache.has(key) ? "done" : "idle",
    done: 0,
    total: 0,
    error: "",
    tookMs: 0,
  });
  const [result, setResult] = useState<JobResult<J> | null>(
    () => (cache.get(key) as JobResult<J> | undefined) ?? null,
  );
  useEffect(() => {
    client.current = new LabClient(createWorker);
    return () => client.current?.dispose();
  }, [createWorker]);

  const run = (job: J) => {
    const c = client.current;
    if (!c) return;
    const t0 = performance.now();
    setState({ status: "running", done: 0, total: 0, error: "", tookMs: 0 });
    c.run(job, (done, total) =>
      setState((s) => (s.status === "running" ? { ...s, done, total } : s)),
    ).promise.then(
      (r) => {
        cache.set(key, r);
        setResult(r);
        setState((s) => ({ ...s, status: "done", done: s.total || s.done, tookMs: performance.now() - t0 }));
      },
      (err: Error) => {
        if (err instanceof CancelledError) setState((s) => ({ ...s, status: "cancelled" }));
        else setState((s) => ({ ...s, status: "error", error: err.message }));
      },
    );
  };
  const cancel = () => client.current?.cancelAll();
  return { state, result, run, cancel };
}

export function RunBar({ state, unit, onCancel }: { state: JobState; unit: string; onCancel: () => void }) {
  const pct = state.total ? Math.round((100 * state.done) / state.total) : 0;
  return (
    <div className="pr-runbar">
      {state.status === "running" && (
        <>
          <progress
            max={state.total || 1}
            value={state.done}
            aria-label="Experiment progress"
            aria-valuetext={`${state.done} of ${state.total || "?"} ${unit}`}
          />
          <span className="pr-runbar-text" aria-hidden="true">
            {state.total ? `${state.done} of ${state.total} ${unit} (${pct}%)` : "Starting…"}
          </span>
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
        </>
      )}
      <p role="status" className="pr-runbar-status">
        {state.status === "running" && `Running in the background; the page stays usable.`}
        {state.status === "done" &&
          state.tookMs > 0 &&
          `Done: ${state.total} ${unit} in ${(state.tookMs / 1000).toFixed(1)} s.`}
        {state.status === "cancelled" && "Cancelled. Nothing was kept from the unfinished run."}
      </p>
      {state.status === "error" && (
        <p role="alert" className="pr-error">
          The experiment failed: {state.error}
        </p>
      )}
    </div>
  );
}

export function Downloads({
  name,
  csv,
  scenarios,
}: {
  name: string;
  csv: () => string;
  scenarios: () => unknown;
}) {
  return (
    <div className="button-row pr-downloads">
      <button
        type="button"
        className="button"
        onClick={() => downloadText(`${name}.csv`, csv(), "text/csv;charset=utf-8")}
      >
        Download CSV
      </button>
      <button
        type="button"
        className="button"
        onClick={() =>
          downloadText(
            `${name}-scenarios.json`,
            `${JSON.stringify(scenarios(), null, 2)}\n`,
            "application/json",
          )
        }
      >
        Download the scenario set (JSON)
      </button>
    </div>
  );
}

export const fmtDur = (ms: number | null | undefined): string => {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return "–";
  if (ms >= 1000) return `${Math.round(ms / 10) / 100} s`;
  return `${Math.round(ms * 10) / 10} ms`;
};

/** Parse "2, 3, 4.5" into numbers; null when any entry is not a positive number. */
export function parseList(text: string): number[] | null {
  const parts = text.split(/[\s,]+/).filter(Boolean);
  if (parts.length === 0) return null;
  const nums = parts.map(Number);
  return nums.every((n) => Number.isFinite(n) && n > 0) ? nums : null;
}
