// Spaced repetition with ts-fsrs. After each answer the learner says how confident they were;
// together with whether the answer was right, that picks an FSRS grade. Each question keeps its
// card and its review log in the progress store, and the last grade can be undone exactly.
import { Rating, createEmptyCard, fsrs, type Card, type Grade, type ReviewLog } from "ts-fsrs";
import type {
  Confidence,
  QuizCardData,
  QuizItemData,
  QuizReviewData,
  QuizSection,
  QuizSessionData,
} from "../progress/sections/quiz";

const scheduler = fsrs({ enable_fuzz: false });
const SESSION_HISTORY = 20;

export const CONFIDENCE_CHOICES: { value: Confidence; label: string; key: string }[] = [
  { value: "guessed", label: "I guessed", key: "1" },
  { value: "unsure", label: "Fairly sure", key: "2" },
  { value: "sure", label: "Knew it", key: "3" },
];

/** A wrong answer is always "Again"; a right one is Hard, Good or Easy by confidence. */
export function gradeFor(correct: boolean, confidence: Confidence): Grade {
  if (!correct) return Rating.Again;
  if (confidence === "guessed") return Rating.Hard;
  if (confidence === "unsure") return Rating.Good;
  return Rating.Easy;
}

/** What each grade means to the learner, in plain words (the FSRS names Again, Hard, Good and
 *  Easy are the scheduler's vocabulary, not the learner's). */
export const GRADE_NAMES: Record<number, string> = {
  [Rating.Again]: "missed, so it comes back soon",
  [Rating.Hard]: "right, but a guess",
  [Rating.Good]: "right, fairly sure",
  [Rating.Easy]: "right, and you knew it",
};

function toCard(data: QuizCardData): Card {
  return {
    ...data,
    due: new Date(data.due),
    state: data.state,
    last_review: data.last_review ? new Date(data.last_review) : undefined,
  };
}

function fromCard(card: Card): QuizCardData {
  const data: QuizCardData = {
    due: card.due.toISOString(),
    stability: card.stability,
    difficulty: card.difficulty,
    elapsed_days: card.elapsed_days,
    scheduled_days: card.scheduled_days,
    learning_steps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state,
  };
  if (card.last_review) data.last_review = card.last_review.toISOString();
  return data;
}

function fromLog(log: ReviewLog, correct: boolean, confidence: Confidence): QuizReviewData {
  return {
    rating: log.rating,
    state: log.state,
    due: log.due.toISOString(),
    stability: log.stability,
    difficulty: log.difficulty,
    elapsed_days: log.elapsed_days,
    last_elapsed_days: log.last_elapsed_days,
    scheduled_days: log.scheduled_days,
    learning_steps: log.learning_steps,
    review: log.review.toISOString(),
    correct,
    confidence,
  };
}

/** Grades one question and returns the new section (the previous item is kept for undo). */
export function applyGrade(
  section: QuizSection,
  id: string,
  correct: boolean,
  confidence: Confidence,
  now: Date,
): QuizSection {
  const before = section.items[id] ?? null;
  const card = before ? toCard(before.card) : createEmptyCard(now);
  const { card: next, log } = scheduler.next(card, now, gradeFor(correct, confidence));
  const item: QuizItemData = {
    card: fromCard(next),
    log: [...(before?.log ?? []), fromLog(log, correct, confidence)],
  };
  return {
    ...section,
    items: { ...section.items, [id]: item },
    lastGrade: { id, at: now.toISOString(), before },
  };
}

/** Restores the question graded last to exactly what it was before that grade. */
export function undoLastGrade(section: QuizSection): QuizSection {
  const last = section.lastGrade;
  if (!last) return section;
  const items = { ...section.items };
  if (last.before) items[last.id] = last.before;
  else delete items[last.id];
  return { ...section, items, lastGrade: null };
}

export function recordSession(section: QuizSection, session: QuizSessionData): QuizSection {
  return { ...section, sessions: [...(section.sessions ?? []), session].slice(-SESSION_HISTORY) };
}
