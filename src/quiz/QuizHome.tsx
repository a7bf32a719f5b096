// The quiz home: what is due today, a retry of the last session's misses, a new session (mode,
// lesson, kind, length), the review schedule, and moving progress between devices.
import { useState } from "react";
import { Link } from "@tanstack/react-router";
import { courseLessons } from "../catalog/manifest";
import { useProgress } from "../progress/react";
import type { Bank } from "./bank";
import { describeDue, dueToday, scheduled } from "./due";
import { MODE_NAMES } from "./mode-names";
import { ReviewSchedule } from "./ReviewSchedule";
import type { Mode, Session } from "./session-store";
import { TransferPanel } from "./TransferPanel";
import type { Question } from "./schema";
import { lessonOrder } from "./lesson-order";

const LENGTHS = [5, 10, 20, 0] as const;

function shuffle<T>(items: readonly T[]): T[] {
  const out = [...items];
  const rand = new Uint32Array(out.length);
  crypto.getRandomValues(rand);
  for (let i = out.length - 1; i > 0; i--) {
    const j = rand[i] % (i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

const courseRank = new Map(courseLessons.map((l, i) => [l.id, i]));

/** Questions grouped by their home lesson, in the course's lesson order. */
function inCourseOrder(questions: readonly Question[]): Question[] {
  return questions
    .map((q, i) => ({ q, i, r: courseRank.get(q.lessons[0]) ?? courseLessons.length }))
    .sort((a, b) => a.r - b.r || a.i - b.i)
    .map((x) => x.q);
}

export function QuizHome({
  bank,
  lastMissed,
  onStart,
  resumable,
  onResume,
  onDrop,
}: {
  bank: Bank;
  lastMissed: string[];
  onStart: (mode: Mode, ids: string[]) => void;
  resumable: Session | null;
  onResume: (session: Session) => void;
  onDrop: () => void;
}) {
  const quiz = useProgress((s) => s.data.quiz);
  const [mode, setMode] = useState<"learn" | "exam">("learn");
  const [lesson, setLesson] = useState("all");
  // Which kind of question: a learner who wants the ones the simulator checks ("Show me in the
  // sandbox") can ask for them, rather than meeting them only after the choice questions.
  const [kind, setKind] = useState<"any" | "predict" | "choice">("any");
  const [length, setLength] = useState<number>(10);
  const now = new Date();
  const known = new Set(bank.byId.keys());
  const due = dueToday(quiz, now, known);
  const plan = scheduled(quiz, known);
  const lessonsWithQuestions = courseLessons.filter((l) => bank.byLesson.has(l.id));
  const inLesson: readonly Question[] =
    lesson === "all"
      ? inCourseOrder(bank.questions)
      : lessonOrder(bank.byLesson.get(lesson) ?? [], lesson, courseRank);
  const ofKind = (k: typeof kind) =>
    inLesson.filter((q) => k === "any" || (k === "predict") === (q.kind === "predict"));
  const pool = ofKind(kind);
  const count = length === 0 ? pool.length : Math.min(length, pool.length);
  const kinds = bank.questions.reduce<Record<string, number>>(
    (acc, q) => ({ ...acc, [q.kind]: (acc[q.kind] ?? 0) + 1 }),
    {},
  );

  function startChosen() {
    const chosen = mode === "exam" ? shuffle(pool).slice(0, count) : pool.slice(0, count);
    onStart(
      mode,
      chosen.map((q) => q.id),
    );
  }

  return (
    <div className="page narrow quiz-page">
      <h1>Quiz</h1>
      <p className="lede">
        {bank.questions.length} questions on leader election: {kinds.single ?? 0} single choice,{" "}
        {kinds.multiple ?? 0} multiple choice, {kinds.ordering ?? 0} ordering and {kinds.predict ?? 0}{" "}
        predictions checked against the simulator. Every option explains itself.
      </p>

      {resumable && (
        <section className="quiz-panel" aria-labelledby="resume-heading">
          <h2 id="resume-heading">Your session in progress</h2>
          <p>
            {MODE_NAMES[resumable.mode]} mode, question {resumable.index + 1} of {resumable.ids.length}, with
            your answers so far.
          </p>
          <div className="button-row">
            <button type="button" className="button primary" onClick={() => onResume(resumable)}>
              Continue at question {resumable.index + 1}
            </button>
            <button type="button" className="button" onClick={onDrop}>
              End that session
            </button>
          </div>
        </section>
      )}

      <section className="quiz-panel" aria-labelledby="due-heading">
        <h2 id="due-heading">Due today</h2>
        {due.length > 0 ? (
          <>
            <p>
              <strong>{due.length}</strong> question{due.length === 1 ? " is" : "s are"} due for review today.
            </p>
            <ul className="quiz-due-list">
              {due.slice(0, 5).map((d) => (
                <li key={d.id}>
                  {bank.byId.get(d.id)?.prompt} <span className="muted">({describeDue(d.due, now)})</span>
                </li>
              ))}
            </ul>
            <button
              type="button"
              className="button primary"
              onClick={() =>
                onStart(
                  "due",
                  due.map((d) => d.id),
                )
              }
            >
              Review the {due.length} due today
            </button>
          </>
        ) : (
          <p>
            Nothing is due today.
            {plan[0] && ` Your next review is ${describeDue(plan[0].due, now)}.`}
            {!plan[0] && " Answer a few questions and rate your confidence to start a review schedule."}
          </p>
        )}
      </section>

      {lastMissed.length > 0 && (
        <section className="quiz-panel" aria-labelledby="missed-heading">
          <h2 id="missed-heading">Missed last time</h2>
          <p>You missed {lastMissed.length} in your last session.</p>
          <button type="button" className="button" onClick={() => onStart("missed", lastMissed)}>
            Retry only the {lastMissed.length} I missed
          </button>
        </section>
      )}

      <section className="quiz-panel" aria-labelledby="start-heading">
        <h2 id="start-heading">Start a quiz</h2>
        <fieldset className="quiz-mode">
          <legend>Mode</legend>
          <label>
            <input
              type="radio"
              name="quiz-mode"
              value="learn"
              checked={mode === "learn"}
              onChange={() => setMode("learn")}
            />{" "}
            Learn: feedback and the right answer after each question
          </label>
          <label>
            <input
              type="radio"
              name="quiz-mode"
              value="exam"
              checked={mode === "exam"}
              onChange={() => setMode("exam")}
            />{" "}
            Exam: feedback at the end, with a score
          </label>
        </fieldset>
        <div className="quiz-selects">
          <span className="quiz-field">
            <label htmlFor="quiz-lesson">Lesson</label>
            <select id="quiz-lesson" value={lesson} onChange={(e) => setLesson(e.target.value)}>
              <option value="all">All lessons ({bank.questions.length})</option>
              {lessonsWithQuestions.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.title} ({bank.byLesson.get(l.id)?.length ?? 0})
                </option>
              ))}
            </select>
          </span>
          <span className="quiz-field">
            <label htmlFor="quiz-kind">Kind</label>
            <select id="quiz-kind" value={kind} onChange={(e) => setKind(e.target.value as typeof kind)}>
              <option value="any">Every kind ({ofKind("any").length})</option>
              <option value="predict">Predict what happens ({ofKind("predict").length})</option>
              <option value="choice">Choice and ordering ({ofKind("choice").length})</option>
            </select>
          </span>
          <span className="quiz-field">
            <label htmlFor="quiz-length">Questions</label>
            <select id="quiz-length" value={length} onChange={(e) => setLength(Number(e.target.value))}>
              {LENGTHS.map((n) => (
                <option key={n} value={n}>
                  {n === 0 ? "All" : n}
                </option>
              ))}
            </select>
          </span>
        </div>
        <button type="button" className="button primary" onClick={startChosen} disabled={count === 0}>
          Start {mode === "exam" ? "the exam" : "learning"} ({count} question{count === 1 ? "" : "s"})
        </button>
      </section>

      <ReviewSchedule bank={bank} plan={plan} now={now} />

      <TransferPanel />
      <p className="muted">
        Keyboard: number keys choose options, Enter submits and moves on, and after answering 1 to 3 rate your
        confidence. See also <Link to="/progress">your progress</Link>.
      </p>
    </div>
  );
}
