// Algorithm cost: messages and time per election for bully, ring, Raft and Zab as the cluster
// grows, from the engine's own election-cost experiment, with what the literature predicts.
import { useId, useState, type FormEvent } from "react";
import { ELECTION_COST_PROTOCOLS, KNOWN_COST } from "../engine/index.ts";
import { XYChart, type ChartSeries } from "./charts/XYChart.tsx";
import {
  COST_UI_DEFAULTS,
  costCsv,
  costScenarioSet,
  type CostOptions,
  type CostResult,
} from "./experiments/election-cost.ts";
import type { LabWorkerLike } from "./lab-client.ts";
import { Downloads, fmtDur, parseList, RunBar, useLabJob } from "./lab-ui.tsx";

const NAMES: Record<string, string> = {
  bully: "Bully",
  ring: "Ring (Chang-Roberts)",
  raft: "Raft",
  zab: "Zab",
};

export function CostPanel({ createWorker }: { createWorker?: () => LabWorkerLike }) {
  const id = useId();
  const job = useLabJob<{ kind: "cost"; options: CostOptions }>("cost", createWorker);
  const [protocols, setProtocols] = useState<string[]>(COST_UI_DEFAULTS.protocols);
  const [sizes, setSizes] = useState(COST_UI_DEFAULTS.sizes.join(", "));
  const [trials, setTrials] = useState(String(COST_UI_DEFAULTS.trials));
  const [seed, setSeed] = useState("1");
  const [error, setError] = useState("");

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const list = parseList(sizes);
    const n = Number(trials);
    if (protocols.length === 0) return setError("Choose at least one algorithm.");
    if (!list || list.some((x) => !Number.isInteger(x) || x < 3 || x > 25))
      return setError("Cluster sizes: whole numbers from 3 to 25, separated by commas.");
    if (!Number.isInteger(n) || n < 1 || n > 200)
      return setError("Trials per size: a whole number from 1 to 200.");
    if (!Number.isInteger(Number(seed))) return setError("First random run: give a whole number.");
    setError("");
    job.run({
      kind: "cost",
      options: {
        protocols: ELECTION_COST_PROTOCOLS.filter((p) => protocols.includes(p)),
        sizes: [...new Set(list)].sort((a, b) => a - b),
        trials: n,
        seed: Number(seed),
      },
    });
  };

  return (
    <section className="pr-exp" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Algorithm cost: messages and time per election</h2>
      <p className="pr-measure">
        Each trial boots a cluster with the algorithm&apos;s default timing, lets it elect, crashes the
        leader, and counts the messages that belong to electing (no heartbeats, pings or work) from the crash
        until the new leader is in place, plus a short settle for the last announcements. It also times the
        failover (crash to new leader, detection included) and the election itself (first election message to
        new leader).
      </p>
      <form className="pr-form" onSubmit={submit} noValidate>
        <fieldset className="pr-fieldset">
          <legend>Algorithms</legend>
          <div className="pr-range-grid">
            {ELECTION_COST_PROTOCOLS.map((p) => (
              <label key={p} className="pr-check">
                <input
                  type="checkbox"
                  checked={protocols.includes(p)}
                  onChange={(e) =>
                    setProtocols((old) => (e.target.checked ? [...old, p] : old.filter((x) => x !== p)))
                  }
                />{" "}
                {NAMES[p]}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="pr-fields">
          <div className="pr-field pr-wide">
            <label htmlFor={`${id}-sizes`}>Cluster sizes (3 to 25, separated by commas)</label>
            <input id={`${id}-sizes`} type="text" value={sizes} onChange={(e) => setSizes(e.target.value)} />
          </div>
          <div className="pr-field">
            <label htmlFor={`${id}-n`}>Trials per size</label>
            <input
              id={`${id}-n`}
              type="number"
              min={1}
              max={200}
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
        {error && (
          <p className="pr-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="button primary" disabled={job.state.status === "running"}>
          Run the cost experiment
        </button>
      </form>
      <RunBar state={job.state} unit="cluster sizes" onCancel={job.cancel} />
      {job.result && <CostResults result={job.result} />}
    </section>
  );
}

function CostResults({ result }: { result: CostResult }) {
  const protocols = [...new Set(result.rows.map((r) => r.protocol))];
  const sizes = result.options.sizes;
  const series = (
    metric: (r: CostResult["rows"][number]) => number,
    unit: (v: number) => string,
  ): ChartSeries[] =>
    protocols.map((p, i) => ({
      id: p,
      label: NAMES[p] ?? p,
      style: i,
      path: "line" as const,
      points: result.rows
        .filter((r) => r.protocol === p && Number.isFinite(metric(r)))
        .map((r) => ({ x: r.n, y: metric(r), label: `${NAMES[p]}, ${r.n} nodes: ${unit(metric(r))}` })),
    }));
  const msgs = series(
    (r) => r.messages.median,
    (v) => `${v} messages`,
  );
  const times = series((r) => r.electionMs.median, fmtDur);
  const maxMsg = Math.max(10, ...result.rows.map((r) => r.messages.median).filter(Number.isFinite));
  const elections = result.rows.map((r) => r.electionMs.median).filter((v) => Number.isFinite(v) && v > 0);
  const maxT = Math.max(10, ...elections);
  const minT = Math.max(0.5, Math.min(...elections) / 2);
  const minMsg = Math.max(
    1,
    Math.min(...result.rows.map((r) => r.messages.median).filter((v) => Number.isFinite(v) && v > 0)),
  );
  const x = {
    type: "linear" as const,
    domain: [Math.min(...sizes) - 1, Math.max(...sizes) + 1] as [number, number],
    label: "nodes in the cluster",
    format: (v: number) => String(v),
    ticks: sizes,
  };
  return (
    <div className="pr-results">
      <h3>Results</h3>
      <div className="pr-chart-pair">
        <XYChart
          title="Election messages per failover (median, log scale)"
          summary={protocols
            .map(
              (p) =>
                `${NAMES[p]}: ${result.rows
                  .filter((r) => r.protocol === p)
                  .map((r) => `${r.messages.median} at ${r.n}`)
                  .join(", ")} messages.`,
            )
            .join(" ")}
          x={x}
          y={{
            type: "log",
            domain: [Math.max(1, minMsg / 2), maxMsg * 1.5],
            label: "messages (log scale)",
            format: (v) => String(v),
          }}
          series={msgs}
        />
        <XYChart
          title="Time per election: first election message to new leader (median, log scale)"
          summary={protocols
            .map(
              (p) =>
                `${NAMES[p]}: ${result.rows
                  .filter((r) => r.protocol === p)
                  .map((r) => `${fmtDur(r.electionMs.median)} at ${r.n}`)
                  .join(", ")}.`,
            )
            .join(" ")}
          x={x}
          y={{
            type: "log",
            domain: [minT, maxT * 1.5],
            label: "election time (log scale)",
            format: (v) => fmtDur(v),
          }}
          series={times}
        />
      </div>
      <div className="table-scroll" tabIndex={0} role="region" aria-label="Algorithm cost results table">
        <table className="pr-table">
          <caption>
            Per failover, median over {result.options.trials} trials (random runs {result.options.seed} to{" "}
            {result.options.seed + result.options.trials - 1})
          </caption>
          <thead>
            <tr>
              <th scope="col">Algorithm</th>
              <th scope="col">Nodes</th>
              <th scope="col">Messages</th>
              <th scope="col">By kind (mean)</th>
              <th scope="col">Failover</th>
              <th scope="col">Election</th>
              <th scope="col">No leader</th>
            </tr>
          </thead>
          <tbody>
            {result.rows.map((r) => (
              <tr key={`${r.protocol}-${r.n}`}>
                <th scope="row">{NAMES[r.protocol]}</th>
                <td>{r.n}</td>
                <td>{r.messages.median}</td>
                <td className="pr-wrap">
                  {Object.entries(r.byKind)
                    .map(([k, v]) => `${k} ${v}`)
                    .join(", ")}
                </td>
                <td>{fmtDur(r.failoverMs.median)}</td>
                <td>{fmtDur(r.electionMs.median)}</td>
                <td>{r.censored}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className="pr-known">
        {protocols.map((p) => (
          <div key={p}>
            <dt>{NAMES[p]}, what the literature predicts</dt>
            <dd>{KNOWN_COST[p]}</dd>
          </div>
        ))}
      </dl>
      <p className="pr-hint">
        The failover column includes detection, which depends on each algorithm&apos;s default timing
        (Zab&apos;s followers wait syncLimit ticks, 10 s); the election column and the chart measure electing
        itself.
      </p>
      <Downloads name="election-cost" csv={() => costCsv(result)} scenarios={() => costScenarioSet(result)} />
    </div>
  );
}
