// The work the practice lab hands to its worker, as plain data in and out: the three experiments,
// a challenge check and a run summary for the comparison table. runJob is pure and synchronous
// (the worker calls it; so do the tests); progress is reported per trial.
import { createSimulation, runLeaseTuning, type Summary } from "../engine/index.ts";
import type { Challenge } from "./challenge-schema.ts";
import { judgeRun, type Verdict } from "./goals.ts";
import {
  aggregateFigure16,
  runFigure16Trial,
  type Figure16Options,
  type Figure16Result,
  type Figure16Trial,
} from "./experiments/figure16.ts";
import type { LeaseTuningOptions, LeaseTuningResult } from "./experiments/lease-tuning.ts";
import { costRow, type CostOptions, type CostResult } from "./experiments/election-cost.ts";

export interface RunFacts {
  summary: Summary;
  /** each scripted fault, and how long after it a new leadership began (null: none before the
   *  next scripted fault or the end of the run) */
  failovers: Array<{ at: number; fault: string; nextLeaderMs: number | null }>;
}

export type LabJob =
  | { kind: "figure16"; options: Figure16Options }
  /** trials [from, to) of range `ri`: the part of a Figure 16 run one of several workers takes */
  | { kind: "figure16-part"; options: Figure16Options; ri: number; from: number; to: number }
  | { kind: "lease"; options: LeaseTuningOptions }
  | { kind: "cost"; options: CostOptions }
  | { kind: "judge"; challenge: Challenge; scenario: Record<string, unknown> }
  | { kind: "facts"; scenario: Record<string, unknown> };

export type JobResult<J extends LabJob> = J extends { kind: "figure16" }
  ? Figure16Result
  : J extends { kind: "figure16-part" }
    ? Figure16Trial[]
    : J extends { kind: "lease" }
      ? LeaseTuningResult
      : J extends { kind: "cost" }
        ? CostResult
        : J extends { kind: "judge" }
          ? Verdict
          : RunFacts;

export type ToLab = { type: "run"; id: number; job: LabJob };
export type FromLab =
  | { type: "progress"; id: number; done: number; total: number }
  | { type: "result"; id: number; result: unknown }
  | { type: "error"; id: number; message: string };

export type Progress = (done: number, total: number) => void;

export function runFacts(scenario: Record<string, unknown>): RunFacts {
  const sim = createSimulation(scenario, { trace: "roles" }).run();
  const faults = [...sim.scenario.faults].sort((a, b) => a.at - b.at);
  const failovers = faults.map((f, i) => {
    const end = i + 1 < faults.length ? faults[i + 1].at : Infinity;
    const next = sim.trace.find((e) => e.type === "leader-start" && e.t > f.at && e.t < end);
    return { at: f.at, fault: f.do, nextLeaderMs: next ? Math.round((next.t - f.at) * 1000) / 1000 : null };
  });
  return { summary: sim.summary(), failovers };
}

export function runJob(job: LabJob, progress: Progress = () => {}): unknown {
  switch (job.kind) {
    case "figure16": {
      const o = job.options;
      const total = o.ranges.length * o.trials;
      const trials: Figure16Trial[] = [];
      o.ranges.forEach((range, ri) => {
        for (let i = 0; i < o.trials; i++) {
          trials.push(runFigure16Trial(range, ri, i, o));
          progress(trials.length, total);
        }
      });
      return aggregateFigure16(o, trials);
    }
    case "figure16-part": {
      const trials: Figure16Trial[] = [];
      for (let i = job.from; i < job.to; i++) {
        trials.push(runFigure16Trial(job.options.ranges[job.ri], job.ri, i, job.options));
        progress(trials.length, job.to - job.from);
      }
      return trials;
    }
    case "lease":
      return runLeaseTuning(job.options, progress);
    case "cost": {
      const o = job.options;
      const total = o.protocols.length * o.sizes.length;
      const rows = [];
      for (const p of o.protocols)
        for (const n of o.sizes) {
          rows.push(costRow(p, n, o));
          progress(rows.length, total);
        }
      return { options: o, rows } satisfies CostResult;
    }
    case "judge": {
      progress(0, 1);
      // A challenge judged by a search reports its schedules as they run.
      const v = judgeRun(job.challenge, job.scenario, progress);
      progress(1, 1);
      return v;
    }
    case "facts":
      return runFacts(job.scenario);
  }
}

/** Handle one message the way the worker does; progress is sent at most every `every` ms. */
export function handleLabMessage(
  msg: ToLab,
  post: (m: FromLab) => void,
  now: () => number = () => Date.now(),
  every = 50,
): void {
  let last = -Infinity;
  try {
    const result = runJob(msg.job, (done, total) => {
      const t = now();
      if (done === total || t - last >= every) {
        last = t;
        post({ type: "progress", id: msg.id, done, total });
      }
    });
    post({ type: "result", id: msg.id, result });
  } catch (err) {
    post({ type: "error", id: msg.id, message: err instanceof Error ? err.message : String(err) });
  }
}
