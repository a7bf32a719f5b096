// The persisted progress blob. Every shape it ever had keeps a version number; `migrations`
// lifts an old blob one version at a time, so a learner's history survives app upgrades.
import { z } from "zod";
import { emptyQuizSection, quizSectionSchema } from "./sections/quiz";
import { emptyInterviewSection, interviewSectionSchema } from "./sections/interview";
import { practiceSectionSchema } from "./sections/practice";

export const PROGRESS_KEY = "election-lab:progress";
export const SET_ASIDE_PREFIX = "election-lab:progress:set-aside:";
export const CURRENT_VERSION = 2;

export const lessonStatusSchema = z.enum(["not-started", "in-progress", "done"]);
export type LessonStatus = z.infer<typeof lessonStatusSchema>;

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
});
export type ProgressData = z.infer<typeof progressSchema>;
export type SectionKey = "quiz" | "interview" | "practice";

export type Migration = (old: Record<string, unknown>) => Record<string, unknown>;
/** migrations[n] turns a version-n blob into a version-(n+1) blob. */
export type MigrationTable = Record<number, Migration>;

export const migrations: MigrationTable = {
  // v1 held lesson status only; v2 adds the quiz and interview sections.
  1: (old) => ({ ...old, version: 2, quiz: emptyQuizSection(), interview: emptyInterviewSection() }),
};

export function emptyProgress(): ProgressData {
  return { version: CURRENT_VERSION, lessons: {}, quiz: emptyQuizSection(), interview: emptyInterviewSection() };
}
