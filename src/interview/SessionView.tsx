// One prompt, from briefing to answer to review. Every change goes straight to the persisted store,
// so a reload or a trip to the sandbox loses nothing; leaving the page pauses the clock.
import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import type { InterviewSession } from "../progress/sections/interview";
import * as R from "./records";
import { ReviewView } from "./ReviewView";
import { useSandboxLink } from "../links/use-sandbox-link";
import { KIND_LABELS, PHASE_TITLES, totalMinutes, type FollowUp, type Prompt } from "./schema";
import { getInterviewSection, updateInterview, useInterviewSection } from "./store";
import { formatClock, milestone, speakDuration, view, type ClockView } from "./timer";

type Clock = () => number;

export function SessionView({
  prompt,
  onFinish,
  now = Date.now,
}: {
  prompt: Prompt;
  onFinish: () => void;
  now?: Clock;
}) {
  const section = useInterviewSection();
  const session = R.readSession(section, prompt.id);
  const [intro, setIntro] = useState("");
  if (!session)
    return (
      <Briefing
        prompt={prompt}
        onStart={() => {
          const started = R.startSession(prompt, new Date(now()));
          updateInterview((s) => R.withSession(s, started));
          setIntro(
            `Interview started. ${PHASE_TITLES[prompt.phases[0].id]} phase, ${speakDuration(prompt.phases[0].minutes * 60_000)} on the clock.`,
          );
        }}
      />
    );
  if (session.stage === "review") return <ReviewView prompt={prompt} session={session} onFinish={onFinish} />;
  return <Answering prompt={prompt} session={session} now={now} intro={intro} />;
}

function PromptHeader({ prompt }: { prompt: Prompt }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [prompt.id]);
  return (
    <header className="iv-header">
      <p className="iv-kicker">
        {KIND_LABELS[prompt.kind]} · {totalMinutes(prompt)} min
      </p>
      <h1 ref={heading} tabIndex={-1}>
        {prompt.title}
      </h1>
      <p className="iv-question">{prompt.prompt}</p>
    </header>
  );
}

