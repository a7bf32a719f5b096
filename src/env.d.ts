/// <reference types="vite/client" />
declare module "virtual:lesson-index" {
  import type { LessonMeta } from "./catalog/schema/lesson-meta";
  const lessons: LessonMeta[];
  export default lessons;
}
declare module "*.mdx" {
  import type { ComponentType } from "react";
  import type { MDXComponents } from "mdx/types";
  export const frontmatter: Record<string, unknown>;
  const Component: ComponentType<{ components?: MDXComponents }>;
  export default Component;
}
