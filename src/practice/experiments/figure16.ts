// The Raft paper's Figure 16, one trial at a time so the worker can report progress and every
// trial keeps its exact scenario (for the download and for replay in the sandbox). The set-up is
// the engine's own (src/engine/experiments/raft-timeouts.ts, FIGURE16_DEFAULTS): the same
// scenario, the same seeds and the same crash instants, so a run here gives the CLI's samples
// (the unit tests hold the two to each other).
import { createSimulation, FIGURE16_DEFAULTS, FIGURE16_RANGES, stats, type Stats } from "../../engine/index.ts";
import { seedRng, uniform } from "../../engine/core/random.ts";
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
  capMs: 60_000,
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
export const PAPER_NO_RANDOMNESS = { range: "150-150", x: 10_000, label: "the paper, 150-150 ms: every election took over 10 s" };

/** The exact scenario of one trial (plain JSON, as a learner would write it). */
export function figure16Scenario(range: Range, ri: number, seed: number, capMs: number): { scenario: Record<string, unknown>; crashAt: number } {
  const o = FIGURE16_DEFAULTS;
  const heartbeat = range[0] / 2;
  // The crash instant comes from its own stream (engine: seed * 7919 + ri * 104729 + 17).
  const crashAt = Math.round(uniform(seedRng(seed * 7919 + ri * 104729 + 17), 0, heartbeat) * 1000) / 1000;
  return {
    crashAt,
    scenario: {
      protocol: "raft", nodes: 5, seed, until: crashAt + capMs, timerNoise: o.timerNoise,
      network: { delay: o.delay, jitter: o.jitter, loss: 0 },
      timing: { electionTimeout: [range[0], range[1]], heartbeat },
      options: { initialLeader: "n1", logs: [...o.logs], replicate: false, appendWrites: false, persist: o.persist, voteLost: false }, // the paper's rules, as engine/experiments/raft-timeouts.ts
      work: { every: 0 },
      faults: [{ at: crashAt, do: "crash", node: "n1" }],
    },
  };
}

/** One trial: crash the leader, time until the next leader (or the cap). */
export function runFigure16Trial(range: Range, ri: number, trial: number, opts: Figure16Options): Figure16Trial {
  const seed = opts.seed + trial;
  const { scenario, crashAt } = figure16Scenario(range, ri, seed, opts.capMs);
  const sim = createSimulation(scenario, { trace: "roles" });
  const st = () => sim.state;
  sim.runUntil(crashAt + opts.capMs, () => st().now > crashAt && st().mon.believers > 0);
  const led = st().mon.believers > 0 && st().now > crashAt;
  return { ri, trial, seed, crashAt, sample: led ? Math.round((st().now - crashAt) * 1000) / 1000 : opts.capMs, censored: !led };
}

export function aggregateFigure16(options: Figure16Options, trials: readonly Figure16Trial[]): Figure16Result {
  return {
    options,
    ranges: options.ranges.map((range, ri) => {
      const mine = trials.filter((t) => t.ri === ri).sort((a, b) => a.trial - b.trial);
      return { range, label: rangeLabel(range), trials: mine, stats: stats(mine.map((t) => t.sample)), censored: mine.filter((t) => t.censored).length };
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
  const rows = r.ranges.flatMap((g) => g.trials.map((t) => [g.range[0], g.range[1], t.trial, t.seed, t.crashAt, t.sample, t.censored]));
  return toCsv(["timeout_min_ms", "timeout_max_ms", "trial", "seed", "crash_at_ms", "time_without_leader_ms", "censored"], rows);
}

/** Every trial's exact scenario, with what it measured. */
export function figure16ScenarioSet(r: Figure16Result) {
  return {
    experiment: "raft-figure16",
    options: r.options,
    measure: "time without a leader: from the crash of n1 to the next leader (ms); censored at capMs",
    trials: r.ranges.flatMap((g) =>
      g.trials.map((t) => ({ range: g.label, trial: t.trial, sample: t.sample, censored: t.censored, scenario: figure16Scenario(g.range, t.ri, t.seed, r.options.capMs).scenario })),
    ),
  };
}
