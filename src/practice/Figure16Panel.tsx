// The Raft timeout experiment (the paper's Figure 16): choose ranges and trials, run them in the
// worker, and read the cumulative distributions of time without a leader beside the paper's
// reported figures. Any trial opens in the sandbox, replaying its exact scenario.
import { useId, useMemo, useState, type FormEvent } from "react";
import { FIGURE16_PAPER, FIGURE16_RANGES } from "../engine/index.ts";
import { encodeRun } from "../links/share-link.ts";
import { XYChart, type ChartPoint, type ChartSeries } from "./charts/XYChart.tsx";
import {
  cdfPoints,
  figure16Csv,
  figure16Scenario,
  figure16ScenarioSet,
  FIGURE16_UI_DEFAULTS,
  graphOf,
  PAPER_MARKS,
  PAPER_NO_RANDOMNESS,
  rangeLabel,
  type Figure16Result,
  type Figure16Trial,
  type Range,
  type RangeResult,
} from "./experiments/figure16.ts";
import type { LabWorkerLike } from "./lab-client.ts";
import { Downloads, fmtDur, RunBar, useLabJob } from "./lab-ui.tsx";

type TrialPoint = ChartPoint & { trial: Figure16Trial; range: Range };

const fmtAxis = (v: number) => (v >= 1000 ? `${v / 1000} s` : `${v} ms`);
const pct = (v: number) => `${Math.round(v * 100)}%`;

/** The sandbox link for one trial: its exact scenario, opened at the start. */
export async function trialLink(range: Range, t: Figure16Trial, capMs: number): Promise<string> {
  return encodeRun({ scenario: figure16Scenario(range, t.ri, t.seed, capMs).scenario, at: 0 });
}

function seriesOf(groups: RangeResult[], styleOf: (g: RangeResult) => number): ChartSeries<TrialPoint>[] {
  return groups.map((g) => ({
    id: g.label,
    label: `${g.label} ms`,
    style: styleOf(g),
    path: "step" as const,
    points: cdfPoints(g.trials).map((t) => ({
      x: t.sample,
      y: t.p,
      trial: t,
      range: g.range,
      label: `${g.label} ms, trial ${t.trial + 1}: ${t.censored ? `no leader within ${fmtDur(t.sample)}` : `${fmtDur(t.sample)} without a leader`} (${pct(t.p)} of trials at or below)`,
    })),
  }));
}

function chartSummary(groups: RangeResult[]): string {
  return groups
    .map(
      (g) =>
        `${g.label} ms: median ${fmtDur(g.stats.median)}, slowest ${fmtDur(g.stats.max)}${g.censored ? `, ${g.censored} without a leader by the cap` : ""}.`,
    )
    .join(" ");
}

