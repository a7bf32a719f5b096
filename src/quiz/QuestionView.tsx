// One question, keyboard first: number keys choose options (or pick a step to move, then arrow
// keys move it), Enter submits and moves on, and after answering, 1 to 3 rate confidence.
// Learn and inline checks show per-option feedback at once; exam mode only records the answer.
import {
  useCallback,
  useEffect,
  useMemo,
  useId,
  useRef,
  useState,
  type KeyboardEvent as ReactKeyboardEvent,
} from "react";
import type { Confidence } from "../progress/sections/quiz";
import { gradeQuestion, undoGrade } from "./actions";
import { Feedback } from "./Feedback";
import { WorkedAnswer } from "./WorkedAnswer";
import { displayOptions, initialOrder, isCorrect, moveItem, type Answer } from "./grading";
import { usePredictionKey } from "./use-prediction-key";
import { isTypingTarget, useDocumentKeys } from "./question-keys";
import { OrderingSteps } from "./OrderingSteps";
import { ChoiceOptions } from "./ChoiceOptions";
import { ConfidenceRating } from "./ConfidenceRating";
import { GradeSaved } from "./GradeSaved";
import type { Question } from "./schema";
import { CONFIDENCE_CHOICES, GRADE_NAMES, gradeFor } from "./scheduling";
import { forgetShowMe, peekShowMe, scrollFor } from "./show-me-return";
import "./quiz.css";

export type QuestionMode = "learn" | "exam" | "check";
export type QuestionResult = {
  id: string;
  correct: boolean | null;
  answer: Answer;
  confidence: Confidence | null;
  predictKey: string | null;
};

type Phase = "answering" | "rating" | "rated";

/** Everything the learner has done on a question so far, so a session can be left ("Show me in
 *  the sandbox") and come back to the same state: the choice, the first (graded) answer, the
 *  answer on screen, and the confidence, if rated yet. Plain data: it is kept in sessionStorage. */
export type QuestionDraft = {
  selected: string[];
  order: string[];
  phase: Phase;
  first: { correct: boolean; answer: Answer } | null;
  shown: Answer | null;
  /** The answer on screen is a later try, not the graded first one. Kept as a flag, not worked
   *  out by comparing answers: a draft read back from sessionStorage holds copies, not the same objects. */
  retried?: boolean;
  confidence: Confidence | null;
};

const KIND_HINT: Record<Question["kind"], string> = {
  single: "Choose one answer.",
  multiple: "Choose every answer that applies.",
  ordering: "Put the steps in order.",
  predict: "Predict the outcome: choose one answer.",
};

