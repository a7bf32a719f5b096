// Where the first ten minutes (course/first-steps) meet the sandbox: each screen's live run is
// the sandbox's guided run, a separate chunk loaded when /start shows, so the screen's words
// appear at once and Back and Next work before the engine has arrived.
import { lazy, Suspense } from "react";
// The run's layout, here too, so the loading state already has the picture's box and the row of buttons.
import "../sandbox/guided-run.css";
import type { LiveRunProps } from "../course/first-steps/FirstSteps";

const GuidedRun = lazy(() => import("../sandbox/GuidedRun.tsx"));

/** While the run loads: the picture's box, a Play that waits, and the screen's own Back and Next. */
function Loading({ nav, watch }: Pick<LiveRunProps, "nav" | "watch">) {
  return (
    <div className="sb gr">
      <div className="gr-main">
        <div className="gr-picture gr-picture-empty">
          <p className="sb-hint">Loading the live example…</p>
        </div>
        <div className="gr-controls">
          <div className="gr-run-buttons">
            <button type="button" className="sb-btn primary gr-play" disabled>
              Play
            </button>
          </div>
          {nav}
        </div>
      </div>
      <div className="gr-side">{watch}</div>
    </div>
  );
}

export function FirstStepsRun(props: LiveRunProps) {
  return (
    <Suspense fallback={<Loading nav={props.nav} watch={props.watch} />}>
      <GuidedRun {...props} />
    </Suspense>
  );
}
