// The mock interview's slice of the persisted progress blob (owned by the interview feature).
import { z } from "zod";

export const interviewSectionSchema = z.object({
  /** Every attempt, oldest first. Refined by the interview feature. */
  attempts: z.array(z.unknown()),
});
export type InterviewSection = z.infer<typeof interviewSectionSchema>;
export const emptyInterviewSection = (): InterviewSection => ({ attempts: [] });
