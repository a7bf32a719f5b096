// One run of the learner's elector in the sandbox picture: a plain Run from the starting
// scenario, or the judge's counterexample replayed with its faults. The compact sandbox is the
// lessons' embed (its own chunk, loaded on the first Run), with "Why?" on every role change, which
// shows the learner's own because() rules.
import { lazy, Suspense, useEffect, useRef } from "react";
import type { RawScenario } from "../sandbox/scenarios.ts";

const Sandbox = lazy(() => import("../sandbox/Sandbox.tsx").then((m) => ({ default: m.Sandbox })));

export interface RunRequest {
  /** counts runs, so each press starts a fresh simulation */
  n: number;
  kind: "run" | "replay";
  scenario: RawScenario;
  title: string;
  description: string;
}

export function RunView({ run, headingId }: { run: RunRequest; headingId: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The learner pressed Run or Replay: take them to what it started.
  useEffect(() => {
    heading.current?.focus();
  }, [run.n]);
  return (
    <section className="el-run" aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1}>
        {run.kind === "replay" ? "The counterexample, replayed" : "Your elector, running"}
      </h2>
      <p className="el-muted">
        {run.description} Press Play to watch it; on a role change, Why? shows the rule that decided it, with your own{" "}
        <code>because()</code> names.
      </p>
      <Suspense fallback={<p className="sb-hint">Loading the sandbox…</p>}>
        <Sandbox key={run.n} variant="compact" scenario={run.scenario} source={{ kind: "custom" }} title={run.title} description={run.description} />
      </Suspense>
    </section>
  );
}
