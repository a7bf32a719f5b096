// The quiz's slice of the persisted progress blob (owned by the quiz feature).
// Each question keeps its FSRS card and its review log; the last grade can be undone; recent
// sessions remember which questions were missed so they can be retried after a reload.
// Dates are ISO strings (JSON has no Date). The empty default, `{ items: {} }`, stays valid.
import { z } from "zod";

const isoDate = z.iso.datetime({ offset: true });
const fsrsState = z.number().int().min(0).max(3);
const count = z.number().int().min(0);
const nonNegative = z.number().min(0);

/** ts-fsrs's Card, with dates as ISO strings. */
export const quizCardSchema = z.looseObject({
  due: isoDate,
  stability: nonNegative,
  difficulty: nonNegative,
  elapsed_days: nonNegative,
  scheduled_days: nonNegative,
  learning_steps: count,
  reps: count,
  lapses: count,
  state: fsrsState,
  last_review: isoDate.optional(),
});
export type QuizCardData = z.infer<typeof quizCardSchema>;

export const confidenceSchema = z.enum(["guessed", "unsure", "sure"]);
export type Confidence = z.infer<typeof confidenceSchema>;

/** ts-fsrs's ReviewLog (dates as ISO strings), plus what the learner did to earn the grade. */
export const quizReviewSchema = z.looseObject({
  rating: z.number().int().min(1).max(4),
  state: fsrsState,
  due: isoDate,
  stability: nonNegative,
  difficulty: nonNegative,
  elapsed_days: nonNegative,
  last_elapsed_days: nonNegative,
  scheduled_days: nonNegative,
  learning_steps: count,
  review: isoDate,
  correct: z.boolean(),
  confidence: confidenceSchema,
});
export type QuizReviewData = z.infer<typeof quizReviewSchema>;

export const quizItemSchema = z.looseObject({
  card: quizCardSchema,
  /** Every review of this question, oldest first. */
  log: z.array(quizReviewSchema),
});
export type QuizItemData = z.infer<typeof quizItemSchema>;

export const quizSessionSchema = z.looseObject({
  at: isoDate,
  mode: z.enum(["learn", "exam", "missed", "due"]),
  total: count,
  correct: count,
  /** Question ids answered wrongly, in the order they were asked. */
  missed: z.array(z.string()),
});
export type QuizSessionData = z.infer<typeof quizSessionSchema>;

export const quizSectionSchema = z.looseObject({
  /** Per-question state keyed by stable question id. */
  items: z.record(z.string(), quizItemSchema),
  /** The most recent grade and the item as it was before it, so that grade can be undone. */
  lastGrade: z
    .object({ id: z.string(), at: isoDate, before: quizItemSchema.nullable() })
    .nullable()
    .optional(),
  /** Finished sessions, newest last (a bounded history). */
  sessions: z.array(quizSessionSchema).optional(),
});
export type QuizSection = z.infer<typeof quizSectionSchema>;
export const emptyQuizSection = (): QuizSection => ({ items: {} });
