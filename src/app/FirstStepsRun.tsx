// Where the first ten minutes (course/first-steps) meet the sandbox: each screen's live run is
// the sandbox's guided run, a separate chunk loaded when /start shows, so the screen's words
// appear at once and Back and Next work before the engine has arrived. The run's frame, its
// buttons and its words are the shell's (drawn at once, and kept as they are when the run
// arrives); only the picture's place waits for the chunk.
import { lazy, Suspense } from "react";
// The run's layout, here too, so the first paint already has the picture's box and the row of buttons.
import "../sandbox/guided-run.css";
import type { LiveRunProps } from "../course/first-steps/FirstSteps";
// The shell alone, not the run: a small module with no sandbox imports.
import { GuidedShell, GuidedStillBox } from "../sandbox/GuidedShell.tsx";

// Asked for at the run's first render, which is /start's first render: this module is in the
// first bundle (routes/start.tsx), so asking when it runs would load the sandbox on every page.
const GuidedRun = lazy(() => import("../sandbox/GuidedRun.tsx"));

export function FirstStepsRun({ preset, fault, heartbeats, nav, watch, then }: LiveRunProps) {
  return (
    <GuidedShell preset={preset} fault={Boolean(fault)} nav={nav} watch={watch} then={then}>
      {(bridge, legend) => (
        <Suspense fallback={<GuidedStillBox preset={preset} />}>
          <GuidedRun preset={preset} fault={fault} heartbeats={heartbeats} bridge={bridge} legend={legend} />
        </Suspense>
      )}
    </GuidedShell>
  );
}
