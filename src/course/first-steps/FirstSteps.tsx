// The first ten minutes: nine screens, one idea each, paced by the learner. Each screen is a
// count ("3 of 9"), a title, one sentence, then the live run with Back and Next screen in a row
// of their own under it and a "Watch:" line beside it. The live run comes from the caller (src/app/ builds it on
// the sandbox, lazy-loaded), so this feature never imports the sandbox. Back and Next (or the
// arrow keys, outside the run) move between screens; focus goes to the new screen's heading.
import { useEffect, useRef, useState, type ComponentType, type ReactNode } from "react";
import { useMediaQuery } from "../../ui/use-media-query";
import { FIRST_STEPS, type StepFault } from "./screens";
import "./first-steps.css";

/** What a screen hands its live run. */
export interface LiveRunProps {
  preset: string;
  fault?: StepFault;
  /** false: the run's words list no heartbeats (a screen before they are taught) */
  heartbeats?: boolean;
  /** Back and Next screen, in a row of their own under the run's buttons */
  nav: ReactNode;
  /** the screen's "Watch:" line */
  watch: ReactNode;
  /** the "Then:" line: a second look, shown only once the run has played through once (before
   *  the first Play, "press Play again" would ask for something not yet done) */
  then?: ReactNode;
}

export interface FirstStepsProps {
  /** the lesson the path ends in, as a link the caller builds (the router lives in the route) */
  finish: ReactNode;
  /** the same way on in a few words, for a phone's top row beside Back, so the last screen's way
   *  out is on the first screen without a row of its own pushing the picture down */
  finishShort?: ReactNode;
  /** the live run for a screen */
  Live: ComponentType<LiveRunProps>;
  /** the screen to open on (0-based), e.g. from the address */
  initial?: number;
  /** told the screen shown, so the caller can keep it in the address */
  onScreen?: (index: number) => void;
}

/** Keys that move between screens, unless the learner is typing or working the live run. */
function stepKey(e: KeyboardEvent): -1 | 1 | 0 {
  if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return 0;
  const t = e.target as HTMLElement | null;
  if (t?.closest?.("input, textarea, select, [contenteditable], .sb")) return 0;
  if (e.key === "ArrowRight" || e.key === "PageDown") return 1;
  if (e.key === "ArrowLeft" || e.key === "PageUp") return -1;
  return 0;
}

const matches = (q: string, otherwise: boolean): boolean =>
  typeof window.matchMedia === "function" ? window.matchMedia(q).matches : otherwise;
/** A touch screen, or a pointer that cannot hover: no arrow keys to tell of. */
const coarse = () => matches("(hover: none), (pointer: coarse)", false);
const fine = () => matches("(hover: hover) and (pointer: fine)", false);

