/// <reference types="vite/client" />
declare module "virtual:lesson-index" {
  import type { LessonCard } from "./catalog/schema/lesson-meta";
  const lessons: LessonCard[];
  export default lessons;
}
declare module "virtual:lesson-details" {
  import type { LessonDetails } from "./catalog/schema/lesson-meta";
  const details: Record<string, LessonDetails>;
  export default details;
}
declare module "*.mdx" {
  import type { ComponentType } from "react";
  import type { MDXComponents } from "mdx/types";
  export const frontmatter: Record<string, unknown>;
  const Component: ComponentType<{ components?: MDXComponents }>;
  export default Component;
}
