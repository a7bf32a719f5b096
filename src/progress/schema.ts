// The persisted progress blob. Every shape it ever had keeps a version number; `migrations`
// lifts an old blob one version at a time, so a learner's history survives app upgrades.
//
// This file is read at start-up, by the main chunk, so it holds no schema library: the format's
// schema is ./progress-schema.ts (zod, for imports and tests), and loading checks a blob with
// ./check.ts, which a test holds to that schema.
import type { z } from "zod";
import type { lessonStatusSchema, progressSchema } from "./progress-schema";
import type { QuizSection } from "./sections/quiz";
import type { InterviewSection } from "./sections/interview";
import type { ElectorSection } from "./sections/elector";
import { CURRENT_VERSION } from "./version";

export const PROGRESS_KEY = "election-lab:progress";
export const SET_ASIDE_PREFIX = "election-lab:progress:set-aside:";
export { CURRENT_VERSION };

export type LessonStatus = z.infer<typeof lessonStatusSchema>;
export type ProgressData = z.infer<typeof progressSchema>;
export type SectionKey = "quiz" | "interview" | "practice" | "elector";

export type Migration = (old: Record<string, unknown>) => Record<string, unknown>;
/** migrations[n] turns a version-n blob into a version-(n+1) blob. */
export type MigrationTable = Record<number, Migration>;

// The sections' empty values, as their features define them (emptyQuizSection,
// emptyInterviewSection); written out here so start-up does not load the sections' schemas.
const emptyQuiz = (): QuizSection => ({ items: {} });
const emptyInterview = (): InterviewSection => ({ attempts: [] });
const emptyElector = (): ElectorSection => ({ challenges: {} });

export const migrations: MigrationTable = {
  // v1 held lesson status only; v2 adds the quiz and interview sections.
  1: (old) => ({ ...old, version: 2, quiz: emptyQuiz(), interview: emptyInterview() }),
  // v3 adds the elector editor's section: the learner's code for each "write your own elector"
  // challenge (a blob that somehow already holds one keeps it).
  2: (old) => ({ ...old, version: 3, elector: old.elector ?? emptyElector() }),
};

export function emptyProgress(): ProgressData {
  return {
    version: CURRENT_VERSION,
    lessons: {},
    quiz: emptyQuiz(),
    interview: emptyInterview(),
    elector: emptyElector(),
  };
}
