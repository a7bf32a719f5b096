// Merging two histories of the same learner's progress (an imported file into this browser's).
// One rule per section, each chosen so a merge never loses work:
// - lessons: a lesson marked done stays done (done > in progress > not started); the same status
//   keeps the later timestamp;
// - quiz: per question, the review logs are unioned by review time, and the card (the FSRS
//   schedule) is the one reviewed last, since it already folds in every review before it;
// - interview: attempts append (one copy per attempt id); an answer in progress keeps the later;
// - practice: a solved challenge stays solved (earliest solve), attempts take the larger count;
// - elector: per challenge the later code wins, a pass stays (the earliest);
// - a section or field this build does not know is kept from whichever side has it, down to the
//   fields of one lesson, one quiz card and one review that both sides hold (the winning side's
//   value where both have the field, the other side's where only it does).
import type { LessonStatus, ProgressData } from "./schema";
import type { QuizItemData, QuizReviewData, QuizSection, QuizSessionData } from "./sections/quiz";
import type { InterviewSection } from "./sections/interview";
import { challengeRecordSchema, type ChallengeRecord, type PracticeSection } from "./sections/practice";
import { mergeElector } from "./sections/elector";

const RANK: Record<LessonStatus, number> = { "not-started": 0, "in-progress": 1, done: 2 };
/** The quiz keeps this many finished sessions (scheduling.ts SESSION_HISTORY). */
const SESSION_HISTORY = 20;

type Rec = Record<string, unknown>;

function mergeLessons(a: ProgressData["lessons"], b: ProgressData["lessons"]): ProgressData["lessons"] {
  const out = { ...a };
  for (const [id, theirs] of Object.entries(b)) {
    const ours = out[id];
    if (!ours) out[id] = theirs;
    else if (RANK[theirs.status] > RANK[ours.status]) out[id] = { ...ours, ...theirs };
    else if (RANK[theirs.status] === RANK[ours.status] && theirs.updatedAt > ours.updatedAt)
      out[id] = { ...ours, ...theirs };
    else out[id] = { ...theirs, ...ours };
  }
  return out;
}

const lastReviewOf = (item: QuizItemData) => item.log.at(-1)?.review ?? item.card.last_review ?? "";

function mergeQuizItem(a: QuizItemData, b: QuizItemData): QuizItemData {
  const byTime = new Map<string, QuizReviewData>();
  for (const r of [...a.log, ...b.log]) {
    const key = `${r.review}|${r.rating}`;
    const seen = byTime.get(key);
    byTime.set(key, seen ? { ...r, ...seen } : r);
  }
  const log = [...byTime.values()].sort((x, y) => (x.review < y.review ? -1 : x.review > y.review ? 1 : 0));
  const later =
    lastReviewOf(b) > lastReviewOf(a) || (lastReviewOf(b) === lastReviewOf(a) && b.card.reps > a.card.reps)
      ? b
      : a;
  const earlier = later === a ? b : a;
  return { ...a, ...b, card: { ...earlier.card, ...later.card }, log };
}

function mergeQuiz(a: QuizSection, b: QuizSection): QuizSection {
  const items = { ...a.items };
  for (const [id, theirs] of Object.entries(b.items))
    items[id] = items[id] ? mergeQuizItem(items[id], theirs) : theirs;
  const seen = new Set<string>();
  const sessions: QuizSessionData[] = [];
  for (const s of [...(a.sessions ?? []), ...(b.sessions ?? [])]) {
    const key = `${s.at}|${s.mode}|${s.total}|${s.correct}`;
    if (!seen.has(key)) sessions.push(s);
    seen.add(key);
  }
  sessions.sort((x, y) => (x.at < y.at ? -1 : x.at > y.at ? 1 : 0));
  const out: QuizSection = { ...b, ...a, items };
  if (sessions.length > 0) out.sessions = sessions.slice(-SESSION_HISTORY);
  // Undo restores a question's earlier state: after a merge changed that question, the earlier
  // state would throw away merged reviews, so the undo is offered only if the question is as it was.
  if (a.lastGrade && items[a.lastGrade.id] !== a.items[a.lastGrade.id]) out.lastGrade = null;
  return out;
}

const attemptKey = (item: unknown) =>
  typeof item === "object" && item !== null && typeof (item as Rec).id === "string"
    ? `id:${(item as Rec).id as string}`
    : `json:${JSON.stringify(item)}`;
const updatedAtOf = (item: unknown) =>
  typeof item === "object" && item !== null && typeof (item as Rec).updatedAt === "string"
    ? ((item as Rec).updatedAt as string)
    : "";

function mergeInterview(a: InterviewSection, b: InterviewSection): InterviewSection {
  const seen = new Set(a.attempts.map(attemptKey));
  const attempts = [...a.attempts];
  for (const item of b.attempts) {
    const key = attemptKey(item);
    if (!seen.has(key)) attempts.push(item);
    seen.add(key);
  }
  const out: InterviewSection = { ...b, ...a, attempts };
  if (a.sessions || b.sessions) {
    const sessions = { ...(a.sessions ?? {}) };
    for (const [id, theirs] of Object.entries(b.sessions ?? {})) {
      if (!(id in sessions) || updatedAtOf(theirs) > updatedAtOf(sessions[id])) sessions[id] = theirs;
    }
    out.sessions = sessions;
  }
  return out;
}

function mergeChallenge(a: unknown, b: unknown): unknown {
  const x = challengeRecordSchema.safeParse(a);
  const y = challengeRecordSchema.safeParse(b);
  if (!x.success) return b;
  if (!y.success) return a;
  const [p, q] = [x.data, y.data];
  const more = q.attempts > p.attempts ? q : p;
  const out: ChallengeRecord = { ...q, ...p, attempts: more.attempts };
  if (more.last) out.last = more.last;
  const solved = [p, q].filter((r) => r.solvedAt).sort((r, s) => (r.solvedAt! < s.solvedAt! ? -1 : 1));
  if (solved.length > 0) {
    out.solvedAt = solved[0].solvedAt;
    // Solving it alone on either side clears the "used the solution" mark (recordCheck's rule).
    out.usedSolution = solved.every((r) => r.usedSolution === true);
  }
  return out;
}

function mergePractice(
  a: PracticeSection | undefined,
  b: PracticeSection | undefined,
): PracticeSection | undefined {
  if (!a || !b) return a ?? b;
  const challenges = { ...a.challenges };
  for (const [id, theirs] of Object.entries(b.challenges))
    challenges[id] = id in challenges ? mergeChallenge(challenges[id], theirs) : theirs;
  return { ...b, ...a, challenges };
}

/** `ours` merged with `theirs`: everything either side holds, by the rules above. */
export function mergeProgress(ours: ProgressData, theirs: ProgressData): ProgressData {
  const out: ProgressData = {
    ...theirs,
    ...ours,
    lessons: mergeLessons(ours.lessons, theirs.lessons),
    quiz: mergeQuiz(ours.quiz, theirs.quiz),
    interview: mergeInterview(ours.interview, theirs.interview),
  };
  const practice = mergePractice(ours.practice, theirs.practice);
  if (practice) out.practice = practice;
  out.elector = mergeElector(ours.elector, theirs.elector) ?? { challenges: {} };
  return out;
}
