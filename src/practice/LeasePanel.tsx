// Lease tuning: sweep the TTL against a distribution of pauses and plot failover time against the
// rate of false failovers, one point per TTL. A slider moves along the curve; each point can
// replay a false failover or its slowest crash failover in the sandbox.
import { useId, useState, type FormEvent } from "react";
import { encodeRun } from "../links/share-link.ts";
import { clientv3KeepAliveEvery } from "../engine/index.ts";
import { XYChart, type ChartPoint } from "./charts/XYChart.tsx";
import {
  describePauses,
  ETCD_MIN_TTL_MS,
  LEASE_UI_DEFAULTS,
  leaseCsv,
  leaseScenarioSet,
  leaseTrialScenario,
  type LeaseTrial,
  type LeaseTuningOptions,
  type LeaseTuningResult,
  type PauseDistribution,
  type TtlPoint,
} from "./experiments/lease-tuning.ts";
import type { LabWorkerLike } from "./lab-client.ts";
import { Downloads, fmtDur, parseList, RunBar, useLabJob } from "./lab-ui.tsx";

const pct = (v: number) => `${Math.round(v * 1000) / 10}%`;

export function LeasePanel({
  openRun,
  createWorker,
}: {
  openRun: (code: string) => void;
  createWorker?: () => LabWorkerLike;
}) {
  const id = useId();
  const job = useLabJob<{ kind: "lease"; options: LeaseTuningOptions }>("lease", createWorker);
  const d = LEASE_UI_DEFAULTS;
  const [ttls, setTtls] = useState(d.ttlsMs.map((x) => x / 1000).join(", "));
  const [trials, setTrials] = useState(String(d.trials));
  const [seed, setSeed] = useState("1");
  const [kind, setKind] = useState<PauseDistribution["kind"]>("lognormal");
  const [p1, setP1] = useState(String((d.pauses as { medianMs: number }).medianMs));
  const [p2, setP2] = useState("1");
  const [error, setError] = useState("");

  const param =
    kind === "lognormal"
      ? ["Median pause (ms)", "Spread (sigma of the log)"]
      : kind === "exponential"
        ? ["Mean pause (ms)", null]
        : ["Shortest pause (ms)", "Longest pause (ms)"];

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const list = parseList(ttls);
    const n = Number(trials);
    const a = Number(p1);
    const b = Number(p2);
    if (!list || list.length > 20 || list.some((x) => x > 120))
      return setError("TTLs: up to 20 positive numbers of seconds (at most 120), separated by commas.");
    if (!Number.isInteger(n) || n < 1 || n > 500)
      return setError("Trials per TTL: a whole number from 1 to 500.");
    if (!Number.isInteger(Number(seed))) return setError("First random run: give a whole number.");
    if (!(a > 0) || (param[1] && !(b > 0)) || (kind === "uniform" && b < a))
      return setError(
        "The pause distribution needs positive numbers (and for uniform, longest at least shortest).",
      );
    const pauses: PauseDistribution =
      kind === "lognormal"
        ? { kind, medianMs: a, sigma: b }
        : kind === "exponential"
          ? { kind, meanMs: a }
          : { kind, minMs: a, maxMs: b };
    setError("");
    job.run({
      kind: "lease",
      options: {
        ttlsMs: [...new Set(list.map((x) => Math.round(x * 1000)))].sort((x, y) => x - y),
        trials: n,
        seed: Number(seed),
        pauses,
      },
    });
  };

  return (
    <section className="pr-exp" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Lease tuning: failover time against false failovers</h2>
      <p className="pr-measure">
        A short lease notices a dead leader quickly, and also mistakes a leader that merely stalled for a dead
        one. For each TTL, trials run the lessons&apos; billing job (three replicas on an etcd lease, kept
        alive as etcd&apos;s client does: on the first pass of its half-second loop after a third of the TTL):
        half pause the leader for a length drawn from the distribution below (any new leader afterwards is a
        false failover, since the leader was alive), half crash it (the failover time is crash to next
        leader). Each fault strikes at a random point of the renewal interval; trial <em>i</em> meets the same
        pause at every TTL. etcd raises any TTL under {ETCD_MIN_TTL_MS / 1000} s to {ETCD_MIN_TTL_MS / 1000}{" "}
        s.
      </p>
      <form className="pr-form" onSubmit={submit} noValidate>
        <div className="pr-fields">
          <div className="pr-field pr-wide">
            <label htmlFor={`${id}-ttl`}>TTLs to try (s, separated by commas)</label>
            <input
              id={`${id}-ttl`}
              type="text"
              inputMode="decimal"
              value={ttls}
              onChange={(e) => setTtls(e.target.value)}
            />
          </div>
          <div className="pr-field">
            <label htmlFor={`${id}-n`}>Trials per TTL (each: one pause, one crash)</label>
            <input
              id={`${id}-n`}
              type="number"
              min={1}
              max={500}
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
        </div>
        <fieldset className="pr-fieldset">
          <legend>Pause lengths (stop-the-world pauses of the leader)</legend>
          <div className="pr-fields">
            <div className="pr-field">
              <label htmlFor={`${id}-kind`}>Distribution</label>
              <select
                id={`${id}-kind`}
                value={kind}
                onChange={(e) => {
                  const k = e.target.value as PauseDistribution["kind"];
                  setKind(k);
                  const [a, b] =
                    k === "lognormal" ? ["1000", "1"] : k === "exponential" ? ["1000", p2] : ["500", "4000"];
                  setP1(a);
                  setP2(b);
                }}
              >
                <option value="lognormal">log-normal (mostly short, a long tail)</option>
                <option value="exponential">exponential</option>
                <option value="uniform">uniform</option>
              </select>
            </div>
            <div className="pr-field">
              <label htmlFor={`${id}-p1`}>{param[0]}</label>
              <input
                id={`${id}-p1`}
                type="number"
                min={0}
                step="any"
                value={p1}
                onChange={(e) => setP1(e.target.value)}
              />
            </div>
            {param[1] && (
              <div className="pr-field">
                <label htmlFor={`${id}-p2`}>{param[1]}</label>
                <input
                  id={`${id}-p2`}
                  type="number"
                  min={0}
                  step="any"
                  value={p2}
                  onChange={(e) => setP2(e.target.value)}
                />
              </div>
            )}
          </div>
        </fieldset>
        {error && (
          <p className="pr-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="button primary" disabled={job.state.status === "running"}>
          Run the lease sweep
        </button>
      </form>
      <RunBar state={job.state} unit="trials" onCancel={job.cancel} />
      {job.result && (
        <LeaseResults key={JSON.stringify(job.result.options)} result={job.result} openRun={openRun} />
      )}
    </section>
  );
}

type TtlChartPoint = ChartPoint & { point: TtlPoint; index: number };

function LeaseResults({ result, openRun }: { result: LeaseTuningResult; openRun: (code: string) => void }) {
  const id = useId();
  const pts = result.points;
  const [sel, setSel] = useState(() =>
    Math.max(
      0,
      pts.findIndex((p) => p.falseRate === 0),
    ),
  );
  const cur = pts[sel];
  const xMax = Math.max(1000, ...pts.map((p) => p.crashFailover.p95 || 0)) * 1.08;
  const yMax = Math.max(0.1, ...pts.map((p) => p.falseRate)) * 1.1;
  const chartPoints: TtlChartPoint[] = pts.map((p, i) => ({
    x: p.crashFailover.median,
    y: p.falseRate,
    point: p,
    index: i,
    label: `TTL ${fmtDur(p.ttlMs)}: failover after a crash ${fmtDur(p.crashFailover.median)} (median), false failovers ${pct(p.falseRate)}`,
  }));
  const trialsOf = (ttl: number, kind: "pause" | "crash") =>
    result.trials.filter((t) => t.ttlMs === ttl && t.kind === kind);
  const falseOne = cur ? trialsOf(cur.ttlMs, "pause").find((t) => t.failoverMs !== null) : undefined;
  const slowest = cur
    ? [...trialsOf(cur.ttlMs, "crash")].sort(
        (a, b) => (b.failoverMs ?? Infinity) - (a.failoverMs ?? Infinity),
      )[0]
    : undefined;
  const replay = async (t: LeaseTrial) =>
    openRun(
      await encodeRun({
        scenario: leaseTrialScenario(t.ttlMs, t.kind, t.trial, result.options).scenario,
        at: Math.max(0, Math.floor(t.at) - 2000),
      }),
    );

  return (
    <div className="pr-results">
      <h3>Results</h3>
      <p className="pr-hint">
        Pauses: {describePauses(result.options.pauses)}; {result.options.trials} pause and{" "}
        {result.options.trials} crash trials per TTL.
      </p>
      <XYChart
        title="Each TTL is a point: failover time after a crash (median, line to the 95th percentile) against the share of pauses that caused a failover"
        summary={pts
          .map(
            (p) =>
              `TTL ${fmtDur(p.ttlMs)}: median failover ${fmtDur(p.crashFailover.median)}, false failovers ${pct(p.falseRate)}.`,
          )
          .join(" ")}
        x={{
          type: "linear",
          domain: [0, xMax],
          label: "failover time after a crash",
          format: (v) => fmtDur(v),
        }}
        y={{ type: "linear", domain: [0, yMax], label: "pauses that caused a failover", format: pct }}
        series={[
          {
            id: "ttl",
            label: "one point per TTL (median failover; whisker to the 95th percentile)",
            style: 0,
            path: "line",
            points: chartPoints,
            whiskers: pts.map((p) => ({
              x0: p.crashFailover.median,
              x1: p.crashFailover.p95,
              y: p.falseRate,
            })),
          },
        ]}
        highlight={{ series: "ttl", index: sel, label: cur ? `TTL ${fmtDur(cur.ttlMs)}` : undefined }}
        onActivate={(_s, p) => setSel(p.index)}
        activateHint="Enter or a click selects this TTL"
      />
      <div className="pr-slider">
        <label htmlFor={`${id}-s`}>Move along the curve: TTL</label>
        <input
          id={`${id}-s`}
          type="range"
          min={0}
          max={pts.length - 1}
          step={1}
          value={sel}
          aria-valuetext={cur ? `TTL ${fmtDur(cur.ttlMs)}` : ""}
          onChange={(e) => setSel(Number(e.target.value))}
        />
        <output htmlFor={`${id}-s`}>{cur ? fmtDur(cur.ttlMs) : ""}</output>
      </div>
      {cur && (
        <div className="pr-readout-box" aria-live="polite">
          <p>
            <strong>TTL {fmtDur(cur.ttlMs)}</strong> (renewed every{" "}
            {fmtDur(clientv3KeepAliveEvery(cur.ttlMs))}): a crash fails over in{" "}
            {fmtDur(cur.crashFailover.median)} at the median, {fmtDur(cur.crashFailover.p95)} at the 95th
            percentile and {fmtDur(cur.crashFailover.max)} at worst; {cur.falseFailovers} of{" "}
            {result.options.trials} pauses ({pct(cur.falseRate)}) handed leadership to another replica
            although the leader was alive.
            {cur.noFailover > 0 &&
              ` ${cur.noFailover} crash trials found no new leader before the run ended.`}
          </p>
          <div className="button-row">
            {falseOne && (
              <button type="button" className="button" onClick={() => void replay(falseOne)}>
                Replay a false failover ({fmtDur(falseOne.pauseMs)} pause)
              </button>
            )}
            {slowest && (
              <button type="button" className="button" onClick={() => void replay(slowest)}>
                Replay the slowest crash failover
              </button>
            )}
          </div>
        </div>
      )}
      <div className="table-scroll" tabIndex={0} role="region" aria-label="Lease tuning results table">
        <table className="pr-table">
          <caption>Failover after a crash and false failovers after a pause, per TTL</caption>
          <thead>
            <tr>
              <th scope="col">TTL</th>
              <th scope="col">Failover, median</th>
              <th scope="col">95th pct.</th>
              <th scope="col">Slowest</th>
              <th scope="col">False failovers</th>
            </tr>
          </thead>
          <tbody>
            {pts.map((p) => (
              <tr key={p.ttlMs} aria-current={p === cur ? "true" : undefined}>
                <th scope="row">{fmtDur(p.ttlMs)}</th>
                <td>{fmtDur(p.crashFailover.median)}</td>
                <td>{fmtDur(p.crashFailover.p95)}</td>
                <td>{fmtDur(p.crashFailover.max)}</td>
                <td>
                  {p.falseFailovers} of {result.options.trials} ({pct(p.falseRate)})
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Downloads
        name="lease-tuning"
        csv={() => leaseCsv(result)}
        scenarios={() => leaseScenarioSet(result)}
      />
    </div>
  );
}
