// The reveal: what the matcher found (the learner confirms or corrects it), the model answer,
// and the four self-assessment scales. The attempt is already in history; edits update it in place.
import { useEffect, useId, useRef, useState } from "react";
import { RATING_SCALES, type InterviewAttempt, type InterviewSession } from "../progress/sections/interview";
import { downloadText } from "../ui/download";
import { checkForm } from "./match";
import * as R from "./records";
import { KIND_LABELS, type Prompt } from "./schema";
import { updateInterview, useInterviewSection } from "./store";

export function ReviewView({
  prompt,
  session,
  onFinish,
}: {
  prompt: Prompt;
  session: InterviewSession;
  onFinish: () => void;
}) {
  const section = useInterviewSection();
  const attempt = R.readAttempts(section).attempts.find((a) => a.id === session.attemptId);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  if (!attempt)
    return (
      <div className="iv-review">
        <h1 ref={heading} tabIndex={-1}>
          {prompt.title}: review
        </h1>
        <p>This attempt could not be found in your history, so there is nothing to review.</p>
        <button
          type="button"
          className="button"
          onClick={() => updateInterview((s) => R.withoutSession(s, prompt.id))}
        >
          Start this prompt again
        </button>
      </div>
    );
  return <Review prompt={prompt} attempt={attempt} heading={heading} onFinish={onFinish} />;
}

