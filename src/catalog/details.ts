// Every lesson's objectives, sources and section headings, for quiz feedback (which names the
// section a question points to). A lesson page reads its own from its chunk (course/lesson-loader.ts).
import details from "virtual:lesson-details";
import type { LessonDetails } from "./schema/lesson-meta";

export function lessonDetails(id: string): LessonDetails | undefined {
  return Object.hasOwn(details, id) ? details[id] : undefined;
}
