// The one typed course manifest: sidebar, course map and prev/next all read from here.
// Titles come from the frontmatter-only virtual module, so no lesson body is bundled with it; a
// lesson's objectives, sources and headings load with its page (./details.ts).
import lessons from "virtual:lesson-index";
import type { LessonCard, LessonMeta } from "./schema/lesson-meta";
import course from "../../content/course.json";
import type { CoursePart } from "./schema/course";

export type { LessonCard, LessonMeta };

export const courseLessons: readonly LessonCard[] = lessons;

export function findLesson(id: string): LessonCard | undefined {
  return courseLessons.find((lesson) => lesson.id === id);
}

export function neighbours(id: string): { prev?: LessonCard; next?: LessonCard } {
  const index = courseLessons.findIndex((lesson) => lesson.id === id);
  if (index < 0) return {};
  return { prev: courseLessons[index - 1], next: courseLessons[index + 1] };
}

/** The part of optional expert lessons; every lesson outside it is on the core path (issue 16). */
export const DEEPER_PART_TITLE = "Going deeper";
const deeperIds = new Set(
  (course.parts as CoursePart[]).filter((p) => p.title === DEEPER_PART_TITLE).flatMap((p) => p.lessons),
);
/**
 * Reading time still ahead, counted the same way everywhere (home and progress pages):
 * `core` is every not-done lesson outside "Going deeper", without its deep dives;
 * `full` is every not-done lesson with every deep dive opened.
 */
export function minutesLeft(isDone: (lessonId: string) => boolean = () => false): {
  core: number;
  full: number;
} {
  const left = courseLessons.filter((l) => !isDone(l.id));
  return {
    core: left.filter((l) => !deeperIds.has(l.id)).reduce((sum, l) => sum + l.minutes, 0),
    full: left.reduce((sum, l) => sum + l.minutes + (l.deepDiveMinutes ?? 0), 0),
  };
}
/** Minutes of the core path: every lesson outside "Going deeper", without its deep dives. */
export const coreMinutes = minutesLeft().core;
/** Minutes of the whole course: every lesson, "Going deeper" included, with every deep dive opened. */
export const fullMinutes = minutesLeft().full;

/** The study path: the course in parts, each with its lessons in order. */
export const courseParts: ReadonlyArray<CoursePart & { items: LessonCard[] }> = (
  course.parts as CoursePart[]
).map((part) => ({
  ...part,
  items: part.lessons.map((id) => findLesson(id)).filter((l): l is LessonCard => !!l),
}));
