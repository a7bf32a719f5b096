// Each lesson is its own chunk: the glob is lazy, so only the opened lesson's body is fetched.
import type { ComponentType } from "react";
import type { MDXComponents } from "mdx/types";

export type LessonModule = { default: ComponentType<{ components?: MDXComponents }> };

const loaders = import.meta.glob<LessonModule>("/content/lessons/*.mdx");

export function loadLessonBody(id: string): Promise<LessonModule> {
  const load = loaders[`/content/lessons/${id}.mdx`];
  if (!load) return Promise.reject(new Error(`No lesson file for "${id}"`));
  return load();
}
