// /quiz: pick a mode (learn or exam), review what is due today, retry what you missed, see your
// schedule, undo the last grade, and move your progress between devices.
import { useEffect, useMemo, useRef, useState } from "react";
import { Link, useNavigate } from "@tanstack/react-router";
import { courseLessons } from "../catalog/manifest";
import { progressStore, useProgress } from "../progress/react";
import type { QuizSection } from "../progress/sections/quiz";
import { saveSession as recordSession, undoGrade } from "./actions";
import { loadBank, type Bank } from "./bank";
import { describeDue, dueToday, scheduled } from "./due";
import { Feedback } from "./Feedback";
import { QuestionView, type QuestionDraft } from "./QuestionView";
import { forgetSession, loadSession, newSessionId, saveSession, type Mode, type Session } from "./session-store";
import { TransferPanel } from "./TransferPanel";
import type { Question } from "./schema";
import "./quiz.css";


const MODE_NAMES: Record<Mode, string> = {
  learn: "Learn",
  exam: "Exam",
  missed: "Retry missed",
  due: "Due review",
};
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

/** Questions grouped by their home lesson, in the course's lesson order. */
function inCourseOrder(questions: readonly Question[]): Question[] {
  const rank = new Map(courseLessons.map((l, i) => [l.id, i]));
  return questions
    .map((q, i) => ({ q, i, r: rank.get(q.lessons[0]) ?? courseLessons.length }))
    .sort((a, b) => a.r - b.r || a.i - b.i)
    .map((x) => x.q);
}

function lastMissedOf(quiz: QuizSection, known?: ReadonlySet<string>): string[] {
  const last = quiz.sessions?.at(-1);
  return last ? last.missed.filter((id) => !known || known.has(id)) : [];
}

function startIds(start: "due" | "missed", bank: Bank, quiz: QuizSection): string[] {
  const known = new Set(bank.byId.keys());
  return start === "due" ? dueToday(quiz, new Date(), known).map((d) => d.id) : lastMissedOf(quiz, known);
}

/** `start` opens a new session of what is due or was missed; `sessionId` comes back to the
 *  session the URL names (kept in session-store.ts), at the same question with every answer. */
