// /compare's first-screen answer (review 6b #16: the pictures filled the screen and the numbers
// that tell the runs apart were below it): a strip over the pictures with the metrics on which
// the two runs differ, both runs' values side by side, at the scrubber's moment and over the
// whole run. The full table stays under the pictures.
import { useStore } from "zustand";
import type { SandboxController } from "../sandbox/controller.ts";
import { formatSeconds } from "../sandbox/format-seconds.ts";
import type { Comparison } from "../practice/comparisons.ts";
import type { RunFacts } from "../practice/lab-jobs.ts";
import { fmtNow, NOW_ROWS, nowKey, whole, wholeRowLabels } from "./CompareMetricsTable.tsx";

/** At most this many rows per part: a strip, not a second table. */
const MAX_ROWS = 2;

interface Row {
  label: string;
  a: string;
  b: string;
}

/** One row: what differs on its own line, then A's and B's results side by side, each whole on
 *  one line (at 1280 "A no new / leader" wrapped mid-phrase after a long label), stacked on a
 *  phone. */
function RowList({ rows }: { rows: Row[] }) {
  return (
    <ul className="pr-diff-rows">
      {rows.map((r) => (
        <li key={r.label}>
          <span className="pr-diff-label">{r.label}</span>{" "}
          <span className="pr-diff-vals">
            {(["A", "B"] as const).map((side) => (
              <span key={side} className="pr-diff-val">
                <span className="pr-side-tag" aria-hidden="true">
                  {side}
                </span>
                <span className="visually-hidden">{side}:</span> {side === "A" ? r.a : r.b}{" "}
              </span>
            ))}
          </span>
        </li>
      ))}
    </ul>
  );
}

export function DiffStrip({
  cmp,
  a,
  b,
  facts,
}: {
  cmp: Comparison;
  a: SandboxController;
  b: SandboxController;
  facts: [RunFacts, RunFacts] | null;
}) {
  const ka = useStore(a.store, (s) => nowKey(s.frame, s.messages));
  const kb = useStore(b.store, (s) => nowKey(s.frame, s.messages));
  const t = useStore(a.store, (s) => Math.round((s.frame?.t ?? 0) / 100) * 100);
  const va = ka.split("|");
  const vb = kb.split("|");
  const now: Row[] =
    ka && kb
      ? NOW_ROWS.map((label, i) => ({ label, a: fmtNow(i, va[i]), b: fmtNow(i, vb[i]) })).filter(
          (r) => r.a !== r.b,
        )
      : [];
  const labels = wholeRowLabels(cmp);
  const wa = facts ? whole(facts[0]) : null;
  const wb = facts ? whole(facts[1]) : null;
  const overall: Row[] =
    wa && wb ? labels.map((label, i) => ({ label, a: wa[i], b: wb[i] })).filter((r) => r.a !== r.b) : [];
  return (
    <section className="pr-diff" aria-labelledby="pr-diff-h">
      <h3 id="pr-diff-h" className="visually-hidden">
        Where the runs differ
      </h3>
      <div className="pr-diff-part">
        <p className="pr-diff-when">At {formatSeconds(t)}:</p>
        {now.length > 0 ? (
          <RowList rows={now.slice(0, MAX_ROWS)} />
        ) : (
          <p className="pr-diff-same">no difference yet</p>
        )}
      </div>
      <div className="pr-diff-part">
        <p className="pr-diff-when">Over the whole run:</p>
        {wa && wb ? <RowList rows={overall.slice(0, MAX_ROWS)} /> : <p className="pr-diff-same">working…</p>}
      </div>
    </section>
  );
}
