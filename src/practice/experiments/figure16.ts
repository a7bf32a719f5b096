// The Raft paper's Figure 16, one trial at a time so the worker can report progress and every
// trial keeps its exact scenario (for the download and for replay in the sandbox). Each trial is
// the engine's own (figure16Trial, the trial spec the CLI's `experiment raft-timeouts` runs):
// the same scenario, the same seeds and the same crash instants, so a run here gives the CLI's
// samples. This module adds what the page needs: options, aggregation, CSV and the scenario set.
import {
  figure16Trial,
  runTrial,
  FIGURE16_DEFAULTS,
  FIGURE16_RANGES,
  stats,
  type Stats,
} from "../../engine/index.ts";
import { toCsv } from "./csv.ts";

export type Range = [number, number];
export interface Figure16Options {
  ranges: Range[];
  trials: number;
  seed: number;
  /** simulated time after the crash before a trial is censored */
  capMs: number;
}
export interface Figure16Trial {
  /** index of the range in the options (it seeds the crash instant, as in the engine) */
  ri: number;
  trial: number;
  seed: number;
  crashAt: number;
  /** time without a leader (ms); capMs when censored */
  sample: number;
  censored: boolean;
}
export interface RangeResult {
  range: Range;
  label: string;
  trials: Figure16Trial[];
  stats: Stats;
  censored: number;
}
export interface Figure16Result {
  options: Figure16Options;
  ranges: RangeResult[];
}

export const rangeLabel = (r: Range) => `${r[0]}-${r[1]}`;
export const FIGURE16_UI_DEFAULTS: Figure16Options = {
  ranges: FIGURE16_RANGES.map((r) => [r[0], r[1]] as Range),
  trials: 100,
  seed: FIGURE16_DEFAULTS.seed,
  capMs: FIGURE16_DEFAULTS.capMs, // the engine's one cap (raft-timeouts.ts says why)
};

/** The paper's reported figures (raft-figure16.md), as marks on the distributions. */
export interface PaperMark {
  range: string;
  /** ms */
  x: number;
  /** fraction of trials at or below x */
  y: number;
  label: string;
}
export const PAPER_MARKS: PaperMark[] = [
  { range: "150-155", x: 287, y: 0.5, label: "the paper, 150-155 ms: median 287 ms" },
  { range: "150-200", x: 513, y: 1, label: "the paper, 150-200 ms: slowest of 1000 trials 513 ms" },
  { range: "12-24", x: 152, y: 1, label: "the paper, 12-24 ms: slowest trial 152 ms (mean 35 ms)" },
];
/** 150-150: every election took over 10 s in the paper. */
export const PAPER_NO_RANDOMNESS = {
  range: "150-150",
  x: 10_000,
  label: "the paper, 150-150 ms: every election took over 10 s",
};

/** The engine's set-up with this page's cap. */
const setup = (capMs: number) => ({ ...FIGURE16_DEFAULTS, capMs });

/** The exact scenario of one trial (plain JSON, as a learner would write it). */
export function figure16Scenario(
  range: Range,
  ri: number,
  seed: number,
  capMs: number,
): { scenario: Record<string, unknown>; crashAt: number } {
  const { scenario, crashAt } = figure16Trial(range, ri, seed, setup(capMs));
  return { scenario, crashAt };
}

/** One trial: crash the leader, time until the next leader (or the cap). */
export function runFigure16Trial(
  range: Range,
  ri: number,
  trial: number,
  opts: Figure16Options,
): Figure16Trial {
  const seed = opts.seed + trial;
  const { crashAt, sample, censored } = runTrial(figure16Trial(range, ri, seed, setup(opts.capMs)));
  return { ri, trial, seed, crashAt, sample, censored };
}

export function aggregateFigure16(
  options: Figure16Options,
  trials: readonly Figure16Trial[],
): Figure16Result {
  return {
    options,
    ranges: options.ranges.map((range, ri) => {
      const mine = trials.filter((t) => t.ri === ri).sort((a, b) => a.trial - b.trial);
      return {
        range,
        label: rangeLabel(range),
        trials: mine,
        stats: stats(mine.map((t) => t.sample)),
        censored: mine.filter((t) => t.censored).length,
      };
    }),
  };
}

/** Points of an empirical CDF: each trial at (sample, rank / n), sorted by sample. */
export function cdfPoints<T extends { sample: number }>(trials: readonly T[]): Array<T & { p: number }> {
  const s = [...trials].sort((a, b) => a.sample - b.sample);
  return s.map((t, i) => ({ ...t, p: (i + 1) / s.length }));
}

/** The paper drew two graphs: varying randomness (150-x, log x axis) and scaling (linear axis). */
export function graphOf(range: Range): "randomness" | "scale" {
  return range[0] === 150 ? "randomness" : "scale";
}

export function figure16Csv(r: Figure16Result): string {
  const rows = r.ranges.flatMap((g) =>
    g.trials.map((t) => [g.range[0], g.range[1], t.trial, t.seed, t.crashAt, t.sample, t.censored]),
  );
  return toCsv(
    [
      "timeout_min_ms",
      "timeout_max_ms",
      "trial",
      "seed",
      "crash_at_ms",
      "time_without_leader_ms",
      "censored",
    ],
    rows,
  );
}

/** Every trial's exact scenario, with what it measured. */
export function figure16ScenarioSet(r: Figure16Result) {
  return {
    experiment: "raft-figure16",
    options: r.options,
    measure: "time without a leader: from the crash of n1 to the next leader (ms); censored at capMs",
    trials: r.ranges.flatMap((g) =>
      g.trials.map((t) => ({
        range: g.label,
        trial: t.trial,
        sample: t.sample,
        censored: t.censored,
        scenario: figure16Scenario(g.range, t.ri, t.seed, r.options.capMs).scenario,
      })),
    ),
  };
}
