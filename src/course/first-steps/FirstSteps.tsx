// The first ten minutes: a short path, paced by the learner, where each screen is one sentence
// and one live run of the engine. The live part is the lesson embed (src/sandbox/Embed.tsx),
// lazy-loaded, so this page does not carry the engine until a screen shows it. Back and Next
// (or the arrow keys, outside the sandbox) move between screens; the last one leads to the
// first lesson.
import { lazy, Suspense, useEffect, useRef, useState, type ComponentType, type ReactNode } from "react";
import { FIRST_STEPS } from "./screens";
import "./first-steps.css";

const LazyEmbed = lazy(() => import("../../sandbox/Embed.tsx"));

export interface FirstStepsProps {
  /** the lesson the path ends in, as a link the caller builds (the router lives in the route) */
  finish: ReactNode;
  /** the live run for a preset; tests pass a stand-in instead of the worker-backed embed */
  Live?: ComponentType<{ preset: string }>;
}

/** Keys that move between screens, unless the learner is typing or working the sandbox. */
function stepKey(e: KeyboardEvent): -1 | 1 | 0 {
  if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return 0;
  const t = e.target as HTMLElement | null;
  if (t?.closest?.("input, textarea, select, [contenteditable], .sb")) return 0;
  if (e.key === "ArrowRight" || e.key === "PageDown") return 1;
  if (e.key === "ArrowLeft" || e.key === "PageUp") return -1;
  return 0;
}

export function FirstSteps({ finish, Live = LazyEmbed }: FirstStepsProps) {
  const last = FIRST_STEPS.length; // one screen per step, then the closing screen
  const [index, setIndex] = useState(0);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const d = stepKey(e);
      if (!d) return;
      e.preventDefault();
      moved.current = true;
      setIndex((i) => Math.min(last, Math.max(0, i + d)));
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [last]);

  // After a move, put focus on the new screen's heading so a screen reader reads it out and
  // Tab starts from the top of the new screen.
  useEffect(() => {
    if (moved.current) headingRef.current?.focus();
  }, [index]);

  const go = (i: number) => {
    moved.current = true;
    setIndex(i);
  };
  const step = FIRST_STEPS[index];
  const counter = index < last ? `Step ${index + 1} of ${last}` : "Done";

  return (
    <div className="page first-steps">
      <p className="first-steps-counter" aria-hidden="true">
        {counter}
      </p>
      <ol className="first-steps-dots" aria-label="Progress">
        {FIRST_STEPS.map((s, i) => (
          <li key={s.id} className={i < index ? "done" : i === index ? "current" : ""} aria-current={i === index ? "step" : undefined}>
            <span className="visually-hidden">
              Step {i + 1}
              {i < index ? ", seen" : i === index ? ", this step" : ""}
            </span>
          </li>
        ))}
      </ol>
      {step ? (
        <section aria-labelledby="first-step-heading" className="first-step">
          <h1 id="first-step-heading" ref={headingRef} tabIndex={-1}>
            <span className="visually-hidden">{counter}: </span>
            {step.sentence}
          </h1>
          <p className="first-steps-watch">{step.watch}</p>
          <div className="first-steps-live">
            <Suspense fallback={<p className="first-steps-loading">Loading the live example…</p>}>
              {/* A new key per screen: each screen starts its own run from the beginning. */}
              <Live key={step.preset} preset={step.preset} />
            </Suspense>
          </div>
        </section>
      ) : (
        <section aria-labelledby="first-step-heading" className="first-step">
          <h1 id="first-step-heading" ref={headingRef} tabIndex={-1}>
            That is the whole idea: pick one leader, notice when it stops, and give every new choice a higher number.
          </h1>
          <p className="first-steps-watch">
            The course shows how real systems make each of those steps safe, starting with why a group needs a leader at all.
          </p>
          <p className="first-steps-finish">{finish}</p>
        </section>
      )}
      <nav className="first-steps-nav" aria-label="Steps">
        <button type="button" className="button" onClick={() => go(index - 1)} disabled={index === 0} aria-keyshortcuts="ArrowLeft">
          Back
        </button>
        {index < last && (
          <button type="button" className="button primary" onClick={() => go(index + 1)} aria-keyshortcuts="ArrowRight">
            Next
          </button>
        )}
      </nav>
      <p className="first-steps-hint">Use the Back and Next buttons, or the left and right arrow keys.</p>
    </div>
  );
}
