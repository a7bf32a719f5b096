// The guided run's boxes before its run exists: the picture (a still drawing of its first
// frame), a Play that takes a press and a Next event that waits, and the screen's own Back and Next screen. Shown while
// /start's lazy chunk loads (src/app/FirstStepsRun.tsx); once it is here the run draws the same
// boxes from a still store until its worker starts (GuidedRun.tsx). It imports nothing of the sandbox, so /start's first load stays small.
import type { ReactNode } from "react";
import { askToPlay } from "./guided-intent.ts";
import { GuidedStill } from "./GuidedStill.tsx";
import { faultButton, faultHint, type FaultState } from "./guided-fault.ts";

/** The run before it has loaded: not playing, no leader, nothing done. */
const before: FaultState = {
  ready: false,
  ended: false,
  acted: false,
  until: 0,
  frozen: null,
  frozenNow: false,
  leader: null,
  started: false,
};

export function GuidedPlaceholder({
  preset,
  nav,
  watch,
  fault,
}: {
  /** the run this placeholder stands for: a Play pressed now starts it once it is here */
  preset: string;
  nav?: ReactNode;
  watch?: ReactNode;
  /** a screen that hands the learner a fault shows it in Step's place once the run is here */
  fault?: boolean;
}) {
  const waiting = faultButton(before);
  return (
    <>
      <div className="gr-main">
        {/* The cluster as the run will first draw it, at its size: the first thing /start shows
            is the picture, not an empty box saying it loads (review 10a #7). */}
        <div className="gr-picture gr-picture-empty">
          <GuidedStill preset={preset} />
          <p className="visually-hidden" role="status">
            Loading the live example…
          </p>
        </div>
        <div className="gr-controls">
          {/* The same buttons the run will draw, named by their words already. Play takes a
              press now and the run starts once it is here (guided-intent.ts); Next event waits. */}
          <div className="gr-run-buttons" role="group" aria-label="Run">
            <button type="button" className="sb-btn primary gr-play" onClick={() => askToPlay(preset)}>
              <span aria-hidden="true" className="gr-icon">
                ▶
              </span>
              Play
            </button>
            {!fault && (
              <button type="button" className="sb-btn" disabled>
                Next event
              </button>
            )}
            {/* The screen's fault, as the run draws it before it can play (off, with its words
                and the line under it), so the row and the line hold their places. */}
            {fault && (
              <button
                type="button"
                className="sb-btn gr-fault-btn"
                aria-disabled="true"
                aria-describedby="gr-fault-why"
              >
                <span aria-hidden="true" className="gr-icon">
                  ‖
                </span>
                <span>
                  {waiting.label}
                  <span className="gr-fault-for">{waiting.detail}</span>
                </span>
              </button>
            )}
          </div>
        </div>
        {fault && (
          <p className="sb-hint gr-fault-why" id="gr-fault-why">
            {faultHint(before)}
          </p>
        )}
        {nav && <div className="gr-screen-nav">{nav}</div>}
      </div>
      <div className="gr-side">
        <section className="gr-latest" aria-label="What just happened">
          <p className="gr-latest-title" aria-hidden="true">
            What just happened
          </p>
          <p className="sb-hint gr-latest-empty">Nothing yet: press Play.</p>
        </section>
        {watch}
      </div>
    </>
  );
}
