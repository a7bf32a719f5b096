// The quiz home's review schedule: every scheduled question with its next review, and an undo of
// the last grade given.
import { useState } from "react";
import { useProgress } from "../progress/react";
import { undoGrade } from "./actions";
import type { Bank } from "./bank";
import { describeDue, type scheduled } from "./due";

export function ReviewSchedule({
  bank,
  plan,
  now,
}: {
  bank: Bank;
  plan: ReturnType<typeof scheduled>;
  now: Date;
}) {
  const quiz = useProgress((s) => s.data.quiz);
  const [undone, setUndone] = useState<string | null>(null);
  const lastGrade = quiz.lastGrade ? bank.byId.get(quiz.lastGrade.id) : undefined;
  return (
    <section className="quiz-panel" aria-labelledby="schedule-heading">
      <h2 id="schedule-heading">Your review schedule</h2>
      {lastGrade && (
        <p>
          <button
            type="button"
            className="button"
            onClick={() => {
              undoGrade();
              setUndone(lastGrade.prompt);
            }}
          >
            Undo your last grade
          </button>{" "}
          <span className="muted">({lastGrade.prompt})</span>
        </p>
      )}
      {undone && (
        <p role="status" className="quiz-outcome is-right">
          ✓ Undid the grade for: {undone}
        </p>
      )}
      {plan.length === 0 ? (
        <p className="muted">No question is scheduled yet.</p>
      ) : (
        <div className="table-scroll" tabIndex={0} role="region" aria-label="Scheduled questions">
          <table className="quiz-schedule">
            <caption className="visually-hidden">Scheduled questions and their next review</caption>
            <thead>
              <tr>
                <th scope="col">Question</th>
                <th scope="col">Next review</th>
                <th scope="col">Reviews</th>
              </tr>
            </thead>
            <tbody>
              {plan.map((p) => (
                <tr key={p.id}>
                  <td>{bank.byId.get(p.id)?.prompt}</td>
                  <td>
                    <time dateTime={p.due.toISOString()}>{describeDue(p.due, now)}</time>
                  </td>
                  <td>{quiz.items[p.id].log.length}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