function Briefing({ prompt, onStart }: { prompt: Prompt; onStart: () => void }) {
  return (
    <div className="iv-briefing">
      <PromptHeader prompt={prompt} />
      <h2>How this session runs</h2>
      {/* On a phone each phase is a card with its fields labelled (review 10b #15: three columns
          squeezed "What the interviewer expects" to a word a line). The card layout changes the
          boxes' display, which drops a table's meaning in some browsers, so the roles are stated;
          the visible labels are hidden from screen readers, which read the column headers. */}
      <div className="table-scroll" tabIndex={0} role="region" aria-label="Phases and time boxes">
        <table className="iv-phase-table" role="table">
          <caption className="visually-hidden">Phases and time boxes</caption>
          <thead role="rowgroup">
            <tr role="row">
              <th scope="col" role="columnheader">
                Phase
              </th>
              <th scope="col" role="columnheader">
                Time box
              </th>
              <th scope="col" role="columnheader">
                What the interviewer expects
              </th>
            </tr>
          </thead>
          <tbody role="rowgroup">
            {prompt.phases.map((p) => (
              <tr key={p.id} role="row">
                <th scope="row" role="rowheader">
                  {PHASE_TITLES[p.id]}
                </th>
                <td role="cell">
                  <span className="iv-cell-label" aria-hidden="true">
                    Time box{" "}
                  </span>
                  {p.minutes} min
                </td>
                <td role="cell">
                  <span className="iv-cell-label" aria-hidden="true">
                    What the interviewer expects
                  </span>
                  {p.guidance}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="iv-notes">
        <li>
          When a phase's time runs out the next one starts, as an interviewer would move on. You can pause the
          clock, or move on early.
        </li>
        <li>
          Follow-up questions appear as the interviewer would ask them. Some link to the sandbox so you can
          test your claim; the clock pauses while you are away.
        </li>
        <li>Your answer is saved in this browser as you type.</li>
      </ul>
      <button type="button" className="button primary" onClick={onStart}>
        Start the interview
      </button>
    </div>
  );
}

/** Pauses the stored session (used when the page is left, when no component state is left to update). */
function pauseStored(prompt: Prompt, at: number) {
  const current = R.readSession(getInterviewSection(), prompt.id);
  if (!current || current.stage !== "answering" || current.clock.runningSince === null) return;
  updateInterview((s) => R.withSession(s, R.pauseSession(current, prompt, new Date(at))));
}

function Answering({
  prompt,
  session,
  now,
  intro,
}: {
  prompt: Prompt;
  session: InterviewSession;
  now: Clock;
  intro: string;
}) {
  const durations = useMemo(() => R.durations(prompt), [prompt]);
  const titles = useMemo(() => R.phaseTitles(prompt), [prompt]);
  const [t, setT] = useState(now);
  const [announcement, setAnnouncement] = useState(intro);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const lastView = useRef<ClockView | null>(null);
  const mounted = useRef(false);
  const ids = useId();

  const v = view(session.clock, durations, t);
  const running = session.clock.runningSince !== null;
  const phase = prompt.phases[v.phaseIndex];

  /** Applies a change to the stored session and says what the change brought, politely. */
  const apply = useCallback(
    (change: (s: InterviewSession, at: Date) => InterviewSession, say?: string) => {
      const at = now();
      const current = R.readSession(getInterviewSection(), prompt.id);
      if (!current || current.stage !== "answering") return;
      const next = change(current, new Date(at));
      if (next !== current) updateInterview((s) => R.withSession(s, next));
      setT(at);
      const nextView = view(next.clock, durations, at);
      const messages = say ? [say] : [];
      const m = milestone(lastView.current, nextView, titles);
      lastView.current = nextView;
      if (m) messages.push(m);
      for (const asked of next.asked.slice(current.asked.length)) {
        const f = prompt.followUps.find((x) => x.id === asked.id);
        if (f) messages.push(`Follow-up question: ${f.question}`);
      }
      if (messages.length) setAnnouncement(messages.join(" "));
    },
    [now, prompt, durations, titles],
  );

  useEffect(() => {
    if (!running) return;
    const id = window.setInterval(() => apply((s, at) => R.tick(s, prompt, at)), 1000);
    return () => window.clearInterval(id);
  }, [running, apply, prompt]);

  useEffect(() => {
    mounted.current = true;
    const current = R.readSession(getInterviewSection(), prompt.id);
    if (current) lastView.current = view(current.clock, durations, now());
    const onHide = () => pauseStored(prompt, now());
    window.addEventListener("pagehide", onHide);
    return () => {
      mounted.current = false;
      window.removeEventListener("pagehide", onHide);
      // Leaving the page (not a StrictMode re-mount, which comes back at once) pauses the clock.
      window.setTimeout(() => {
        if (!mounted.current) pauseStored(prompt, now());
      }, 0);
    };
  }, [prompt, durations, now]);

  const asked = session.asked.flatMap((a) => {
    const f = prompt.followUps.find((x) => x.id === a.id);
    return f ? [{ ...a, followUp: f }] : [];
  });
  const isLast = v.phaseIndex === prompt.phases.length - 1;
  const savedAt = new Date(session.updatedAt).toLocaleTimeString([], {
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  });

  return (
    <div className="iv-session">
      <PromptHeader prompt={prompt} />
      <p className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
      <div className="iv-session-grid">
        <section className="iv-clock" aria-labelledby={`${ids}-clock`}>
          <h2 id={`${ids}-clock`} className="visually-hidden">
            Interview clock
          </h2>
          <ol className="iv-steps">
            {prompt.phases.map((p, i) => {
              const state = i < v.phaseIndex ? "done" : i === v.phaseIndex ? "current" : "next";
              return (
                <li
                  key={p.id}
                  className={`iv-step iv-step-${state}`}
                  aria-current={state === "current" ? "step" : undefined}
                >
                  <span aria-hidden="true">{state === "done" ? "✓" : state === "current" ? "●" : "○"}</span>{" "}
                  {PHASE_TITLES[p.id]}
                  <span className="visually-hidden">
                    {state === "done" ? " (done)" : state === "current" ? " (current phase)" : " (to come)"}
                  </span>
                </li>
              );
            })}
          </ol>
          <p className="iv-phase-name">
            Phase {v.phaseIndex + 1} of {prompt.phases.length}: <strong>{PHASE_TITLES[phase.id]}</strong>
          </p>
          <p
            className="iv-countdown"
            role="timer"
            aria-label={`Time left in the ${PHASE_TITLES[phase.id]} phase: ${speakDuration(v.remainingMs)}`}
          >
            <span className="iv-countdown-digits">{formatClock(v.remainingMs)}</span>
            <span className="iv-countdown-state">
              {v.timeUp ? "Time is up" : running ? "left" : "Paused"}
            </span>
          </p>
          <p className="iv-guidance">{phase.guidance}</p>
          <div className="button-row">
            <button
              type="button"
              className="button"
              onClick={() =>
                running
                  ? apply((s, at) => R.pauseSession(s, prompt, at), "Clock paused.")
                  : apply((s, at) => R.resumeSession(s, at), "Clock running.")
              }
            >
              {running ? "Pause clock" : "Resume clock"}
            </button>
            {!isLast && (
              <button
                type="button"
                className="button"
                onClick={() => apply((s, at) => R.advance(s, prompt, at))}
              >
                Next phase: {PHASE_TITLES[prompt.phases[v.phaseIndex + 1].id]}
              </button>
            )}
          </div>
        </section>

        <div className="iv-answer">
          <label htmlFor={`${ids}-answer`} className="iv-answer-label">
            Your answer
          </label>
          <p id={`${ids}-answer-hint`} className="muted iv-small">
            Think aloud in writing: clarify, design, go deep, then break it. Saved in this browser as you
            type.
          </p>
          <textarea
            id={`${ids}-answer`}
            className="iv-textarea"
            aria-describedby={`${ids}-answer-hint ${ids}-saved`}
            value={session.answer}
            spellCheck
            rows={16}
            onChange={(e) => {
              const value = e.target.value;
              const current = R.readSession(getInterviewSection(), prompt.id);
              if (current)
                updateInterview((s) => R.withSession(s, R.setAnswer(current, value, new Date(now()))));
            }}
          />
          <p id={`${ids}-saved`} className="muted iv-small">
            <span aria-hidden="true">✓</span> Saved at {savedAt}
          </p>
          <div className="button-row">
            <button
              type="button"
              className="button primary"
              disabled={session.answer.trim() === ""}
              onClick={() => {
                const current = R.readSession(getInterviewSection(), prompt.id);
                if (!current) return;
                updateInterview((s) => R.submit(s, current, prompt, new Date(now())).section);
              }}
            >
              Submit answer
            </button>
            {!confirmDiscard ? (
              <button type="button" className="button" onClick={() => setConfirmDiscard(true)}>
                Discard draft…
              </button>
            ) : (
              <span className="iv-confirm" role="group" aria-label="Discard this draft?">
                <span>Discard this answer and start over?</span>
                <button
                  type="button"
                  className="button"
                  onClick={() => updateInterview((s) => R.withoutSession(s, prompt.id))}
                >
                  Yes, discard
                </button>
                <button type="button" className="button" onClick={() => setConfirmDiscard(false)}>
                  Keep it
                </button>
              </span>
            )}
          </div>
          {session.answer.trim() === "" && <p className="muted iv-small">Write an answer to submit it.</p>}
        </div>

        <section className="iv-followups" aria-labelledby={`${ids}-fu`}>
          <h2 id={`${ids}-fu`}>Interviewer&rsquo;s follow-ups</h2>
          {asked.length === 0 ? (
            <p className="muted">
              None yet. The interviewer asks as the phases go on, and when a key point is still missing.
            </p>
          ) : asked.some((a) => a.followUp.sandbox) ? (
            <p className="muted iv-small">
              &ldquo;Try it&rdquo; opens the scenario in the sandbox. The clock pauses while you are there;
              come back with your browser&rsquo;s back button and your answer is waiting.
            </p>
          ) : null}
          {asked.length > 0 && (
            <ol className="iv-fu-list">
              {asked.map(({ followUp: f, phaseIndex }, i) => (
                <li key={f.id} className="iv-fu">
                  <p className="iv-fu-meta">
                    Asked in {PHASE_TITLES[prompt.phases[phaseIndex]?.id ?? "clarify"]}
                    {i === asked.length - 1 && <span className="iv-badge">Latest</span>}
                  </p>
                  <p className="iv-fu-question">{f.question}</p>
                  {f.sandbox && <TryIt sandbox={f.sandbox} />}
                </li>
              ))}
            </ol>
          )}
        </section>
      </div>
    </div>
  );
}

/** A follow-up's "Try it in the sandbox": its run, paused at the moment to look at. */
function TryIt({ sandbox }: { sandbox: NonNullable<FollowUp["sandbox"]> }) {
  const href = useSandboxLink(sandbox.scenario);
  const lookId = useId();
  return (
    <p className="iv-fu-try">
      {href && (
        <a className="button" href={href} aria-describedby={lookId}>
          <span aria-hidden="true">▶</span> Try it in the sandbox
        </a>
      )}
      <span className="iv-small" id={lookId}>
        {sandbox.look}
      </span>
    </p>
  );
}
