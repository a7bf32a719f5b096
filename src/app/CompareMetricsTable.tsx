// /compare's metrics table: both runs' numbers at the scrubber's moment and over the whole run.
import { useStore } from "zustand";
import type { Frame } from "../engine/index.ts";
import type { SandboxController } from "../sandbox/controller.ts";
import { formatSeconds } from "../sandbox/format-seconds.ts";
import { describeFault, type Comparison } from "../practice/comparisons.ts";
import { fmtMs } from "../practice/goals.ts";
import type { RunFacts } from "../practice/lab-jobs.ts";

/** Numbers of one run at its current frame, as a stable string key (few re-renders). */
export function nowKey(f: Frame | null, messages: number): string {
  if (!f) return "";
  const leaders =
    f.nodes
      .filter((n) => n.believesLeader)
      .map((n) => n.id)
      .join(" and ") || "nobody";
  const m = f.monitors;
  const r = f.resource;
  const tenth = (x: number) => Math.round(x / 100) * 100;
  return [
    leaders,
    m.leaderChanges,
    tenth(m.leaderlessMs),
    tenth(m.overlapMs),
    r.accepted,
    r.rejected,
    r.staleAccepted,
    Math.round(messages / 10) * 10,
  ].join("|");
}

export const NOW_ROWS = [
  "Believes it leads",
  "Changes of leader so far",
  "Time with no leader so far (total)",
  "Time with two or more leaders so far",
  "Writes accepted so far",
  "Writes refused so far",
  "Stale writes accepted so far",
  "Messages sent so far (to the nearest 10)",
];
export const fmtNow = (i: number, v: string) => (i === 2 || i === 3 ? fmtMs(Number(v)) : v);

/** One run's whole-run figures, in the order of wholeRowLabels. */
export function whole(f: RunFacts): string[] {
  const s = f.summary;
  const by = Object.entries(s.electionMessages.byKind)
    .filter(([k]) => !k.endsWith("Resp"))
    .map(([k, v]) => `${k} ${v}`)
    .join(", ");
  return [
    ...f.failovers.map((x) =>
      x.nextLeaderMs === null ? "no new leader" : `new leader after ${fmtMs(x.nextLeaderMs)}`,
    ),
    String(s.leaderChanges),
    fmtMs(s.leaderless),
    fmtMs(s.overlap),
    `${s.writes.accepted} / ${s.writes.rejected} / ${s.writes.staleAccepted}`,
    `${s.electionMessages.total}${by ? ` (${by})` : ""}`,
    String(s.messages),
  ];
}

export function wholeRowLabels(cmp: Comparison): string[] {
  return [
    ...cmp.script.map((f) => `After the planned fault ${describeFault(f)}`),
    "Changes of leader",
    "Time with no leader (total)",
    "Time with two or more leaders",
    "Writes accepted / refused / stale",
    "Election messages (total; requests by kind)",
    "Messages sent",
  ];
}

export function MetricsTable({
  cmp,
  a,
  b,
  facts,
  factsError,
}: {
  cmp: Comparison;
  a: SandboxController;
  b: SandboxController;
  facts: [RunFacts, RunFacts] | null;
  factsError: string;
}) {
  const ka = useStore(a.store, (s) => nowKey(s.frame, s.messages));
  const kb = useStore(b.store, (s) => nowKey(s.frame, s.messages));
  const t = useStore(a.store, (s) => Math.round((s.frame?.t ?? 0) / 100) * 100);
  const va = ka.split("|");
  const vb = kb.split("|");
  const wholeRows = wholeRowLabels(cmp);
  const wa = facts ? whole(facts[0]) : null;
  const wb = facts ? whole(facts[1]) : null;
  return (
    <section aria-labelledby="pr-metrics-h" className="pr-metrics">
      <h2 id="pr-metrics-h">Metrics</h2>
      <div className="table-scroll" tabIndex={0} role="region" aria-label="Metrics of both runs">
        <table className="pr-table pr-compare-table">
          <caption>Both runs at {formatSeconds(t)}, and over the whole run</caption>
          <thead>
            <tr>
              <th scope="col">Metric</th>
              <th scope="col">A: {cmp.a.label}</th>
              <th scope="col">B: {cmp.b.label}</th>
            </tr>
          </thead>
          <tbody>
            <tr className="pr-group-row">
              <th scope="colgroup" colSpan={3}>
                At {formatSeconds(t)} (moves with the scrubber)
              </th>
            </tr>
            {NOW_ROWS.map((label, i) => (
              <tr key={label} className={va[i] !== vb[i] ? "pr-differs" : undefined}>
                <th scope="row">{label}</th>
                <td>{va[i] === undefined ? "…" : fmtNow(i, va[i])}</td>
                <td>{vb[i] === undefined ? "…" : fmtNow(i, vb[i])}</td>
              </tr>
            ))}
            <tr className="pr-group-row">
              <th scope="colgroup" colSpan={3}>
                Over the whole run
              </th>
            </tr>
            {wholeRows.map((label, i) => (
              <tr key={label} className={wa && wb && wa[i] !== wb[i] ? "pr-differs" : undefined}>
                <th scope="row">{label}</th>
                <td className="pr-wrap">{wa ? wa[i] : factsError ? "–" : "working…"}</td>
                <td className="pr-wrap">{wb ? wb[i] : factsError ? "–" : "working…"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {factsError && (
        <p className="pr-error" role="alert">
          The whole-run figures could not be computed: {factsError}
        </p>
      )}
      <p className="pr-hint">Rows where the two runs differ are marked with a bar at the left.</p>
    </section>
  );
}