function Review({
  prompt,
  attempt,
  heading,
  onFinish,
}: {
  prompt: Prompt;
  attempt: InterviewAttempt;
  heading: React.RefObject<HTMLHeadingElement>;
  onFinish: () => void;
}) {
  const ids = useId();
  const [ratingError, setRatingError] = useState(false);
  const firstUnrated = useRef<HTMLFieldSetElement>(null);
  const s = R.scores(attempt);
  const edit = (update: (a: InterviewAttempt) => InterviewAttempt) =>
    updateInterview((sec) => R.updateAttempt(sec, attempt.id, update));
  const found = attempt.points.filter((p) => p.detected);
  const missing = attempt.points.filter((p) => !p.detected);
  const detail = (id: string) => prompt.rubric.find((k) => k.id === id)?.detail;
  const form = checkForm(attempt.answer, prompt.constraints);
  const unrated = RATING_SCALES.filter((k) => attempt.ratings[k] === null);

  const point = (p: InterviewAttempt["points"][number]) => (
    <li key={p.id} className={`iv-point ${p.detected ? "iv-point-found" : "iv-point-missing"}`}>
      <fieldset>
        <legend>
          <span className="iv-point-mark" aria-hidden="true">
            {p.detected ? "✓" : "✗"}
          </span>{" "}
          <span className="iv-point-state">{p.detected ? "Found:" : "Missing:"}</span> {p.label}
        </legend>
        <p className="iv-small">
          {p.detected ? (
            <>
              Matched <q>{p.cue}</q> in: <q className="iv-evidence">{p.evidence}</q>
            </>
          ) : (
            "No cue for this point was found in your answer."
          )}
        </p>
        {detail(p.id) && <p className="iv-small muted">{detail(p.id)}</p>}
        <div className="iv-verdict">
          <span className="iv-small">Your verdict:</span>
          <label>
            <input
              type="radio"
              name={`${ids}-${p.id}`}
              checked={p.covered}
              onChange={() => edit((a) => R.setCovered(a, p.id, true))}
            />{" "}
            I covered this
          </label>
          <label>
            <input
              type="radio"
              name={`${ids}-${p.id}`}
              checked={!p.covered}
              onChange={() => edit((a) => R.setCovered(a, p.id, false))}
            />{" "}
            I did not
          </label>
          {p.covered !== p.detected && <span className="iv-badge">Corrected by you</span>}
        </div>
      </fieldset>
    </li>
  );

  return (
    <div className="iv-review">
      <header className="iv-header">
        <p className="iv-kicker">
          {KIND_LABELS[prompt.kind]} · review · {new Date(attempt.submittedAt).toLocaleString()}
        </p>
        <h1 ref={heading} tabIndex={-1}>
          {prompt.title}: review
        </h1>
        <p className="iv-score-line">
          <strong>
            {s.covered} of {s.total}
          </strong>{" "}
          key points covered ({s.rubricPct}%) · {attempt.followUps.length} follow-up
          {attempt.followUps.length === 1 ? "" : "s"} asked · saved to your history
        </p>
      </header>

      <section aria-labelledby={`${ids}-points`}>
        <h2 id={`${ids}-points`}>Key points</h2>
        <p className="muted">
          Detection is a heuristic: it looks for words and phrases, not meaning. Confirm or correct each
          point; your verdict is what counts in your score.
        </p>
        <h3 id={`${ids}-found`}>Found in your answer ({found.length})</h3>
        {found.length ? (
          <ul className="iv-points" aria-labelledby={`${ids}-found`}>
            {found.map(point)}
          </ul>
        ) : (
          <p className="muted">None detected.</p>
        )}
        <h3 id={`${ids}-missing`}>Missing from your answer ({missing.length})</h3>
        {missing.length ? (
          <ul className="iv-points" aria-labelledby={`${ids}-missing`}>
            {missing.map(point)}
          </ul>
        ) : (
          <p className="muted">Nothing missing: every key point was detected.</p>
        )}
        {form.length > 0 && (
          <>
            <h3>Form</h3>
            <ul className="iv-form-checks">
              {form.map((c) => (
                <li key={c.id}>
                  <span aria-hidden="true">{c.ok ? "✓" : "!"}</span>{" "}
                  <span className="visually-hidden">{c.ok ? "Met: " : "Not met: "}</span>
                  {c.text}
                </li>
              ))}
            </ul>
          </>
        )}
      </section>

      <section aria-labelledby={`${ids}-model`} className="iv-model">
        <h2 id={`${ids}-model`}>Model answer</h2>
        {prompt.modelAnswer.split(/\n{2,}/).map((para, i) => (
          <p key={i} className="iv-model-para">
            {para}
          </p>
        ))}
      </section>

      <details className="iv-your-answer">
        <summary>Your answer, as submitted</summary>
        <p className="iv-answer-text">{attempt.answer}</p>
      </details>

      <section aria-labelledby={`${ids}-rate`}>
        <h2 id={`${ids}-rate`}>Rate yourself</h2>
        <p className="muted">1 is weak, 4 is strong. Compare with the model answer, not with perfection.</p>
        <div className="iv-scales">
          {RATING_SCALES.map((scale) => {
            const value = attempt.ratings[scale];
            const isFirstUnrated = scale === unrated[0];
            return (
              <fieldset
                key={scale}
                className="iv-scale"
                ref={isFirstUnrated ? firstUnrated : undefined}
                aria-describedby={ratingError && value === null ? `${ids}-rating-error` : undefined}
              >
                <legend>{R.RATING_LABELS[scale]}</legend>
                {[1, 2, 3, 4].map((n) => (
                  <label key={n} className="iv-scale-option">
                    <input
                      type="radio"
                      name={`${ids}-${scale}`}
                      value={n}
                      checked={value === n}
                      onChange={() => {
                        edit((a) => R.setRating(a, scale, n));
                        setRatingError(false);
                      }}
                    />
                    <span>
                      {n} <span className="iv-small">{R.RATING_LEVELS[n]}</span>
                    </span>
                  </label>
                ))}
              </fieldset>
            );
          })}
        </div>
        {ratingError && unrated.length > 0 && (
          <p id={`${ids}-rating-error`} className="iv-error" role="alert">
            Rate all four scales to finish ({unrated.map((k) => R.RATING_LABELS[k]).join(", ")} still open).
          </p>
        )}
        {s.selfAvg !== null && (
          <p>
            Self-assessment: <strong>{s.selfAvg.toFixed(2)} of 4</strong>; overall {s.overallPct}%.
          </p>
        )}
      </section>

      <div className="button-row iv-finish">
        <button
          type="button"
          className="button primary"
          onClick={() => {
            if (unrated.length) {
              setRatingError(true);
              window.setTimeout(() => firstUnrated.current?.querySelector("input")?.focus(), 0);
              return;
            }
            updateInterview((sec) => R.withoutSession(sec, prompt.id));
            onFinish();
          }}
        >
          Finish and see history
        </button>
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
        >
          Export as Markdown
        </button>
      </div>
    </div>
  );
}
