// The sandbox's first line when "Show me in the sandbox" opened it (/sandbox?...&quiz=ID): press
// Play, what happens next, what to watch for, and the way back to the question, whose answers
// the quiz kept (session-store.ts).
import { useEffect, useState } from "react";
import { parseScenario, presets, resolveRef, type Fault } from "../engine/index.ts";
import { loadBank } from "./bank";
import { askedQuestion, playCue } from "./show-me-cue";
import "./quiz.css";

type Cue = { play: string; watch: string };

export function ShowMeCue({ questionId }: { questionId: string }) {
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
          setCue({ play: playCue(faults, at), watch: askedQuestion(q.prompt) });
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
        <strong>{cue.play}</strong> Then watch for your answer: {cue.watch}{" "}
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
