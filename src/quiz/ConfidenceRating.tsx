// After answering: how confident was the learner? The choice (or keys 1 to 3) sets the grade that
// schedules the next review (scheduling.ts).
import type { Confidence } from "../progress/sections/quiz";
import { CONFIDENCE_CHOICES } from "./scheduling";

export function ConfidenceRating({ uid, onRate }: { uid: string; onRate: (c: Confidence) => void }) {
  return (
    <div className="quiz-rate" role="group" aria-labelledby={`${uid}-rate`}>
      <p id={`${uid}-rate`} className="quiz-rate-title">
        How confident were you? <span className="muted">This schedules your next review.</span>
      </p>
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
    </div>
  );
}