export function QuizPage({ start, sessionId }: { start?: "due" | "missed"; sessionId?: string }) {
  const [bank, setBank] = useState<Bank | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [session, setSession] = useState<Session | null>(null);
  const navigate = useNavigate();
  // The current question's latest state, saved with the session as it changes.
  const draftRef = useRef<QuestionDraft | undefined>(undefined);
  useEffect(() => {
    let live = true;
    loadBank().then(
      (b) => {
        if (!live) return;
        setBank(b);
        const known = new Set(b.byId.keys());
        // A link such as /quiz?start=due opens straight into that session.
        const ids = start ? startIds(start, b, progressStore.getState().data.quiz) : [];
        const kept = !start && sessionId ? loadSession(known, sessionId) : null;
        const opened = ids.length ? { id: newSessionId(), mode: start!, ids, index: 0, results: [], done: false } : kept;
        if (opened) {
          draftRef.current = opened.draft;
          setSession(opened);
        }
        // The URL names the session, so Back and reload return to it; ?start= is dropped so that
        // a reload does not begin yet another session.
        if (start || (sessionId && !kept) || (opened && opened.id !== sessionId))
          void navigate({ to: "/quiz", search: opened ? { session: opened.id } : {}, replace: true });
      },
      (err: unknown) => live && setError(err instanceof Error ? err.message : String(err)),
    );
    return () => {
      live = false;
    };
    // Read once per page: later URL changes are this page's own (replace) navigations.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (session && !session.done) saveSession({ ...session, draft: draftRef.current });
  }, [session]);
  const [dropped, setDropped] = useState(0);

  const quiz = useProgress((s) => s.data.quiz);
  const known = useMemo(() => (bank ? new Set(bank.byId.keys()) : undefined), [bank]);
  const lastMissed = useMemo(() => lastMissedOf(quiz, known), [quiz, known]);
  // A session left without its URL (the menu's Quiz link): offered on the home page.
  const resumable = useMemo(
    () => (known && !session && dropped >= 0 ? loadSession(known) : null),
    [known, session, dropped],
  );

  /** Shows `next` (null: the quiz home) and names it in the URL; an ended or finished session is
   *  forgotten. */
  function open(next: Session | null) {
    if (!next || next.done) forgetSession();
    draftRef.current = next?.draft;
    setSession(next);
    void navigate({ to: "/quiz", search: next && !next.done ? { session: next.id } : {}, replace: true });
  }

  function begin(mode: Mode, ids: string[]) {
    if (ids.length === 0) return;
    open({ id: newSessionId(), mode, ids, index: 0, results: [], done: false });
    window.scrollTo({ top: 0 });
  }

  if (error)
    return (
      <div className="page narrow" role="alert">
        <h1>Quiz</h1>
        <p>The question bank could not be loaded: {error}</p>
      </div>
    );
  if (!bank) return <p className="page narrow">Loading the questions…</p>;

  if (session && !session.done) {
    const q = bank.byId.get(session.ids[session.index])!;
    const last = session.index === session.ids.length - 1;
    const onDone = (result: Session["results"][number]) => {
      const results = [...session.results, result];
      draftRef.current = undefined;
      if (!last) {
        setSession({ ...session, results, index: session.index + 1, draft: undefined });
        return;
      }
      const marked = results.filter((r) => r.correct !== null);
      recordSession({
        at: new Date().toISOString(),
        mode: session.mode,
        total: marked.length,
        correct: marked.filter((r) => r.correct).length,
        missed: marked.filter((r) => !r.correct).map((r) => r.id),
      });
      open({ ...session, results, done: true, draft: undefined });
    };
    const onDraft = (draft: QuestionDraft) => {
      draftRef.current = draft;
      saveSession({ ...session, draft });
    };
    return (
      <div className="page narrow quiz-page">
        <div className="quiz-session-bar">
          <p>
            <strong>{MODE_NAMES[session.mode]} mode</strong>
            {session.mode === "exam" ? " · feedback comes at the end" : " · feedback after each question"}
          </p>
          <button type="button" className="button small" onClick={() => open(null)}>
            End session
          </button>
        </div>
        <progress
          className="quiz-progress"
          max={session.ids.length}
          value={session.index}
          aria-label="Questions answered"
        >
          {session.index} of {session.ids.length}
        </progress>
        <QuestionView
          key={`${session.mode}-${q.id}-${session.index}`}
          question={q}
          mode={session.mode === "exam" ? "exam" : "learn"}
          position={{ index: session.index, total: session.ids.length }}
          positionIsTitle
          autoFocus
          draft={session.draft}
          onDraft={onDraft}
          onDone={onDone}
          doneLabel={last ? "See results" : "Next question"}
        />
      </div>
    );
  }

  if (session?.done)
    return <Results bank={bank} session={session} onRetry={begin} onHome={() => open(null)} />;

  return (
    <QuizHome
      bank={bank}
      lastMissed={lastMissed}
      onStart={begin}
      resumable={resumable}
      onResume={open}
      onDrop={() => {
        forgetSession();
        setDropped((n) => n + 1);
      }}
    />
  );
}

function Results({
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
                {q.answer && (
                  <div className="quiz-worked">
                    <p className="quiz-worked-title">The answer, explained</p>
                    <p>{q.answer}</p>
                  </div>
                )}
                <Feedback question={q} answer={r.answer} predictKey={r.predictKey} />
              </details>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

function QuizHome({
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
  const [undone, setUndone] = useState<string | null>(null);
  const now = new Date();
  const known = new Set(bank.byId.keys());
  const due = dueToday(quiz, now, known);
  const plan = scheduled(quiz, known);
  const lessonsWithQuestions = courseLessons.filter((l) => bank.byLesson.has(l.id));
  const inLesson: readonly Question[] =
    lesson === "all" ? inCourseOrder(bank.questions) : (bank.byLesson.get(lesson) ?? []);
  const ofKind = (k: typeof kind) =>
    inLesson.filter((q) => k === "any" || (k === "predict") === (q.kind === "predict"));
  const pool = ofKind(kind);
  const count = length === 0 ? pool.length : Math.min(length, pool.length);
  const lastGrade = quiz.lastGrade ? bank.byId.get(quiz.lastGrade.id) : undefined;
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
            {MODE_NAMES[resumable.mode]} mode, question {resumable.index + 1} of {resumable.ids.length}, with your
            answers so far.
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
            Learn: feedback after each question, and you may try again
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
            <select
              id="quiz-kind"
              value={kind}
              onChange={(e) => setKind(e.target.value as typeof kind)}
            >
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

      <TransferPanel />
      <p className="muted">
        Keyboard: number keys choose options, Enter submits and moves on, and after answering 1 to 3 rate your
        confidence. See also <Link to="/progress">your progress</Link>.
      </p>
    </div>
  );
}
