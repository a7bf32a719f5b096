// An ordering question's steps: each with its key number and Up and Down buttons; the picked step
// (number key, then arrows) is marked by more than colour (quiz.css).
import type { Question } from "./schema";

type Step = Extract<Question, { kind: "ordering" }>["steps"][number];

export function OrderingSteps({
  uid,
  order,
  steps,
  picked,
  locked,
  onMove,
}: {
  uid: string;
  order: string[];
  steps: readonly Step[];
  picked: string | null;
  locked: boolean;
  onMove: (id: string, delta: number) => void;
}) {
  return (
    <div className="quiz-ordering">
      <p className="quiz-keys-hint muted" id={`${uid}-order-hint`}>
        Press a step's number to pick it, then the up and down arrow keys to move it; or use its buttons.
      </p>
      <ol className="quiz-order-list" aria-describedby={`${uid}-order-hint`}>
        {order.map((id, i) => {
          const step = steps.find((s) => s.id === id)!;
          return (
            <li key={id} className={`quiz-order-item ${picked === id ? "is-picked" : ""}`}>
              <span className="quiz-key" aria-hidden="true">
                {i + 1}
              </span>
              <span className="quiz-order-text">{step.text}</span>
              <span className="quiz-order-buttons">
                <button
                  type="button"
                  className="button small"
                  disabled={locked || i === 0}
                  onClick={() => onMove(id, -1)}
                  aria-label={`Move up: ${step.text}`}
                >
                  ↑ Up
                </button>
                <button
                  type="button"
                  className="button small"
                  disabled={locked || i === order.length - 1}
                  onClick={() => onMove(id, 1)}
                  aria-label={`Move down: ${step.text}`}
                >
                  ↓ Down
                </button>
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
