// Each lesson is its own chunk: the glob is lazy, so only the opened lesson's body is fetched.
// The chunk carries the lesson's objectives and sources (its `frontmatter`, checked by the build)
// and its section headings (added by scripts/lesson-index-plugin.ts), so the page needs nothing
// else before its text can show.
import type { ComponentType } from "react";
import type { MDXComponents } from "mdx/types";
import type { LessonCard, LessonFrontmatter, LessonHeading, LessonMeta } from "../catalog/schema/lesson-meta";

export type LessonModule = {
  default: ComponentType<{ components?: MDXComponents }>;
  frontmatter: Pick<LessonFrontmatter, "objectives" | "sources">;
  headings: LessonHeading[];
};

const loaders = import.meta.glob<LessonModule>("/content/lessons/*.mdx");

export function loadLessonBody(id: string): Promise<LessonModule> {
  const load = loaders[`/content/lessons/${id}.mdx`];
  if (!load) return Promise.reject(new Error(`No lesson file for "${id}"`));
  return load();
}

/** The whole lesson: its card from the manifest with the details its module exports. */
export function lessonMeta(card: LessonCard, body: LessonModule): LessonMeta {
  return {
    ...card,
    objectives: body.frontmatter.objectives,
    sources: body.frontmatter.sources,
    headings: body.headings,
  };
}
