// The judge's progress and verdict: "passed N schedules", or the shrunk counterexample with each
// fault in words, the handler that failed (with its line), and the button that replays it.
import type { JudgeProgress, Verdict } from "../elector/types.ts";

export type JudgeState =
  | { phase: "idle" }
  | { phase: "judging"; progress: JudgeProgress | null }
  | { phase: "done"; verdict: Verdict }
  | { phase: "stopped"; message: string };

/** The engine's detail as a sentence: a capital first (a node's name stays as it is: "n2"), a
 *  full stop last. */
const sentence = (t: string) =>
  `${/^n\d/.test(t) ? t.charAt(0) : t.charAt(0).toUpperCase()}${t.slice(1)}${/[.!?]$/.test(t) ? "" : "."}`;

const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString("en")} ${n === 1 ? one : many}`;

function Progress({ progress, onCancel }: { progress: JudgeProgress | null; onCancel: () => void }) {
  const text = !progress
    ? "Starting the judge…"
    : progress.phase === "shrink"
      ? "Found a failing schedule; shrinking it to the fewest faults…"
      : `Tried ${plural(progress.ran, "schedule")} of ${progress.total.toLocaleString("en")}…`;
  return (
    <div className="el-judging">
      <label className="el-progress-label">
        <span>{text}</span>
        <progress
          max={progress?.total ?? 1}
          value={progress && progress.phase === "search" ? progress.ran : undefined}
        />
      </label>
      <button type="button" className="button small" onClick={onCancel}>
        Stop judging
      </button>
    </div>
  );
}

export function VerdictPanel({
  state,
  onCancel,
  onReplay,
  onGoToLine,
}: {
  state: JudgeState;
  onCancel: () => void;
  onReplay: () => void;
  onGoToLine: (line: number) => void;
}) {
  if (state.phase === "idle")
    return (
      <p className="el-muted">
        Press Judge when your elector is ready: it tries many schedules of faults against your code and shows
        the first that breaks it.
      </p>
    );
  if (state.phase === "judging") return <Progress progress={state.progress} onCancel={onCancel} />;
  if (state.phase === "stopped") return <p className="el-verdict el-verdict-stopped">{state.message}</p>;
  const v = state.verdict;
  if (v.kind === "compile-error")
    return (
      <div className="el-verdict el-verdict-failed">
        <p className="el-verdict-head">
          <span aria-hidden="true">✗ </span>Your code does not compile yet, so nothing ran.
        </p>
        <ul className="el-errors">
          {v.errors.map((e, i) => (
            <li key={i}>
              <button type="button" className="el-line-link" onClick={() => onGoToLine(e.line)}>
                Line {e.line}
              </button>
              : {e.message}
            </li>
          ))}
        </ul>
      </div>
    );
  if (v.kind === "passed")
    return (
      <div className="el-verdict el-verdict-passed">
        <p className="el-verdict-head">
          <span aria-hidden="true">✓ </span>Passed {plural(v.schedules, "schedule")}.
        </p>
        <p>
          No schedule of faults the judge tried broke your elector
          {v.liveness.of > 0
            ? `, and a leader was elected within the bound on ${v.liveness.met} of ${v.liveness.of} runs`
            : ""}
          .
        </p>
      </div>
    );
  return (
    <div className="el-verdict el-verdict-failed">
      <p className="el-verdict-head">
        <span aria-hidden="true">✗ </span>Counterexample: {v.label}
      </p>
      {!v.error && <p>{sentence(v.detail)}</p>}
      {v.error && (
        <p className="el-run-error">
          <code>{v.error.handler}</code> on {v.error.node} at line {v.error.line}: {v.error.message}{" "}
          <button type="button" className="el-line-link" onClick={() => onGoToLine(v.error!.line)}>
            Go to line {v.error.line}
          </button>
        </p>
      )}
      <p>
        Found after {plural(v.tried, "schedule")}
        {v.faults.length === 0
          ? ", with no fault at all."
          : `, shrunk to ${plural(v.faults.length, "fault")}:`}
      </p>
      {v.described.length > 0 && (
        <ol className="el-faults">
          {v.described.map((d, i) => (
            <li key={i}>{d}</li>
          ))}
        </ol>
      )}
      {v.liveness && v.liveness.of > 0 && (
        <p>
          A leader was elected within the bound on {v.liveness.met} of {v.liveness.of} runs.
        </p>
      )}
      <button type="button" className="button primary" onClick={onReplay}>
        Replay in the sandbox
      </button>
    </div>
  );
}
