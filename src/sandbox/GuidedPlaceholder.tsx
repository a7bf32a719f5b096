// The guided run's boxes before its run exists: the picture's box, a Play and a Next event that
// wait, and the screen's own Back and Next screen. Shown while
// /start's lazy chunk loads (src/app/FirstStepsRun.tsx); once it is here the run draws the same
// boxes from a still store until its worker starts (GuidedRun.tsx). It imports nothing of the sandbox, so /start's first load stays small.
import type { ReactNode } from "react";
import { askToPlay } from "./guided-intent.ts";

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
  return (
    <>
      <div className="gr-main">
        <div className="gr-picture gr-picture-empty">
          <p className="sb-hint">Loading the live example…</p>
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
          </div>
        </div>
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
