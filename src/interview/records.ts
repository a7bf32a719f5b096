// Sessions and attempts: pure transitions over the persisted interview section, plus scores,
// "weakest prompt" and the Markdown export. The React layer only calls these.
import {
  RATING_SCALES,
  attemptSchema,
  sessionSchema,
  type InterviewAttempt,
  type InterviewSection,
  type InterviewSession,
  type RatingScale,
} from "../progress/sections/interview";
import { dueFollowUps } from "./followups";
import { matchRubric } from "./match";
import { PHASE_TITLES, type Prompt } from "./schema";
import * as timer from "./timer";

export const RATING_LABELS: Record<RatingScale, string> = {
  depth: "Technical depth",
  failures: "Failure analysis",
  tradeoffs: "Trade-offs",
  communication: "Communication",
};
export const RATING_LEVELS: Record<number, string> = { 1: "weak", 2: "partial", 3: "solid", 4: "strong" };

export function durations(prompt: Pick<Prompt, "phases">): number[] {
  return prompt.phases.map((p) => timer.minutesToMs(p.minutes));
}
export function phaseTitles(prompt: Pick<Prompt, "phases">): string[] {
  return prompt.phases.map((p) => PHASE_TITLES[p.id]);
}

/** Valid attempts, oldest first, and how many stored items could not be read. */
export function readAttempts(section: InterviewSection): {
  attempts: InterviewAttempt[];
  unreadable: number;
} {
  const attempts: InterviewAttempt[] = [];
  let unreadable = 0;
  for (const item of section.attempts) {
    const parsed = attemptSchema.safeParse(item);
    if (parsed.success) attempts.push(parsed.data);
    else unreadable++;
  }
  return { attempts, unreadable };
}

export function readSession(section: InterviewSection, promptId: string): InterviewSession | null {
  const parsed = sessionSchema.safeParse(section.sessions?.[promptId]);
  return parsed.success && parsed.data.promptId === promptId ? parsed.data : null;
}

export function sessionIds(section: InterviewSection): string[] {
  return Object.keys(section.sessions ?? {}).filter((id) => readSession(section, id) !== null);
}

export function withSession(section: InterviewSection, session: InterviewSession): InterviewSection {
  return { ...section, sessions: { ...(section.sessions ?? {}), [session.promptId]: session } };
}

export function withoutSession(section: InterviewSection, promptId: string): InterviewSection {
  const sessions = { ...(section.sessions ?? {}) };
  delete sessions[promptId];
  return { ...section, sessions };
}

/** Ask whatever follow-ups are due at the session's current phase. */
function askDue(session: InterviewSession, prompt: Prompt, nowIso: string): InterviewSession {
  const asked = new Set(session.asked.map((a) => a.id));
  const due = dueFollowUps(prompt, session.clock.phaseIndex, session.answer, asked);
  if (due.length === 0) return session;
  return {
    ...session,
    asked: [
      ...session.asked,
      ...due.map((f) => ({ id: f.id, phaseIndex: session.clock.phaseIndex, at: nowIso })),
    ],
  };
}

export function startSession(prompt: Prompt, now: Date): InterviewSession {
  const iso = now.toISOString();
  const session: InterviewSession = {
    promptId: prompt.id,
    startedAt: iso,
    updatedAt: iso,
    answer: "",
    clock: timer.startClock(now.getTime()),
    asked: [],
    stage: "answering",
  };
  return askDue(session, prompt, iso);
}

export function setAnswer(session: InterviewSession, answer: string, now: Date): InterviewSession {
  return { ...session, answer, updatedAt: now.toISOString() };
}

/** Lets the clock catch up with real time; asks follow-ups if that moved into a new phase. */
export function tick(session: InterviewSession, prompt: Prompt, now: Date): InterviewSession {
  const clock = timer.settle(session.clock, durations(prompt), now.getTime());
  if (clock.phaseIndex === session.clock.phaseIndex) return session;
  return askDue({ ...session, clock, updatedAt: now.toISOString() }, prompt, now.toISOString());
}

