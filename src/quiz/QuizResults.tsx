// The end of a quiz session: the score, a retry of what was missed, and every question with its
// explained answer and per-option feedback.
import { useEffect, useRef } from "react";
import type { Bank } from "./bank";
import { Feedback } from "./Feedback";
import { WorkedAnswer } from "./WorkedAnswer";
import type { Mode, Session } from "./session-store";

export function Results({
  bank,
  session,
  onRetry,
  onHome,
}: {
  bank: Bank;
  session: Session;
  onRetry: (mode: Mode, ids: string[]) => void;
  onHome: () => void;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const marked = session.results.filter((r) => r.correct !== null);
  const right = marked.filter((r) => r.correct).length;
  const missed = marked.filter((r) => !r.correct).map((r) => r.id);
  const pct = marked.length ? Math.round((100 * right) / marked.length) : 0;
  return (
    <div className="page narrow quiz-page">
      <h1 ref={headingRef} tabIndex={-1}>
        {session.mode === "exam" ? "Exam finished" : "Session finished"}
      </h1>
      <p className="quiz-score" role="status">
        Your score:{" "}
        <strong>
          {right} of {marked.length}
        </strong>{" "}
        ({pct}%)
      </p>
      <div className="button-row">
        {missed.length > 0 && (
          <button type="button" className="button primary" onClick={() => onRetry("missed", missed)}>
            Retry the {missed.length} you missed
          </button>
        )}
        <button type="button" className="button" onClick={onHome}>
          Back to the quiz home
        </button>
      </div>
      <h2>Question by question</h2>
      <ol className="quiz-review">
        {session.results.map((r) => {
          const q = bank.byId.get(r.id)!;
          return (
            <li key={r.id} className="quiz-review-item">
              <details open={r.correct === false}>
                <summary>
                  <span className={`quiz-verdict-inline ${r.correct ? "is-right" : "is-wrong"}`}>
                    {r.correct === null ? "Not marked" : r.correct ? "✓ Right" : "✗ Missed"}
                  </span>{" "}
                  {q.prompt}
                </summary>
                <WorkedAnswer text={q.answer} />
                <Feedback question={q} answer={r.answer} predictKey={r.predictKey} />
              </details>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
