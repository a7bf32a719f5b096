// /practice/elector/$challenge: write your own elector (issue 37). The brief and the hints, the
// editor (CodeMirror, its own chunk), and three buttons: Run (one run in the sandbox picture),
// Judge (the counterexample search over the challenge's faults, in a worker with a watchdog) and
// Reset to starter. The learner's code is kept in their progress as they type.
import { Link } from "@tanstack/react-router";
import { lazy, Suspense, useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import type { Challenge, Verdict } from "../elector/types.ts";
import { useProgress, progressStore } from "../progress/react";
import { electorState, readElectorRecord, recordHints, recordVerdict } from "../progress/sections/elector";
import type { EditorHandle } from "./CodeEditor.tsx";
import type { SourceProblem } from "./diagnostics.ts";
import { HintsPanel } from "./HintsPanel.tsx";
import { VerdictPanel, type JudgeState } from "./VerdictPanel.tsx";
import { RunView, type RunRequest } from "./RunView.tsx";
import { useElectorCode } from "./use-elector-code.ts";
import { StateBadge } from "./StateBadge.tsx";
import type { ElectorDeps } from "./deps.ts";
import "./elector.css";

const CodeEditor = lazy(() => import("./CodeEditor.tsx"));

/** The judge's seed: fixed, so the browser and the CLI give the same verdict for the same code. */
const JUDGE_SEED = 1;

export function ElectorPage({
  challenge,
  sharedCode,
  deps,
}: {
  challenge: Challenge;
  sharedCode?: string;
  deps: ElectorDeps;
}) {
  const ids = {
    title: useId(),
    editor: useId(),
    help: useId(),
    hints: useId(),
    judge: useId(),
    run: useId(),
    brief: useId(),
  };
  // The section, not a record read from it: reading makes a new object, which a selector must not.
  const section = useProgress((s) => s.data.elector);
  const record = useMemo(() => readElectorRecord(section, challenge.id), [section, challenge.id]);
  const code = useElectorCode(challenge.id, challenge.starter, sharedCode);
  const editor = useRef<EditorHandle | null>(null);
  const [problems, setProblems] = useState<SourceProblem[]>([]);
  const [runtime, setRuntime] = useState<SourceProblem[]>([]);
  const [judge, setJudge] = useState<JudgeState>({ phase: "idle" });
  const [run, setRun] = useState<RunRequest | null>(null);
  const [status, setStatus] = useState("");
  const cancel = useRef<(() => void) | null>(null);
  const resultRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => () => cancel.current?.(), []);

  const onReady = useCallback(
    (h: EditorHandle) => {
      editor.current = h;
      code.onExternal((t) => {
        h.setText(t);
        setStatus("Your code was updated from another tab.");
      });
    },
    [code],
  );

  const onChange = useCallback(
    (t: string) => {
      code.edited(t);
      // A run's line numbers no longer match once the code changes.
      setRuntime((r) => (r.length ? [] : r));
    },
    [code],
  );

  const errors = problems.filter((p) => p.severity === "error");

  const startRun = () => {
    code.flush();
    if (errors.length > 0) {
      setStatus(
        `Fix ${errors.length === 1 ? "the error" : `the ${errors.length} errors`} marked in the code first: line ${errors[0].line}, ${errors[0].message}`,
      );
      return;
    }
    setStatus("");
    void deps.runScenario(challenge, code.current()).then((made) => {
      if (!made.ok) {
        const e = made.errors[0];
        setStatus(`Your code does not compile: line ${e.line}, ${e.message}`);
        return;
      }
      if (made.error) {
        const e = made.error;
        setRuntime([
          {
            line: e.line,
            message: `${e.handler} on ${e.node}: ${e.message}`,
            severity: "error",
            source: "run",
          },
        ]);
        setStatus(
          `Your run stops at ${(e.at / 1000).toFixed(2)} s: ${e.handler} on ${e.node}, line ${e.line}: ${e.message}`,
        );
      }
      setRun((r) => ({
        n: (r?.n ?? 0) + 1,
        kind: "run",
        scenario: made.scenario,
        title: `Your elector: ${challenge.title}`,
        description:
          "Your code on the challenge's cluster, with no faults planned: break it yourself from the node menu.",
      }));
    });
  };

  const startJudge = () => {
    code.flush();
    cancel.current?.();
    const source = code.current();
    setJudge({ phase: "judging", progress: null });
    setStatus("");
    const job = deps.judge({ source, challengeId: challenge.id, seed: JUDGE_SEED }, (progress) =>
      setJudge((s) => (s.phase === "judging" ? { phase: "judging", progress } : s)),
    );
    cancel.current = () => {
      job.cancel();
      cancel.current = null;
    };
    job.done.then(
      (verdict: Verdict) => {
        cancel.current = null;
        setJudge({ phase: "done", verdict });
        if (verdict.kind === "failed" && verdict.error)
          setRuntime([
            {
              line: verdict.error.line,
              message: `${verdict.error.handler} on ${verdict.error.node}: ${verdict.error.message}`,
              severity: "error",
              source: "run",
            },
          ]);
        if (verdict.kind !== "compile-error") {
          const at = new Date().toISOString();
          progressStore
            .getState()
            .updateSection("elector", (prev) =>
              recordVerdict(prev, challenge.id, source, verdict.kind === "passed", at),
            );
        }
        requestAnimationFrame(() => resultRef.current?.focus());
      },
      (err: unknown) => {
        cancel.current = null;
        if (err instanceof Error && "reason" in err && err.reason === "cancelled") return;
        setJudge({
          phase: "stopped",
          message: `The judge stopped: ${err instanceof Error ? err.message : String(err)}. Press Judge to try again.`,
        });
      },
    );
  };

  const stopJudge = () => {
    cancel.current?.();
    setJudge({ phase: "stopped", message: "You stopped the judge. Press Judge to start again." });
  };

  const replay = () => {
    if (judge.phase !== "done" || judge.verdict.kind !== "failed") return;
    const v = judge.verdict;
    setRun((r) => ({
      n: (r?.n ?? 0) + 1,
      kind: "replay",
      scenario: v.scenario,
      title: `Counterexample: ${v.label}`,
      description: `The schedule the judge found, with ${v.faults.length === 1 ? "its one fault" : `its ${v.faults.length} faults`}.`,
    }));
  };

  const reset = () => {
    editor.current?.setText(challenge.starter);
    setStatus(
      "The editor holds the starter code again. Undo with Ctrl+Z (Cmd+Z on a Mac) to get yours back.",
    );
  };

  const backToMine = () => {
    code.leaveShared();
    editor.current?.setText(code.ownCode());
    setStatus("Your own code is back in the editor.");
  };

  const shown = record?.hints ?? 0;
  const state = electorState(record);
  const brief = useMemo(
    () =>
      challenge.brief
        .split(/\n\s*\n/)
        .map((p) => p.trim())
        .filter(Boolean),
    [challenge.brief],
  );

  return (
    <div className="page el-page">
      <nav className="el-crumbs" aria-label="Breadcrumb">
        <Link to="/practice">Practice</Link> <span aria-hidden="true">›</span> Write your own elector
      </nav>
      <header className="el-head">
        <h1 id={ids.title}>{challenge.title}</h1>
        <p className="el-state">
          <StateBadge state={state} /> <Link to="/practice/elector/api">The elector API, on one page</Link>
        </p>
      </header>
      <div className="el-layout">
        <div className="el-main">
          <section className="el-brief" aria-labelledby={ids.brief}>
            <h2 id={ids.brief} className="visually-hidden">
              The challenge
            </h2>
            {brief.map((p, i) => (
              <p key={i}>{p}</p>
            ))}
          </section>
          {code.shared && (
            <div className="el-shared" role="note" aria-label="Shared code">
              <p>
                This code came from a link someone shared. It has not run: read it first, then press Run to
                try it. Your own code for this challenge is kept until you change this one.
              </p>
              <button type="button" className="button small" onClick={backToMine}>
                Back to my code
              </button>
            </div>
          )}
          <section className="el-code" aria-labelledby={ids.editor}>
            <h2 id={ids.editor}>Your elector</h2>
            <p id={ids.help} className="el-muted el-help">
              TypeScript. Ctrl+Space lists what <code>node</code> can do; errors are underlined as you type.
              Tab leaves the editor.
            </p>
            <div className="el-buttons" role="group" aria-label="Your elector">
              <button type="button" className="button" onClick={startRun}>
                Run
              </button>
              <button
                type="button"
                className="button primary"
                onClick={startJudge}
                disabled={judge.phase === "judging"}
              >
                Judge
              </button>
              <button type="button" className="button" onClick={reset}>
                Reset to starter
              </button>
            </div>
            <Suspense fallback={<p className="el-editor-loading">Loading the editor…</p>}>
              <CodeEditor
                initial={code.initial}
                labelledBy={ids.editor}
                describedBy={ids.help}
                onChange={onChange}
                runtime={runtime}
                onProblems={setProblems}
                onReady={onReady}
              />
            </Suspense>
            <p className="el-status" role="status">
              {status}
            </p>
            {errors.length > 0 && (
              <div className="el-problems">
                <p>{errors.length === 1 ? "One error" : `${errors.length} errors`} in your code:</p>
                <ul className="el-errors">
                  {errors.slice(0, 5).map((e, i) => (
                    <li key={i}>
                      <button
                        type="button"
                        className="el-line-link"
                        onClick={() => editor.current?.focusLine(e.line)}
                      >
                        Line {e.line}
                      </button>
                      : {e.message}
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </section>
        </div>
        <aside className="el-side" aria-label="Hints and the judge">
          <section className="el-judge" aria-labelledby={ids.judge}>
            <h2 id={ids.judge} ref={resultRef} tabIndex={-1}>
              The judge
            </h2>
            <div aria-live="polite">
              <VerdictPanel
                state={judge}
                onCancel={stopJudge}
                onReplay={replay}
                onGoToLine={(n) => editor.current?.focusLine(n)}
              />
            </div>
          </section>
          <HintsPanel
            hints={challenge.hints}
            shown={shown}
            headingId={ids.hints}
            onShow={(n) =>
              progressStore
                .getState()
                .updateSection("elector", (prev) =>
                  recordHints(prev, challenge.id, n, code.current(), new Date().toISOString()),
                )
            }
          />
        </aside>
      </div>
      {run && (
        <RunView
          run={run}
          headingId={ids.run}
          onProblem={(p) => {
            setRuntime([p]);
            setStatus(`Your run stopped: ${p.message}. Line ${p.line} is marked in the editor.`);
          }}
        />
      )}
    </div>
  );
}
