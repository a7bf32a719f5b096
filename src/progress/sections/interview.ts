// The mock interview's slice of the persisted progress blob (owned by the interview feature).
//
// The envelope is deliberately lenient and each item is validated on its own when read (see
// readAttempts / readSession in src/interview/records.ts): one damaged attempt must never cost
// the learner the rest of their progress, which a strict envelope would set aside as a whole.
import { z } from "zod";

/** A self-assessment score: 1 (weak) to 4 (strong). */
export const ratingSchema = z.number().int().min(1).max(4);
export const RATING_SCALES = ["depth", "failures", "tradeoffs", "communication"] as const;
export type RatingScale = (typeof RATING_SCALES)[number];

export const clockSchema = z.looseObject({
  phaseIndex: z.number().int().min(0),
  /** Active time spent in the current phase, up to `runningSince`. */
  elapsedMs: z.number().min(0),
  /** Epoch ms when the clock last started running; null while paused. */
  runningSince: z.number().nullable(),
  /** Active time spent in the phases already finished. */
  doneMs: z.number().min(0).optional(),
});

/** An answer in progress: one per prompt, saved on every change so a reload loses nothing. */
export const sessionSchema = z.looseObject({
  promptId: z.string().min(1),
  startedAt: z.string(),
  updatedAt: z.string(),
  answer: z.string(),
  clock: clockSchema,
  /** Follow-ups the interviewer has asked, in order. */
  asked: z.array(z.looseObject({ id: z.string(), phaseIndex: z.number().int().min(0), at: z.string() })),
  stage: z.enum(["answering", "review"]),
  /** In review: the attempt this session produced. */
  attemptId: z.string().optional(),
});
export type InterviewSession = z.infer<typeof sessionSchema>;

export const attemptPointSchema = z.looseObject({
  id: z.string(),
  label: z.string(),
  /** What the heuristic matcher concluded, with its evidence. */
  detected: z.boolean(),
  cue: z.string().nullable(),
  evidence: z.string().nullable(),
  /** What the learner confirmed or corrected it to; this is what scores count. */
  covered: z.boolean(),
});

export const attemptSchema = z.looseObject({
  id: z.string().min(1),
  promptId: z.string().min(1),
  /** Kept so history reads well even if the prompt is later renamed or removed. */
  promptTitle: z.string(),
  startedAt: z.string(),
  submittedAt: z.string(),
  /** Time on the interview clock (pauses excluded). */
  activeMs: z.number().min(0),
  answer: z.string(),
  followUps: z.array(z.looseObject({ id: z.string(), question: z.string() })),
  points: z.array(attemptPointSchema),
  ratings: z.looseObject({
    depth: ratingSchema.nullable(),
    failures: ratingSchema.nullable(),
    tradeoffs: ratingSchema.nullable(),
    communication: ratingSchema.nullable(),
  }),
});
export type InterviewAttempt = z.infer<typeof attemptSchema>;

export const interviewSectionSchema = z.looseObject({
  /** Every submitted attempt, oldest first; each item is an InterviewAttempt, checked when read. */
  attempts: z.array(z.unknown()),
  /** Answers in progress keyed by prompt id; each value is an InterviewSession, checked when read. */
  sessions: z.record(z.string(), z.unknown()).optional(),
});
export type InterviewSection = z.infer<typeof interviewSectionSchema>;
export const emptyInterviewSection = (): InterviewSection => ({ attempts: [] });
