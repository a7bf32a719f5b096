// The progress blob's current format as a zod schema. Imports are checked with it (transfer.ts);
// loading at start-up uses ./check.ts instead, which keeps zod off the home page and is held to
// this schema by check.test.ts.
import { z } from "zod";
import { quizSectionSchema } from "./sections/quiz";
import { interviewSectionSchema } from "./sections/interview";
import { practiceSectionSchema } from "./sections/practice";
import { electorSectionSchema } from "./sections/elector";
import { CURRENT_VERSION } from "./version";

export const lessonStatusSchema = z.enum(["not-started", "in-progress", "done"]);

// Every object here is loose (z.looseObject): a field this build does not know, written by a newer
// build still open in another tab, is carried through every save instead of being stripped.
export const lessonsSectionSchema = z.record(
  z.string(),
  z.looseObject({ status: lessonStatusSchema, updatedAt: z.string() }),
);

/** The current format. Each feature owns the schema of its own section. A section this build does
 *  not know (added by a newer build within the same format) is kept as it is. */
export const progressSchema = z.looseObject({
  version: z.literal(CURRENT_VERSION),
  lessons: lessonsSectionSchema,
  quiz: quizSectionSchema,
  interview: interviewSectionSchema,
  /** The practice lab's solved challenges. Optional, so it joined format 2 without an upgrade:
   *  blobs saved before it exist simply lack it. */
  practice: practiceSectionSchema.optional(),
  /** The elector editor's code and verdicts per challenge (format 3). */
  elector: electorSectionSchema,
});