export function QuestionView({
  question,
  mode,
  position,
  keys = "document",
  autoFocus = false,
  onDone,
  doneLabel = "Next question",
  headingLevel = 2,
  draft,
  onDraft,
  positionIsTitle = false,
}: {
  question: Question;
  mode: QuestionMode;
  position?: { index: number; total: number };
  /** "document": number keys work anywhere on the page; "within": only while focus is inside this question. */
  keys?: "document" | "within";
  autoFocus?: boolean;
  onDone?: (result: QuestionResult) => void;
  doneLabel?: string;
  headingLevel?: 2 | 3;
  /** the question is the page (a quiz session): its position is the page's h1 */
  positionIsTitle?: boolean;
  /** the state to come back to (see QuestionDraft) */
  draft?: QuestionDraft;
  /** called with the state after every change */
  onDraft?: (draft: QuestionDraft) => void;
}) {
  const uid = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const verdictRef = useRef<HTMLParagraphElement>(null);
  const scheduledRef = useRef<HTMLDivElement>(null);
  const [selected, setSelected] = useState<string[]>(() => draft?.selected ?? []);
  const [order, setOrder] = useState<string[]>(() =>
    draft?.order.length ? draft.order : question.kind === "ordering" ? initialOrder(question) : [],
  );
  const [picked, setPicked] = useState<string | null>(null);
  const [announce, setAnnounce] = useState("");
  const [phase, setPhase] = useState<Phase>(() => draft?.phase ?? "answering");
  const [first, setFirst] = useState<{ correct: boolean; answer: Answer } | null>(() => draft?.first ?? null);
  const [shown, setShown] = useState<Answer | null>(() => draft?.shown ?? null);
  const [retried, setRetried] = useState<boolean>(() => draft?.retried ?? false);
  const [confidence, setConfidence] = useState<Confidence | null>(() => draft?.confidence ?? null);
  const draftRef = useRef(onDraft);
  useEffect(() => {
    draftRef.current = onDraft;
  });
  useEffect(() => {
    draftRef.current?.({ selected, order, phase, first, shown, retried, confidence });
  }, [selected, order, phase, first, shown, retried, confidence]);
  const predict = usePredictionKey(question);
  const showFeedback = mode !== "exam" && shown !== null;
  const waitingForKey = question.kind === "predict" && predict.key === null;

  // Back from "Show me in the sandbox": the learner returns to the feedback they were reading,
  // not to the heading; the place is restored once the link is drawn (below).
  const [returning] = useState(() => autoFocus && draft?.shown != null && peekShowMe(question.id) !== null);
  const restored = useRef(false);
  useEffect(() => {
    if (autoFocus && !returning) headingRef.current?.focus();
  }, [autoFocus, returning]);
  const rootRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!returning || restored.current) return;
    const link = rootRef.current?.querySelector<HTMLAnchorElement>("a.quiz-show-me");
    const place = peekShowMe(question.id);
    if (!link || !place) return;
    restored.current = true;
    forgetShowMe();
    window.scrollTo({ top: scrollFor(link.getBoundingClientRect().top + window.scrollY, place.top) });
    link.focus({ preventScroll: true });
  });

  const items = useMemo(() => (question.kind === "ordering" ? [] : displayOptions(question)), [question]);
  const currentAnswer = (): Answer =>
    question.kind === "ordering" ? { kind: "order", order } : { kind: "choice", selected };

  const choose = useCallback(
    (id: string) => {
      if (question.kind === "multiple")
        setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));
      else setSelected([id]);
    },
    [question.kind],
  );

  const canSubmit = question.kind === "ordering" ? true : selected.length > 0;

  function submit() {
    if (!canSubmit || waitingForKey) return;
    const answer = currentAnswer();
    const correct = isCorrect(question, answer, predict.key);
    if (!first) setFirst({ correct, answer });
    setRetried(first !== null);
    setShown(answer);
    if (phase === "answering") setPhase("rating");
    // Focus moves to the verdict, so a screen reader reads it once, from there. The feedback is
    // not a live region as well: that read it a second time.
    requestAnimationFrame(() => verdictRef.current?.focus());
  }

  function rate(c: Confidence) {
    if (!first || phase !== "rating") return;
    setConfidence(c);
    gradeQuestion(question.id, first.correct, c);
    if (mode === "exam") {
      onDone?.({
        id: question.id,
        correct: first.correct,
        answer: first.answer,
        confidence: c,
        predictKey: predict.key,
      });
      return;
    }
    setPhase("rated");
    requestAnimationFrame(() => scheduledRef.current?.querySelector("button")?.focus());
  }

  function undo() {
    if (undoGrade() === question.id) {
      setConfidence(null);
      setPhase("rating");
    }
  }

  function finish() {
    if (!first) return;
    onDone?.({
      id: question.id,
      correct: first.correct,
      answer: first.answer,
      confidence,
      predictKey: predict.key,
    });
  }

  function skipUnmarkable() {
    onDone?.({ id: question.id, correct: null, answer: currentAnswer(), confidence: null, predictKey: null });
  }

  function move(id: string, delta: number) {
    const next = moveItem(order, id, delta);
    setOrder(next);
    const step = question.kind === "ordering" ? question.steps.find((s) => s.id === id) : undefined;
    setAnnounce(`${step?.text ?? id}: now ${next.indexOf(id) + 1} of ${next.length}.`);
  }

  function handleKey(e: KeyboardEvent | ReactKeyboardEvent) {
    if (e.altKey || e.ctrlKey || e.metaKey || isTypingTarget(e.target)) return;
    const digit = /^[1-9]$/.test(e.key) ? Number(e.key) : null;
    if (shown === null) {
      if (digit !== null) {
        if (question.kind === "ordering") {
          const id = order[digit - 1];
          if (id) {
            setPicked(id);
            const step = question.steps.find((s) => s.id === id);
            setAnnounce(`Picked ${digit}: ${step?.text}. Use the up and down arrow keys to move it.`);
            e.preventDefault();
          }
        } else if (items[digit - 1]) {
          choose(items[digit - 1].id);
          e.preventDefault();
        }
        return;
      }
      if (question.kind === "ordering" && picked && (e.key === "ArrowUp" || e.key === "ArrowDown")) {
        move(picked, e.key === "ArrowUp" ? -1 : 1);
        e.preventDefault();
        return;
      }
    }
    if (phase === "rating" && digit !== null && digit <= CONFIDENCE_CHOICES.length) {
      rate(CONFIDENCE_CHOICES[digit - 1].value);
      e.preventDefault();
      return;
    }
    if (e.key === "Enter") {
      const t = e.target;
      if (t instanceof HTMLButtonElement || t instanceof HTMLAnchorElement) return;
      if (shown === null) submit();
      else if (phase === "rated" && onDone) finish();
      e.preventDefault();
    }
  }

  useDocumentKeys(handleKey, keys === "document");

  const headingId = `${uid}-q`;
  const Heading = headingLevel === 3 ? "h3" : "h2";
  const Position = positionIsTitle ? "h1" : "p";
  const locked = shown !== null || (mode === "exam" && phase !== "answering");
  const gradeName = first && confidence ? GRADE_NAMES[gradeFor(first.correct, confidence)] : null;
  // The graded first answer keeps the verdict it was given (a predict question's key may still be
  // loading after coming back from the sandbox); only a later try is checked again.
  const shownRight =
    shown !== null && (first && !retried ? first.correct : isCorrect(question, shown, predict.key));
  const positionId = `${uid}-pos`;
  const hintId = `${uid}-hint`;

  return (
    <article
      ref={rootRef}
      className={`quiz-question quiz-${mode}`}
      aria-labelledby={position ? positionId : undefined}
      onKeyDown={keys === "within" ? (e) => handleKey(e) : undefined}
    >
      <header className="quiz-question-head">
        {position && (
          <Position className="quiz-position" id={positionId}>
            Question {position.index + 1} of {position.total}
          </Position>
        )}
        <p className="quiz-meta">
          <span id={hintId}>{KIND_HINT[question.kind]}</span>{" "}
          <span className={`quiz-difficulty d-${question.difficulty}`}>{question.difficulty}</span>
        </p>
        <Heading id={headingId} ref={headingRef} tabIndex={-1} className="quiz-prompt">
          {question.prompt}
        </Heading>
      </header>

      {question.kind === "predict" && predict.error && (
        <div className="quiz-problem" role="alert">
          <p>This prediction cannot be marked right now: {predict.error}. It will not be graded.</p>
          {onDone && (
            <button type="button" className="button" onClick={skipUnmarkable}>
              Skip this question
            </button>
          )}
        </div>
      )}

      {question.kind === "ordering" ? (
        <OrderingSteps
          uid={uid}
          order={order}
          steps={question.steps}
          picked={picked}
          locked={locked}
          onMove={move}
        />
      ) : (
        <ChoiceOptions
          uid={uid}
          items={items}
          multiple={question.kind === "multiple"}
          selected={selected}
          locked={locked}
          labelledBy={hintId}
          onChoose={choose}
        />
      )}
      <p className="visually-hidden" aria-live="polite">
        {announce}
      </p>

      {shown === null && (
        <p className="quiz-actions">
          <button
            type="button"
            className="button primary"
            onClick={submit}
            disabled={!canSubmit || waitingForKey}
          >
            {phase === "answering" ? "Submit answer" : "Submit again"}
          </button>
          <span className="muted quiz-keys-hint">
            {waitingForKey && !predict.error
              ? "Running the simulator to work out the answer…"
              : "Keys: 1 to 9 choose, Enter submits."}
          </span>
        </p>
      )}

      <div className="quiz-after">
        {showFeedback && first && (
          <>
            <p
              ref={verdictRef}
              tabIndex={-1}
              className={`quiz-verdict ${shownRight ? "is-right" : "is-wrong"}`}
            >
              <span aria-hidden="true">{shownRight ? "✓ " : "✗ "}</span>
              {shownRight ? "Right." : "Not quite."}
              {retried && " (This retry does not change your grade.)"}
            </p>
            <WorkedAnswer text={question.answer} />
            <Feedback question={question} answer={shown} predictKey={predict.key} />
          </>
        )}
        {mode === "exam" && phase === "rating" && (
          <p ref={verdictRef} tabIndex={-1} className="quiz-verdict">
            Answer saved. You will see how you did at the end.
          </p>
        )}
      </div>

      {phase === "rating" && shown !== null && (
        <ConfidenceRating
          uid={uid}
          onRate={rate}
          nextLabel={onDone ? doneLabel : null}
          level={headingLevel === 3 ? 4 : 3}
        />
      )}

      {phase === "rated" && (
        <GradeSaved
          panelRef={scheduledRef}
          questionId={question.id}
          gradeName={gradeName}
          doneLabel={onDone ? doneLabel : null}
          onDone={finish}
          onUndo={undo}
        />
      )}
    </article>
  );
}
