// The sandbox's first line when "Show me in the sandbox" opened it (/sandbox?...&quiz=ID): press
// Play, what happens next, what to watch for, and the way back to the question, whose answers
// the quiz kept (session-store.ts). Once the run is there the line follows it: before the
// moment, during it and after it (show-me-cue.ts followCue).
import { useEffect, useState, useSyncExternalStore } from "react";
import { parseScenario, presets, resolveRef, type Fault } from "../engine/index.ts";
import { loadBank } from "./bank";
import { askedQuestion, followCue, playCue, type RunNow } from "./show-me-cue";
import "./quiz.css";

type Cue = { faults: Fault[]; at: number; watch: string };

/** The run as the page's sandbox has it (src/routes/sandbox.tsx builds it from the run's store):
 *  the quiz reads where the run stands without importing the sandbox. */
export interface RunView {
  subscribe(onChange: () => void): () => void;
  /** where the run stands, or null before its first frame */
  now(): RunNow | null;
}

export function ShowMeCue({
  questionId,
  run = null,
}: {
  questionId: string;
  /** the run once the sandbox has started it, so the line follows the run */
  run?: RunView | null;
}) {
  const [cue, setCue] = useState<Cue | null>(null);
  useEffect(() => {
    let live = true;
    loadBank().then(
      (bank) => {
        const q = bank.byId.get(questionId);
        if (!live || !q || q.kind !== "predict") return;
        try {
          const { scenario, at } = resolveRef(q.scenario, { presets });
          const faults = (parseScenario(scenario) as { faults: Fault[] }).faults;
          setCue({ faults, at, watch: askedQuestion(q.prompt) });
        } catch {
          // The content check resolves every question's run; a run that fails here shows no line.
        }
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [questionId]);
  if (!cue) return null;
  return (
    <aside className="quiz-show-me-cue" aria-label="From your quiz">
      <p>
        {run ? <LiveCue cue={cue} run={run} /> : <CueWords text={playCue(cue.faults, cue.at)} cue={cue} />}{" "}
        <a
          href="/quiz"
          onClick={(e) => {
            // Back to the very question: the quiz page's own history entry names its session.
            if (window.history.length > 1 && !e.metaKey && !e.ctrlKey && !e.shiftKey) {
              e.preventDefault();
              window.history.back();
            }
          }}
        >
          ← Back to your question
        </a>
      </p>
    </aside>
  );
}

/** The cue as the run stands: a string taken from the run, so a frame re-renders it only when
 *  the words change. */
function LiveCue({ cue, run }: { cue: Cue; run: RunView }) {
  const text = useSyncExternalStore(run.subscribe, () => {
    const now = run.now();
    return now ? followCue(cue.faults, cue.at, now) : playCue(cue.faults, cue.at);
  });
  return <CueWords text={text} cue={cue} />;
}

/** The cue, then the question: "then watch for" while the moment is ahead, plainly once it came. */
function CueWords({ text, cue }: { text: string; cue: Cue }) {
  const ahead = /^(Press Play|Coming up)/.test(text);
  return (
    <>
      <strong>{text}</strong> {ahead ? "Then watch for your answer:" : "Your question:"} {cue.watch}
    </>
  );
}
