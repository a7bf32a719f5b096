// <Check ids={["q-id", ...]} />: a lesson's inline check. The question bank and the question
// component (with ts-fsrs) are loaded lazily, so a lesson's chunk carries only this wrapper.
// Keys act only while focus is inside the check, so several checks can share a page.
import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState } from "react";
import type { Bank } from "./bank";
import "./quiz.css";

const QuestionView = lazy(() => import("./QuestionView").then((m) => ({ default: m.QuestionView })));

export function Check({ ids, title = "Check yourself" }: { ids: string[]; title?: string }) {
  const [bank, setBank] = useState<Bank | null>(null);
  const [error, setError] = useState<string | null>(null);
  // A lesson may hold two checks: each region needs its own name (axe landmark-unique), so the
  // second and later ones are numbered in page order.
  const ref = useRef<HTMLElement>(null);
  const [nth, setNth] = useState(1);
  useLayoutEffect(() => {
    const all = Array.from(document.querySelectorAll(".quiz-inline"));
    const i = ref.current ? all.indexOf(ref.current) : -1;
    if (i >= 0) setNth(i + 1);
  }, []);
  useEffect(() => {
    let live = true;
    import("./bank")
      .then((m) => m.loadBank())
      .then(
        (b) => live && setBank(b),
        (err: unknown) => live && setError(err instanceof Error ? err.message : String(err)),
      );
    return () => {
      live = false;
    };
  }, []);

  const missing = bank ? ids.filter((id) => !bank.byId.has(id)) : [];
  const questions = bank ? ids.map((id) => bank.byId.get(id)).filter((q) => q !== undefined) : [];
  return (
    <section className="quiz-inline" aria-label={nth > 1 ? `${title} (${nth})` : title} ref={ref}>
      <p className="quiz-inline-title">
        <span aria-hidden="true">?</span> {title}
      </p>
      {error && <p role="alert">The questions could not be loaded: {error}</p>}
      {!bank && !error && <p className="muted">Loading the questions…</p>}
      {missing.length > 0 && (
        <p className="quiz-problem">No question with the id {missing.map((m) => `"${m}"`).join(", ")}.</p>
      )}
      <Suspense fallback={<p className="muted">Loading the questions…</p>}>
        {questions.map((q, i) => (
          <QuestionView
            key={q.id}
            question={q}
            mode="check"
            keys="within"
            headingLevel={3}
            position={questions.length > 1 ? { index: i, total: questions.length } : undefined}
          />
        ))}
      </Suspense>
      <p className="muted quiz-keys-hint">With focus in a question: number keys choose, Enter submits.</p>
    </section>
  );
}
