// /quiz: pick a mode (learn or exam), review what is due today, retry what you missed, see your
// schedule, undo the last grade, and move your progress between devices.
import { useEffect, useMemo, useRef, useState } from "react";
import { useNavigate } from "@tanstack/react-router";
import { progressStore, useProgress } from "../progress/react";
import type { QuizSection } from "../progress/sections/quiz";
import { saveSession as recordSession } from "./actions";
import { loadBank, type Bank } from "./bank";
import { dueToday } from "./due";
import { MODE_NAMES } from "./mode-names";
import { QuestionView, type QuestionDraft } from "./QuestionView";
import {
  forgetSession,
  loadSession,
  newSessionId,
  saveSession,
  type Mode,
  type Session,
} from "./session-store";
import { QuizHome } from "./QuizHome";
import { Results } from "./QuizResults";
import "./quiz.css";

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
        const opened = ids.length
          ? { id: newSessionId(), mode: start!, ids, index: 0, results: [], done: false }
          : kept;
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
  if (!bank) return <QuizLoading />;

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

/** While the bank loads: the page's heading where the page will put it, and the page's height
 *  reserved (.quiz-page's min-height), so the footer stays below the first screen and nothing
 *  jumps when the questions arrive (review 15a #14: the footer rose to y 183 for about 1 s). */
function QuizLoading() {
  return (
    <div className="page narrow quiz-page" aria-busy="true">
      <h1>Quiz</h1>
      <p className="lede">Loading the questions…</p>
      <div className="quiz-skeleton" aria-hidden="true" />
    </div>
  );
}
