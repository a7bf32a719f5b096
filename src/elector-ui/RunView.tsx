// One run of the learner's elector in the sandbox picture: a plain Run from the starting
// scenario, or the judge's counterexample replayed with its faults. It is the practice pages'
// live sandbox (its own chunk, loaded on the first Run): the time bar, the picture, node actions,
// the timeline and the logs, with "Why?" on every role change, which names the learner's own
// because() rules. A handler that throws or runs too long ends the run; its message (which
// names the handler and the line) is handed to the page, which marks the line in the editor.
import { lazy, Suspense, useEffect, useRef } from "react";
import type { RawScenario } from "../sandbox/scenarios.ts";
import type { SandboxController } from "../sandbox/controller.ts";
import type { SourceProblem } from "./diagnostics.ts";

const LiveSandbox = lazy(() => import("../app/LiveSandbox.tsx").then((m) => ({ default: m.LiveSandbox })));

export interface RunRequest {
  /** counts runs, so each press starts a fresh simulation */
  n: number;
  kind: "run" | "replay";
  scenario: RawScenario;
  title: string;
  description: string;
}

const HANDLER_LINE = /\b(init|onMessage|onTimer|onStore)\b[^]*?\bline (\d+)/;

/** A run's message that names a handler and a line, as an editor problem; null otherwise. */
function runProblem(text: string): SourceProblem | null {
  const m = HANDLER_LINE.exec(text);
  return m ? { line: Number(m[2]), message: text, severity: "error", source: "run" } : null;
}

export function RunView({
  run,
  headingId,
  onProblem,
}: {
  run: RunRequest;
  headingId: string;
  onProblem: (p: SourceProblem) => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const unsubscribe = useRef<(() => void) | null>(null);
  const report = useRef(onProblem);
  useEffect(() => {
    report.current = onProblem;
  });
  // The learner pressed Run or Replay: take them to what it started.
  useEffect(() => {
    heading.current?.focus();
  }, [run.n]);
  useEffect(() => () => unsubscribe.current?.(), []);
  const onReady = (ctl: SandboxController) => {
    unsubscribe.current?.();
    const seen = new Set<number>();
    unsubscribe.current = ctl.store.subscribe((s) => {
      for (const n of s.notices) {
        if (seen.has(n.id)) continue;
        seen.add(n.id);
        const p = runProblem(n.text);
        if (p) report.current(p);
      }
    });
  };
  return (
    <section className="el-run" aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1}>
        {run.kind === "replay" ? "The counterexample, replayed" : "Your elector, running"}
      </h2>
      <p className="el-muted">
        {run.description} Press Play to watch it; on a role change, Why? shows the rule that decided it, with
        your own <code>because()</code> names.
      </p>
      <Suspense fallback={<p className="sb-hint">Loading the sandbox…</p>}>
        <LiveSandbox
          key={run.n}
          scenario={run.scenario}
          title={run.title}
          label={run.kind === "replay" ? "The counterexample in the sandbox" : "Your elector in the sandbox"}
          onReady={onReady}
        />
      </Suspense>
    </section>
  );
}
