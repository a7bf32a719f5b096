// Each lesson's objectives, sources and section headings. Only a lesson page and quiz feedback
// read them, so they are a module of their own, loaded with those pages and kept off the home page.
import details from "virtual:lesson-details";
import type { LessonCard, LessonDetails, LessonMeta } from "./schema/lesson-meta";

export function lessonDetails(id: string): LessonDetails | undefined {
  return Object.hasOwn(details, id) ? details[id] : undefined;
}

/** The whole lesson: its card from the manifest with its details. */
export function withDetails(card: LessonCard): LessonMeta {
  return { ...card, ...(lessonDetails(card.id) ?? { objectives: [], sources: [], headings: [] }) };
}
