// After rating: the grade saved, when the question comes back for review, and what to do next
// (the next question, or undoing the grade just given). No second try: the feedback has already
// shown the right answer in full, so a retry would only copy it.
import type { RefObject } from "react";
import { useProgress } from "../progress/react";
import { describeDue, formatMoment } from "./due";

export function GradeSaved({
  panelRef,
  questionId,
  gradeName,
  doneLabel,
  onDone,
  onUndo,
}: {
  panelRef: RefObject<HTMLDivElement>;
  questionId: string;
  gradeName: string | null;
  /** the label of the button that moves on; null: nothing to move on to */
  doneLabel: string | null;
  onDone: () => void;
  onUndo: () => void;
}) {
  const item = useProgress((s) => s.data.quiz.items[questionId]);
  const lastGradeId = useProgress((s) => s.data.quiz.lastGrade?.id ?? null);
  return (
    <div className="quiz-scheduled" role="status" ref={panelRef}>
      <p>
        Saved: <strong>{gradeName}</strong>
        {item && (
          <>
            {" "}
            · next review <strong>{describeDue(new Date(item.card.due), new Date())}</strong> (
            <time dateTime={item.card.due}>{formatMoment(new Date(item.card.due))}</time>)
          </>
        )}
      </p>
      <div className="button-row">
        {doneLabel !== null && (
          <button type="button" className="button primary" onClick={onDone}>
            {doneLabel}
          </button>
        )}
        {lastGradeId === questionId && (
          <button type="button" className="button" onClick={onUndo}>
            Undo grade
          </button>
        )}
      </div>
    </div>
  );
}
