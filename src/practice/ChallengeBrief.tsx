// A challenge's brief as a compact card beside the picture (review 6b #3: it sat some 1,700 px
// down, under the whole sandbox): what the check looks for, the check itself, and the hints,
// the solution and the story folded right under it, so the first screen holds the goal and the run.
import { Link } from "@tanstack/react-router";
import type { ChallengeRecord } from "../progress/sections/practice";
import { RuleText } from "../ui/RuleText.tsx";
import type { Challenge } from "./challenge-schema.ts";
import { lessonTitle } from "./challenges.ts";
import { DIFFICULTY_TEXT, StatusOf } from "./ChallengeStatus.tsx";

export function ChallengeBrief({
  challenge: ch,
  rec,
  hints,
  onHint,
  canRun,
  checking,
  onCheck,
  onReset,
  onSolution,
  until,
}: {
  challenge: Challenge;
  rec: ChallengeRecord | null;
  /** how many hints are shown */
  hints: number;
  onHint: () => void;
  /** the run exists: it can be checked, and the solution played in it */
  canRun: boolean;
  checking: boolean;
  onCheck: () => void;
  onReset: () => void;
  onSolution: () => void;
  /** " (10 s)": how far the check plays the run, when the settings are valid */
  until: string;
}) {
  return (
    <section className="pr-goal pr-brief-card" aria-labelledby="pr-goal-h">
      <h2 id="pr-goal-h">Checklist</h2>
      <p className="pr-card-meta">
        <StatusOf rec={rec} /> · {DIFFICULTY_TEXT[ch.difficulty]}
      </p>
      <ul className="pr-goal-checks">
        {ch.goal.checks.map((c) => (
          <li key={c.label}>{c.label}</li>
        ))}
      </ul>
      <div className="button-row pr-brief-buttons">
        <button type="button" className="button primary" onClick={onCheck} disabled={!canRun || checking}>
          {checking ? "Checking…" : "Check my run"}
        </button>
        <button type="button" className="button" onClick={onReset}>
          Reset the challenge
        </button>
      </div>
      <details className="pr-fold">
        <summary>Hints</summary>
        {hints > 0 && (
          <ol className="pr-hints">
            {ch.hints.slice(0, hints).map((h) => (
              <li key={h}>
                <RuleText text={h} />
              </li>
            ))}
          </ol>
        )}
        {hints < ch.hints.length ? (
          <button type="button" className="button" onClick={onHint}>
            {hints === 0 ? "Show a hint" : `Show hint ${hints + 1} of ${ch.hints.length}`}
          </button>
        ) : (
          <p className="pr-hint">That is every hint.</p>
        )}
      </details>
      <details className="pr-fold pr-solution">
        <summary>Solution</summary>
        <p>{ch.solution.explanation}</p>
        <p className="pr-hint">{describeSolution(ch)}</p>
        <button type="button" className="button" disabled={!canRun} onClick={onSolution}>
          Play the solution
        </button>
      </details>
      <details className="pr-fold">
        <summary>About this challenge</summary>
        <p className="pr-card-meta">
          Practises{" "}
          {ch.lessons.map((l, i) => (
            <span key={l}>
              {i > 0 && ", "}
              <Link to="/learn/$lesson" params={{ lesson: l }}>
                {lessonTitle(l)}
              </Link>
            </span>
          ))}
        </p>
        <p>{ch.summary}</p>
        <p className="pr-hint">
          {ch.rules.note ??
            (ch.rules.actions.length
              ? `Allowed actions: ${ch.rules.actions.join(", ")}.`
              : "Settings only.")}{" "}
          The check plays your run to its end{until} and judges what happened in it, whatever you clicked.
        </p>
        {ch.model && (
          <details className="pr-model">
            <summary>How this is modelled</summary>
            <p>{ch.model}</p>
          </details>
        )}
      </details>
    </section>
  );
}

function describeSolution(ch: Challenge): string {
  const parts: string[] = [];
  for (const [path, v] of Object.entries(ch.solution.settings)) {
    const k = ch.knobs.find((x) => x.path === path);
    const shown =
      k?.type === "duration"
        ? `${k.unit === "s" ? Number(v) / 1000 : Number(v)} ${k.unit}`
        : k?.type === "choice"
          ? (k.choices.find((c) => c.value === v)?.label ?? String(v))
          : String(v);
    parts.push(`${k?.label ?? path}: ${shown}`);
  }
  for (const f of ch.solution.actions) {
    const { at, do: what, ...rest } = f as Record<string, unknown>;
    const detail = Object.entries(rest)
      .map(([k, v]) => `${k} ${typeof v === "object" ? JSON.stringify(v) : String(v)}`)
      .join(", ");
    parts.push(`at ${String(at)}: ${String(what)}${detail ? ` (${detail})` : ""}`);
  }
  return `It plays as a replay: ${parts.join("; ")}.`;
}