export function Figure16Panel({
  openRun,
  createWorker,
}: {
  openRun: (code: string) => void;
  createWorker?: () => LabWorkerLike;
}) {
  const id = useId();
  const job = useLabJob<{ kind: "figure16"; options: typeof FIGURE16_UI_DEFAULTS }>("figure16", createWorker);
  const [ranges, setRanges] = useState<Range[]>(FIGURE16_UI_DEFAULTS.ranges);
  const [custom, setCustom] = useState<{ min: string; max: string }>({ min: "", max: "" });
  const [trials, setTrials] = useState(String(FIGURE16_UI_DEFAULTS.trials));
  const [seed, setSeed] = useState("1");
  const [cap, setCap] = useState(String(FIGURE16_UI_DEFAULTS.capMs / 1000));
  const [error, setError] = useState("");
  const [opening, setOpening] = useState("");
  const choices = useMemo(() => {
    const all = [...FIGURE16_RANGES.map((r) => [r[0], r[1]] as Range)];
    for (const r of ranges) if (!all.some((a) => rangeLabel(a) === rangeLabel(r))) all.push(r);
    return all;
  }, [ranges]);

  const toggle = (r: Range, on: boolean) =>
    setRanges((old) =>
      on
        ? choices.filter(
            (c) => old.some((o) => rangeLabel(o) === rangeLabel(c)) || rangeLabel(c) === rangeLabel(r),
          )
        : old.filter((o) => rangeLabel(o) !== rangeLabel(r)),
    );

  const addCustom = () => {
    const a = Number(custom.min);
    const b = Number(custom.max);
    if (!Number.isFinite(a) || !Number.isFinite(b) || a < 2 || b < a || b > 5000) {
      setError(
        "A custom range needs a shortest timeout of at least 2 ms and a longest no smaller, up to 5000 ms.",
      );
      return;
    }
    setError("");
    const r: Range = [a, b];
    if (!ranges.some((o) => rangeLabel(o) === rangeLabel(r))) setRanges((old) => [...old, r]);
    setCustom({ min: "", max: "" });
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const n = Number(trials);
    const s = Number(seed);
    const c = Number(cap);
    if (ranges.length === 0) return setError("Choose at least one timeout range.");
    if (!Number.isInteger(n) || n < 1 || n > 1000)
      return setError("Trials per range: a whole number from 1 to 1000.");
    if (!Number.isInteger(s)) return setError("First random run: give a whole number.");
    if (!Number.isFinite(c) || c < 1 || c > 200) return setError("The cap must be between 1 and 200 s.");
    setError("");
    job.run({ kind: "figure16", options: { ranges, trials: n, seed: s, capMs: c * 1000 } });
  };

  const replay = async (range: Range, t: Figure16Trial, capMs: number) => {
    setOpening(`Opening ${rangeLabel(range)} ms, trial ${t.trial + 1} in the sandbox…`);
    openRun(await trialLink(range, t, capMs));
  };

  return (
    <section className="pr-exp" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Raft election timeouts (Figure 16)</h2>
      <p className="pr-measure">
        The Raft paper crashed the leader of a five-server cluster again and again and timed how long the
        cluster went without a leader, for different ranges of the randomised election timeout. Here the same
        set-up runs in the engine: logs of unequal length, a synchronised heartbeat just before the crash, the
        crash at a random point of the heartbeat interval, a message round trip of about 15 ms. The paper ran
        1000 trials per range (100 for 150-150).
      </p>
      <form className="pr-form" onSubmit={submit} noValidate>
        <fieldset className="pr-fieldset">
          <legend>Timeout ranges (ms)</legend>
          <div className="pr-range-grid">
            {choices.map((r) => {
              const on = ranges.some((o) => rangeLabel(o) === rangeLabel(r));
              return (
                <label key={rangeLabel(r)} className="pr-check">
                  <input type="checkbox" checked={on} onChange={(e) => toggle(r, e.target.checked)} />{" "}
                  {rangeLabel(r)}
                </label>
              );
            })}
          </div>
          <div className="pr-fields pr-custom">
            <div className="pr-field">
              <label htmlFor={`${id}-cmin`}>Your own range: shortest (ms)</label>
              <input
                id={`${id}-cmin`}
                type="number"
                min={2}
                value={custom.min}
                onChange={(e) => setCustom({ ...custom, min: e.target.value })}
              />
            </div>
            <div className="pr-field">
              <label htmlFor={`${id}-cmax`}>longest (ms)</label>
              <input
                id={`${id}-cmax`}
                type="number"
                min={2}
                value={custom.max}
                onChange={(e) => setCustom({ ...custom, max: e.target.value })}
              />
            </div>
            <button type="button" className="button" onClick={addCustom}>
              Add range
            </button>
          </div>
        </fieldset>
        <div className="pr-fields">
          <div className="pr-field">
            <label htmlFor={`${id}-n`}>Trials per range</label>
            <input
              id={`${id}-n`}
              type="number"
              min={1}
              max={1000}
              value={trials}
              onChange={(e) => setTrials(e.target.value)}
            />
          </div>
          <div className="pr-field">
            <label htmlFor={`${id}-seed`}>First random run</label>
            <input
              id={`${id}-seed`}
              type="number"
              step={1}
              value={seed}
              onChange={(e) => setSeed(e.target.value)}
            />
          </div>
          <div className="pr-field">
            <label htmlFor={`${id}-cap`}>Give up on a trial after (s)</label>
            <input
              id={`${id}-cap`}
              type="number"
              min={1}
              max={200}
              value={cap}
              onChange={(e) => setCap(e.target.value)}
            />
          </div>
        </div>
        {error && (
          <p className="pr-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="button primary" disabled={job.state.status === "running"}>
          Run the Figure 16 experiment
        </button>
      </form>
      <RunBar state={job.state} unit="trials" onCancel={job.cancel} />
      {job.result && (
        <Figure16Results
          result={job.result}
          onReplay={(r, t) => void replay(r, t, job.result!.options.capMs)}
        />
      )}
      {opening && (
        <p role="status" className="pr-hint">
          {opening}
        </p>
      )}
    </section>
  );
}

function Figure16Results({
  result,
  onReplay,
}: {
  result: Figure16Result;
  onReplay: (r: Range, t: Figure16Trial) => void;
}) {
  const id = useId();
  const styleOf = (g: RangeResult) => result.ranges.indexOf(g);
  const top = result.ranges.filter((g) => graphOf(g.range) === "randomness");
  const bottom = result.ranges.filter((g) => graphOf(g.range) === "scale" || g.label === "150-300");
  const all = result.ranges.flatMap((g) => g.trials.map((t) => t.sample));
  const maxAll = Math.max(1, ...all);
  const minAll = Math.min(...all);
  const bottomMax = Math.max(600, ...bottom.flatMap((g) => g.trials.map((t) => t.sample)));
  const marks = (groups: RangeResult[]) =>
    PAPER_MARKS.filter((m) => groups.some((g) => g.label === m.range)).map((m) => ({
      x: m.x,
      y: m.y,
      label: m.label,
    }));
  const [pick, setPick] = useState({ range: result.ranges[0]?.label ?? "", trial: "1" });
  const picked = result.ranges.find((g) => g.label === pick.range);
  const activate = (_s: ChartSeries<TrialPoint>, p: TrialPoint) => onReplay(p.range, p.trial);

  return (
    <div className="pr-results">
      <h3>Results</h3>
      <div className="table-scroll" tabIndex={0} role="region" aria-label="Figure 16 results table">
        <table className="pr-table">
          <caption>
            Time without a leader after the leader crashes, per timeout range ({result.options.trials} trials
            each, random runs {result.options.seed} to {result.options.seed + result.options.trials - 1})
          </caption>
          <thead>
            <tr>
              <th scope="col">Range (ms)</th>
              <th scope="col">Median</th>
              <th scope="col">Mean</th>
              <th scope="col">95th pct.</th>
              <th scope="col">Slowest</th>
              <th scope="col">No leader by the cap</th>
              <th scope="col">The paper reports</th>
            </tr>
          </thead>
          <tbody>
            {result.ranges.map((g) => (
              <tr key={g.label}>
                <th scope="row">{g.label}</th>
                <td>{fmtDur(g.stats.median)}</td>
                <td>{fmtDur(g.stats.mean)}</td>
                <td>{fmtDur(g.stats.p95)}</td>
                <td>{fmtDur(g.stats.max)}</td>
                <td>{g.censored}</td>
                <td className="pr-wrap">
                  {FIGURE16_PAPER[g.label] ??
                    (g.label === "150-151" ||
                    g.label === "150-175" ||
                    g.label === "25-50" ||
                    g.label === "50-100" ||
                    g.label === "100-200"
                      ? "drawn in the figure, no figure quoted"
                      : "not in the paper")}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Downloads
        name={`raft-figure16-${result.options.trials}-trials`}
        csv={() => figure16Csv(result)}
        scenarios={() => figure16ScenarioSet(result)}
      />
      {top.length > 0 && (
        <XYChart
          title="Varying the randomness: shortest timeout 150 ms (log scale, as in the paper)"
          summary={`Cumulative distribution of time without a leader. ${chartSummary(top)} The paper reports: 150-150 over 10 s in every trial, 150-155 a median of 287 ms, 150-200 a slowest trial of 513 ms.`}
          x={{
            type: "log",
            domain: [Math.min(100, minAll * 0.9), Math.max(100_000, maxAll)],
            label: "time without leader (log scale)",
            format: fmtAxis,
          }}
          y={{ type: "linear", domain: [0, 1], label: "trials at or below", format: pct }}
          series={seriesOf(top, styleOf)}
          annotations={marks(top)}
          rules={
            top.some((g) => g.label === PAPER_NO_RANDOMNESS.range)
              ? [{ x: PAPER_NO_RANDOMNESS.x, label: PAPER_NO_RANDOMNESS.label }]
              : []
          }
          onActivate={activate}
          activateHint="Enter or a click replays it in the sandbox"
        />
      )}
      {bottom.length > 0 && (
        <XYChart
          title={`Scaling the timeouts (linear scale, 0 to ${fmtAxis(Math.round(bottomMax))})`}
          summary={`Cumulative distribution of time without a leader. ${chartSummary(bottom)} The paper reports 12-24 ms: mean 35 ms, slowest 152 ms.`}
          x={{ type: "linear", domain: [0, bottomMax], label: "time without leader", format: fmtAxis }}
          y={{ type: "linear", domain: [0, 1], label: "trials at or below", format: pct }}
          series={seriesOf(bottom, styleOf)}
          annotations={marks(bottom)}
          onActivate={activate}
          activateHint="Enter or a click replays it in the sandbox"
        />
      )}
      <form
        className="pr-form pr-inline"
        onSubmit={(e) => {
          e.preventDefault();
          const t = picked?.trials[Number(pick.trial) - 1];
          if (picked && t) onReplay(picked.range, t);
        }}
      >
        <div className="pr-field">
          <label htmlFor={`${id}-r`}>Replay a trial: range</label>
          <select
            id={`${id}-r`}
            value={pick.range}
            onChange={(e) => setPick({ ...pick, range: e.target.value })}
          >
            {result.ranges.map((g) => (
              <option key={g.label} value={g.label}>
                {g.label} ms
              </option>
            ))}
          </select>
        </div>
        <div className="pr-field">
          <label htmlFor={`${id}-t`}>trial (1 to {result.options.trials})</label>
          <input
            id={`${id}-t`}
            type="number"
            min={1}
            max={result.options.trials}
            value={pick.trial}
            onChange={(e) => setPick({ ...pick, trial: e.target.value })}
          />
        </div>
        <button type="submit" className="button">
          Replay in the sandbox
        </button>
      </form>
    </div>
  );
}
