// The persisted progress blob. Every shape it ever had keeps a version number; `migrations`
// lifts an old blob one version at a time, so a learner's history survives app upgrades.
import { z } from "zod";

export const PROGRESS_KEY = "election-lab:progress";
export const SET_ASIDE_PREFIX = "election-lab:progress:set-aside:";
export const CURRENT_VERSION = 1;

export const lessonStatusSchema = z.enum(["not-started", "in-progress", "done"]);
export type LessonStatus = z.infer<typeof lessonStatusSchema>;

export const progressV1Schema = z.object({
  version: z.literal(1),
  lessons: z.record(
    z.string(),
    z.object({ status: lessonStatusSchema, updatedAt: z.string() }),
  ),
});
export type ProgressData = z.infer<typeof progressV1Schema>;

export type Migration = (old: Record<string, unknown>) => Record<string, unknown>;
/** migrations[n] turns a version-n blob into a version-(n+1) blob. */
export type MigrationTable = Record<number, Migration>;

export const migrations: MigrationTable = {};

export function emptyProgress(): ProgressData {
  return { version: 1, lessons: {} };
}
