// Where the first ten minutes (course/first-steps) meet the sandbox: each screen's live run is
// the sandbox's guided run, a separate chunk loaded when /start shows, so the screen's words
// appear at once and Back and Next work before the engine has arrived.
import { lazy, Suspense } from "react";
// The run's layout, here too, so the loading state already has the picture's box and the row of buttons.
import "../sandbox/guided-run.css";
import type { LiveRunProps } from "../course/first-steps/FirstSteps";
// The placeholder alone, not the run: a small module with no sandbox imports.
import { GuidedPlaceholder } from "../sandbox/GuidedPlaceholder.tsx";

// Asked for as soon as /start's code runs, not at the run's first render: the placeholder's
// buttons give way to the run's sooner.
const loadRun = () => import("../sandbox/GuidedRun.tsx");
const GuidedRun = lazy(loadRun);
void loadRun();

export function FirstStepsRun(props: LiveRunProps) {
  return (
    <Suspense
      fallback={
        <div className="sb gr">
          <GuidedPlaceholder
            preset={props.preset}
            nav={props.nav}
            watch={props.watch}
            fault={Boolean(props.fault)}
          />
        </div>
      }
    >
      <GuidedRun {...props} />
    </Suspense>
  );
}
