// After answering: how confident was the learner? The choice (or keys 1 to 3) sets the grade that
// schedules the next review (scheduling.ts). The way on is shown already, switched off, with the
// reason beside it: a learner who looks for "Next question" finds it and learns what opens it.
import type { Confidence } from "../progress/sections/quiz";
import { CONFIDENCE_CHOICES } from "./scheduling";

export function ConfidenceRating({
  uid,
  onRate,
  nextLabel = null,
  level = 3,
}: {
  uid: string;
  /** the rating's heading level: one below the question's */
  level?: 3 | 4;
  onRate: (c: Confidence) => void;
  /** the label of the button that moves on once rated; null: nothing to move on to */
  nextLabel?: string | null;
}) {
  const whyId = `${uid}-rate-why`;
  const Title = level === 4 ? "h4" : "h3";
  return (
    <div className="quiz-rate" role="group" aria-labelledby={`${uid}-rate`}>
      {/* A heading, so the rating reads as the next step after the feedback, not a footnote
          to it: the way on stays off until it is answered (review 10a #14). */}
      <Title id={`${uid}-rate`} className="quiz-rate-title">
        How sure were you?
      </Title>
      <p className="quiz-rate-why muted">Pick one to go on. It schedules your next review.</p>
      <div className="button-row">
        {CONFIDENCE_CHOICES.map((c) => (
          <button key={c.value} type="button" className="button" onClick={() => onRate(c.value)}>
            <span className="quiz-key" aria-hidden="true">
              {c.key}
            </span>
            {c.label}
          </button>
        ))}
      </div>
      {nextLabel !== null && (
        <p className="quiz-rate-next">
          {/* aria-disabled, not disabled: it stays in the tab order, so a keyboard or screen
              reader user who goes looking for the way on hears why it is off. */}
          <button type="button" className="button" aria-disabled="true" aria-describedby={whyId}>
            {nextLabel}
          </button>
          <span id={whyId} className="muted">
            Rate how sure you were to go on.
          </span>
        </p>
      )}
    </div>
  );
}
