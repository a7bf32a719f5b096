// Every attempt with its scores and answer, a chart of scores over time (with a table of the same
// numbers), "retry my weakest prompt" and a Markdown export per attempt.
import { Suspense, lazy, useEffect, useId, useRef } from "react";
import type { InterviewAttempt } from "../progress/sections/interview";
import { downloadText } from "../ui/download";
import * as R from "./records";
import type { Prompt } from "./schema";
import { useInterviewSection } from "./store";

const ScoreChart = lazy(() => import("./ScoreChart"));

function when(iso: string): string {
  return new Date(iso).toLocaleString([], { dateStyle: "medium", timeStyle: "short" });
}

export function HistoryView({
  prompts,
  onOpen,
}: {
  prompts: readonly Prompt[];
  onOpen: (promptId: string) => void;
}) {
  const section = useInterviewSection();
  const { attempts, unreadable } = R.readAttempts(section);
  const ids = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const existing = new Set(prompts.map((p) => p.id));
  const weakest = R.weakestPromptId(attempts, existing);
  const weakestPrompt = prompts.find((p) => p.id === weakest);
  const weakestLatest = [...attempts].reverse().find((a) => a.promptId === weakest);
  const chartPoints = attempts.map((a) => {
    const s = R.scores(a);
    return { label: when(a.submittedAt), rubricPct: s.rubricPct, selfPct: s.selfPct };
  });
  const newestFirst = [...attempts].reverse();

  return (
    <div className="iv-history">
      <h1 ref={heading} tabIndex={-1}>
        Interview history
      </h1>
      <p className="lede">
        {attempts.length === 0
          ? "No attempts yet. Finish a prompt and it appears here with its scores and your answer."
          : `${attempts.length} attempt${attempts.length === 1 ? "" : "s"} on ${new Set(attempts.map((a) => a.promptId)).size} prompt${
              new Set(attempts.map((a) => a.promptId)).size === 1 ? "" : "s"
            }, kept in this browser.`}
      </p>
      {unreadable > 0 && (
        <p className="iv-error">
          {unreadable} stored attempt{unreadable === 1 ? "" : "s"} could not be read and{" "}
          {unreadable === 1 ? "is" : "are"} not shown. They are kept unchanged in your saved progress.
        </p>
      )}

      {weakestPrompt && weakestLatest && (
        <div className="iv-weakest">
          <button type="button" className="button primary" onClick={() => onOpen(weakestPrompt.id)}>
            Retry my weakest prompt
          </button>
          <p className="iv-small">
            {weakestPrompt.title}: latest overall score {R.scores(weakestLatest).overallPct}% (rubric and
            self-assessment averaged).
          </p>
        </div>
      )}

      {attempts.length > 0 && (
        <section aria-labelledby={`${ids}-chart`}>
          <h2 id={`${ids}-chart`}>Scores over time</h2>
          <Suspense fallback={<p className="muted">Drawing the chart…</p>}>
            <ScoreChart points={chartPoints} />
          </Suspense>
          <details className="iv-chart-table">
            <summary>The chart&rsquo;s numbers as a table</summary>
            <div
              className="table-scroll"
              tabIndex={0}
              role="region"
              aria-label="Scores per attempt (scrolls sideways on narrow screens)"
            >
              <table>
                <caption className="visually-hidden">Scores per attempt, oldest first</caption>
                <thead>
                  <tr>
                    <th scope="col">#</th>
                    <th scope="col">Date</th>
                    <th scope="col">Prompt</th>
                    <th scope="col">Rubric coverage</th>
                    <th scope="col">Self-assessment</th>
                  </tr>
                </thead>
                <tbody>
                  {attempts.map((a, i) => {
                    const s = R.scores(a);
                    return (
                      <tr key={a.id}>
                        <td>{i + 1}</td>
                        <td>{when(a.submittedAt)}</td>
                        <td>{a.promptTitle}</td>
                        <td>{s.rubricPct}%</td>
                        <td>
                          {s.selfPct === null ? "not rated" : `${s.selfPct}% (${s.selfAvg!.toFixed(2)} of 4)`}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          </details>
        </section>
      )}

      {attempts.length > 0 && (
        <section aria-labelledby={`${ids}-all`}>
          <h2 id={`${ids}-all`}>All attempts</h2>
          <ol className="iv-attempts" reversed>
            {newestFirst.map((a) => (
              <AttemptItem key={a.id} attempt={a} canRetry={existing.has(a.promptId)} onOpen={onOpen} />
            ))}
          </ol>
        </section>
      )}
    </div>
  );
}

function AttemptItem({
  attempt,
  canRetry,
  onOpen,
}: {
  attempt: InterviewAttempt;
  canRetry: boolean;
  onOpen: (id: string) => void;
}) {
  const s = R.scores(attempt);
  const ids = useId();
  return (
    <li className="iv-attempt">
      <article aria-labelledby={`${ids}-t`}>
        <h3 id={`${ids}-t`}>{attempt.promptTitle}</h3>
        <p className="iv-small muted">
          {when(attempt.submittedAt)} ·{" "}
          {attempt.activeMs < 60_000 ? "under a minute" : `${Math.round(attempt.activeMs / 60_000)} min`} on
          the clock
        </p>
        <dl className="iv-scores">
          <div>
            <dt>Rubric</dt>
            <dd>
              {s.covered} of {s.total} ({s.rubricPct}%)
            </dd>
          </div>
          {(Object.keys(R.RATING_LABELS) as Array<keyof typeof R.RATING_LABELS>).map((k) => (
            <div key={k}>
              <dt>{R.RATING_LABELS[k]}</dt>
              <dd>{attempt.ratings[k] === null ? "not rated" : `${attempt.ratings[k]} of 4`}</dd>
            </div>
          ))}
        </dl>
        <details>
          <summary>
            Answer and key points<span className="visually-hidden">: {attempt.promptTitle}</span>
          </summary>
          <ul className="iv-point-summary">
            {attempt.points.map((p) => (
              <li key={p.id}>
                <span aria-hidden="true">{p.covered ? "✓" : "✗"}</span>{" "}
                <span className="visually-hidden">{p.covered ? "Covered: " : "Missing: "}</span>
                {p.label}
              </li>
            ))}
          </ul>
          <p className="iv-answer-text">{attempt.answer}</p>
        </details>
        <div className="button-row">
          <button
            type="button"
            className="button"
            onClick={() =>
              downloadText(
                R.markdownFileName(attempt),
                R.attemptToMarkdown(attempt),
                "text/markdown;charset=utf-8",
              )
            }
            aria-label={`Export as Markdown: ${attempt.promptTitle}, ${when(attempt.submittedAt)}`}
          >
            Export as Markdown
          </button>
          {canRetry && (
            <button
              type="button"
              className="button"
              onClick={() => onOpen(attempt.promptId)}
              aria-label={`Practise again: ${attempt.promptTitle}`}
            >
              Practise again
            </button>
          )}
        </div>
      </article>
    </li>
  );
}
