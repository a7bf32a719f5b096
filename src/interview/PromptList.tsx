// The list of prompts, grouped by kind, with each one's state for this learner.
import { useId } from "react";
import * as R from "./records";
import { KIND_LABELS, PROMPT_KINDS, totalMinutes, type Prompt } from "./schema";
import { useInterviewSection } from "./store";

/** The page's heading and what it offers: drawn at once, before the prompts have loaded
 *  (review 14b #15: "Loading the prompts…" on an empty page for about 1.5 s). */
export function PromptListHead() {
  return (
    <>
      <h1>Interview practice</h1>
      <p className="lede">
        Rehearse the system-design interview on leader election. Each prompt runs four timed phases (clarify,
        design, deep dive, failure modes); the interviewer asks follow-ups, some of which you can test in the
        sandbox; then you see which key points you covered, a model answer, and rate yourself.
      </p>
    </>
  );
}

export function PromptList({
  prompts,
  onOpen,
  onHistory,
}: {
  prompts: readonly Prompt[];
  onOpen: (id: string) => void;
  onHistory: () => void;
}) {
  const section = useInterviewSection();
  const { attempts } = R.readAttempts(section);
  const ids = useId();
  const drafts = R.sessionIds(section).flatMap((id) => {
    const p = prompts.find((x) => x.id === id);
    return p ? [p] : [];
  });
  const weakest = R.weakestPromptId(attempts, new Set(prompts.map((p) => p.id)));

  const status = (p: Prompt): string => {
    const s = R.readSession(section, p.id);
    if (s) return s.stage === "review" ? "Review in progress" : "Draft in progress";
    const mine = attempts.filter((a) => a.promptId === p.id);
    if (!mine.length) return "Not tried yet";
    const last = R.scores(mine[mine.length - 1]);
    return `${mine.length} attempt${mine.length === 1 ? "" : "s"}, latest ${last.overallPct}%`;
  };

  return (
    <div className="iv-list">
      <PromptListHead />
      <div className="button-row">
        <button type="button" className="button" onClick={onHistory}>
          Your history ({attempts.length} attempt{attempts.length === 1 ? "" : "s"})
        </button>
        {weakest && (
          <button type="button" className="button" onClick={() => onOpen(weakest)}>
            Retry my weakest prompt
          </button>
        )}
      </div>

      {drafts.length > 0 && (
        <section className="iv-drafts" aria-labelledby={`${ids}-drafts`}>
          <h2 id={`${ids}-drafts`}>Unfinished</h2>
          <ul>
            {drafts.map((p) => (
              <li key={p.id}>
                <button type="button" className="iv-link-button" onClick={() => onOpen(p.id)}>
                  Resume: {p.title}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}

      {PROMPT_KINDS.map((kind) => {
        const group = prompts.filter((p) => p.kind === kind);
        if (!group.length) return null;
        return (
          <section key={kind} aria-labelledby={`${ids}-${kind}`}>
            <h2 id={`${ids}-${kind}`}>{KIND_LABELS[kind]}</h2>
            <ul className="iv-cards">
              {group.map((p) => {
                const st = status(p);
                const draft = st.endsWith("in progress");
                return (
                  <li key={p.id} className="iv-card">
                    <h3 id={`${ids}-${p.id}`}>{p.title}</h3>
                    <p className="iv-small muted">
                      {totalMinutes(p)} min · {p.rubric.length} key points · {p.followUps.length} follow-ups
                    </p>
                    <p className="iv-small">
                      <span aria-hidden="true">{draft ? "◐" : st.startsWith("Not") ? "○" : "●"}</span> {st}
                    </p>
                    <button
                      type="button"
                      className={`button${draft ? " primary" : ""}`}
                      onClick={() => onOpen(p.id)}
                      aria-label={`${draft ? "Resume" : "Start"}: ${p.title}`}
                    >
                      {draft ? "Resume" : "Start"}
                    </button>
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