export function advance(session: InterviewSession, prompt: Prompt, now: Date): InterviewSession {
  const clock = timer.nextPhase(session.clock, durations(prompt), now.getTime());
  return askDue({ ...session, clock, updatedAt: now.toISOString() }, prompt, now.toISOString());
}

export function pauseSession(session: InterviewSession, prompt: Prompt, now: Date): InterviewSession {
  if (session.clock.runningSince === null) return session;
  const paused = {
    ...session,
    clock: timer.pause(session.clock, durations(prompt), now.getTime()),
    updatedAt: now.toISOString(),
  };
  return askDue(paused, prompt, now.toISOString());
}

export function resumeSession(session: InterviewSession, now: Date): InterviewSession {
  return { ...session, clock: timer.resume(session.clock, now.getTime()), updatedAt: now.toISOString() };
}

function newId(now: Date): string {
  const random =
    globalThis.crypto?.randomUUID?.() ?? `${now.getTime().toString(36)}-${performance.now().toString(36)}`;
  return `att-${random}`;
}

/** Ends the answering stage: runs the matcher and records the attempt (ratings still empty). */
export function submit(
  section: InterviewSection,
  session: InterviewSession,
  prompt: Prompt,
  now: Date,
): { section: InterviewSection; attempt: InterviewAttempt } {
  const matches = matchRubric(session.answer, prompt.rubric);
  const attempt: InterviewAttempt = {
    id: newId(now),
    promptId: prompt.id,
    promptTitle: prompt.title,
    startedAt: session.startedAt,
    submittedAt: now.toISOString(),
    activeMs: Math.round(timer.usedMs(session.clock, durations(prompt), now.getTime())),
    answer: session.answer,
    followUps: session.asked.flatMap((a) => {
      const f = prompt.followUps.find((x) => x.id === a.id);
      return f ? [{ id: f.id, question: f.question }] : [];
    }),
    points: prompt.rubric.map((point, i) => ({
      id: point.id,
      label: point.label,
      detected: matches[i].found,
      cue: matches[i].cue,
      evidence: matches[i].evidence,
      covered: matches[i].found,
    })),
    ratings: { depth: null, failures: null, tradeoffs: null, communication: null },
  };
  const reviewing: InterviewSession = {
    ...session,
    stage: "review",
    attemptId: attempt.id,
    clock: { ...timer.pause(session.clock, durations(prompt), now.getTime()) },
    updatedAt: now.toISOString(),
  };
  const next = withSession({ ...section, attempts: [...section.attempts, attempt] }, reviewing);
  return { section: next, attempt };
}

/** Replaces one stored attempt by id, leaving every other item (even unreadable ones) untouched. */
export function updateAttempt(
  section: InterviewSection,
  attemptId: string,
  update: (attempt: InterviewAttempt) => InterviewAttempt,
): InterviewSection {
  return {
    ...section,
    attempts: section.attempts.map((item) => {
      const parsed = attemptSchema.safeParse(item);
      return parsed.success && parsed.data.id === attemptId ? update(parsed.data) : item;
    }),
  };
}

export function setCovered(attempt: InterviewAttempt, pointId: string, covered: boolean): InterviewAttempt {
  return { ...attempt, points: attempt.points.map((p) => (p.id === pointId ? { ...p, covered } : p)) };
}

export function setRating(attempt: InterviewAttempt, scale: RatingScale, value: number): InterviewAttempt {
  return { ...attempt, ratings: { ...attempt.ratings, [scale]: value } };
}

// Scores ---------------------------------------------------------------------------------------

export type Scores = {
  covered: number;
  total: number;
  /** Share of key points covered, 0–100. */
  rubricPct: number;
  /** Mean self-rating 1–4, null until all four scales are rated. */
  selfAvg: number | null;
  /** Self-rating as a share of the maximum (4), 0–100; null until rated. */
  selfPct: number | null;
  /** Mean of the two percentages (rubric alone until rated). */
  overallPct: number;
};