export function FirstSteps({ finish, finishShort, Live, initial = 0, onScreen }: FirstStepsProps) {
  const last = FIRST_STEPS.length - 1;
  const [index, setIndex] = useState(() => Math.min(last, Math.max(0, Math.floor(initial) || 0)));
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The screen's Back and Next sit in one place at every width: a row of their own under the
  // run's buttons (on a phone, after what just happened), apart from the run's Play and Next event.
  const phone = useMediaQuery("(max-width: 559px)");
  // The arrow keys are told only where a keyboard and a mouse are likely: on a touch-only screen
  // the tip is not in the page at all (review 15a #13 saw it on a phone: a CSS rule alone hid it
  // on the device but not in every capture of the page). Read once, when the page opens: what a
  // device points with does not change during a visit, but a full-page capture of a touch phone
  // (its metrics overridden for the capture) reports a fine pointer that hovers while it lasts,
  // so a query that followed changes put the tip back into exactly that capture (review 17a #12).
  const [keys] = useState(() => !coarse() && fine());
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

  // After a move, focus the new screen's heading: a screen reader reads it out, Tab starts from
  // the top of the new screen, and a phone scrolls back to it.
  useEffect(() => {
    if (moved.current) headingRef.current?.focus();
  }, [index]);
  useEffect(() => {
    onScreen?.(index);
  }, [index, onScreen]);

  const go = (i: number) => {
    moved.current = true;
    setIndex(Math.min(last, Math.max(0, i)));
  };
  const step = FIRST_STEPS[index];
  const glanceAbove = phone && !step.fault;
  const count = `${index + 1} of ${FIRST_STEPS.length}`;

  const nav = (
    <nav className={`first-steps-nav${index === last ? " first-steps-nav-last" : ""}`} aria-label="Screens">
      <button
        type="button"
        className="button"
        onClick={() => go(index - 1)}
        disabled={index === 0}
        aria-keyshortcuts="ArrowLeft"
      >
        <span aria-hidden="true">‹</span> Back
      </button>
      {index < last ? (
        <button
          type="button"
          className="button primary"
          onClick={() => go(index + 1)}
          aria-keyshortcuts="ArrowRight"
        >
          Next screen <span aria-hidden="true">›</span>
        </button>
      ) : phone ? (
        (finishShort ?? null)
      ) : (
        finish
      )}
    </nav>
  );
  // On a phone the long way out to the first lesson is not squeezed into the top row: without a
  // short form it follows the run, full width (with one, the top row holds it, on the first screen).
  const finishBelow =
    phone && index === last && !finishShort ? <p className="first-steps-finish">{finish}</p> : null;

  return (
    <div className="page first-steps">
      <section aria-labelledby="first-step-heading" className="first-step" key={step.id}>
        <div className="first-steps-top">
          <p className="first-steps-count">
            <span className="visually-hidden">Screen </span>
            {count}
          </p>
          <ol className="first-steps-dots" aria-label="Progress">
            {FIRST_STEPS.map((s, i) => (
              <li
                key={s.id}
                className={i < index ? "done" : i === index ? "current" : ""}
                aria-current={i === index ? "step" : undefined}
              >
                <span className="visually-hidden">
                  {s.title}
                  {i < index ? ", seen" : i === index ? ", this screen" : ""}
                </span>
              </li>
            ))}
          </ol>
        </div>
        <h1 id="first-step-heading" ref={headingRef} tabIndex={-1}>
          {step.title}
        </h1>
        <p className={`first-steps-sentence${step.fault ? " first-steps-sentence-fault" : ""}`}>
          {step.sentence}
          {/* At every width: the picture and what just happened use the words it defines
              ("token", "refused"), so on a phone too it comes before them (review 9a #4). */}
          {step.bridge && <span className="first-steps-bridge"> {step.bridge}</span>}
        </p>
        {/* On a phone the full "Watch:" words sit under the picture: a short one goes first, so
            the learner knows what to look for before pressing Play (not on the screen that hands
            the learner a fault: its sentence says what to do, and its phone screen needs the room). */}
        {glanceAbove && (
          <p className="first-steps-glance">
            <strong>Watch:</strong> {step.glance}
          </p>
        )}
        <div className="first-steps-live">
          <Live
            key={step.preset}
            preset={step.preset}
            fault={step.fault}
            heartbeats={step.heartbeats ?? true}
            nav={nav}
            watch={
              <>
                <div className="first-steps-watch">
                  {/* One short "Watch:" line at every width, the long words behind one press: at
                      1280 a 70 to 95 word paragraph beside a moving picture was a second idea to
                      read (review 15a #2). On a phone that already showed the short line above
                      the picture, only the press: a second label read as a second idea (review
                      10a #5), and no label read as a stray fragment repeating the first (12a #4). */}
                  {!glanceAbove && (
                    <p>
                      <strong>Watch:</strong> {step.glance}
                    </p>
                  )}
                  <details className="first-steps-more">
                    <summary>What to watch, in full</summary>
                    <p>{step.watch.charAt(0).toUpperCase() + step.watch.slice(1)}</p>
                  </details>
                </div>
              </>
            }
            then={
              <p className="first-steps-then">
                <strong>Then:</strong> {step.again}
              </p>
            }
          />
        </div>
        {finishBelow}
      </section>
      {/* Only where a keyboard is likely (first-steps.css): on a touch screen there are no arrow
          keys to press (review 10a #6). The buttons name their keys (aria-keyshortcuts). */}
      {keys && (
        <p className="first-steps-hint">
          Outside the live example, the left and right arrow keys move between screens too.
        </p>
      )}
    </div>
  );
}
