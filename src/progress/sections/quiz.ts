// The quiz's slice of the persisted progress blob (owned by the quiz feature).
import { z } from "zod";

export const quizSectionSchema = z.object({
  /** Per-question state keyed by stable question id. Refined by the quiz feature. */
  items: z.record(z.string(), z.unknown()),
});
export type QuizSection = z.infer<typeof quizSectionSchema>;
export const emptyQuizSection = (): QuizSection => ({ items: {} });