export function scores(attempt: InterviewAttempt): Scores {
  const total = attempt.points.length;
  const covered = attempt.points.filter((p) => p.covered).length;
  const rubricPct = total ? Math.round((covered / total) * 100) : 0;
  const values = RATING_SCALES.map((k) => attempt.ratings[k]);
  const rated = values.every((v): v is number => v !== null);
  const selfAvg = rated ? values.reduce((a, b) => a + b, 0) / values.length : null;
  const selfPct = selfAvg === null ? null : Math.round((selfAvg / 4) * 100);
  const overallPct = selfPct === null ? rubricPct : Math.round((rubricPct + selfPct) / 2);
  return { covered, total, rubricPct, selfAvg, selfPct, overallPct };
}

/**
 * The prompt most worth retrying: among prompts that still exist, the one whose latest attempt
 * scored lowest overall (ties: the one practised longest ago). Null with no attempts.
 */
export function weakestPromptId(
  attempts: readonly InterviewAttempt[],
  existing: ReadonlySet<string>,
): string | null {
  const latest = new Map<string, InterviewAttempt>();
  for (const a of attempts) {
    if (!existing.has(a.promptId)) continue;
    const prev = latest.get(a.promptId);
    if (!prev || a.submittedAt >= prev.submittedAt) latest.set(a.promptId, a);
  }
  let best: InterviewAttempt | null = null;
  for (const a of latest.values()) {
    if (
      !best ||
      scores(a).overallPct < scores(best).overallPct ||
      (scores(a).overallPct === scores(best).overallPct && a.submittedAt < best.submittedAt)
    )
      best = a;
  }
  return best?.promptId ?? null;
}

// Markdown export ------------------------------------------------------------------------------

function formatMinutes(ms: number): string {
  const min = Math.round(ms / 60_000);
  return min < 1 ? "under a minute" : `${min} min`;
}

/** One attempt as a Markdown document. The learner's answer goes in verbatim, under its heading. */
export function attemptToMarkdown(attempt: InterviewAttempt): string {
  const s = scores(attempt);
  const lines: string[] = [
    `# Mock interview: ${attempt.promptTitle}`,
    "",
    `- Prompt id: \`${attempt.promptId}\``,
    `- Submitted: ${attempt.submittedAt}`,
    `- Time on the clock: ${formatMinutes(attempt.activeMs)}`,
    `- Rubric: ${s.covered} of ${s.total} key points covered (${s.rubricPct}%)`,
    `- Self-assessment: ${s.selfAvg === null ? "not rated" : `${s.selfAvg.toFixed(2)} of 4`}`,
    "",
    "## Self-assessment",
    "",
    ...RATING_SCALES.map((k) => {
      const v = attempt.ratings[k];
      return `- ${RATING_LABELS[k]}: ${v === null ? "not rated" : `${v} of 4 (${RATING_LEVELS[v]})`}`;
    }),
    "",
    "## Key points",
    "",
    ...attempt.points.map((p) => {
      const mark = p.covered ? "[x]" : "[ ]";
      const note =
        p.covered === p.detected
          ? ""
          : p.covered
            ? " (marked covered by you; not detected)"
            : " (detected, but marked missing by you)";
      return `- ${mark} ${p.label}${note}`;
    }),
    "",
    "## Follow-up questions asked",
    "",
    ...(attempt.followUps.length ? attempt.followUps.map((f) => `- ${f.question}`) : ["- none"]),
    "",
    "## Your answer",
    "",
    attempt.answer.trim() || "_(empty)_",
    "",
  ];
  return lines.join("\n");
}

export function markdownFileName(attempt: InterviewAttempt): string {
  const day = attempt.submittedAt.slice(0, 16).replace(/[^0-9]/g, "");
  return `interview-${attempt.promptId}-${day}.md`;
}
