// Reads lesson frontmatter straight from the MDX files, for the build plugin and content checks.
import { readFileSync, readdirSync } from "node:fs";
import { join, basename } from "node:path";
import { parse as parseYaml } from "yaml";
import {
  lessonMetaSchema,
  describeIssues,
  type LessonHeading,
  type LessonMeta,
} from "../src/catalog/schema/lesson-meta.ts";
import { slugify } from "../src/catalog/slug.ts";
import { auditMdx } from "./mdx-audit.ts";

export const LESSON_DIR = join(import.meta.dirname, "..", "content", "lessons");

/** The body's h2 and h3 headings with the anchors the page gives them (Headings.tsx slugifies the
 *  same text), for the on-page contents and for section links that show the heading as written. */
export function lessonHeadings(source: string): LessonHeading[] {
  return auditMdx(source)
    .outline.filter((h) => h.depth === 2 || h.depth === 3)
    .map((h) => ({ id: slugify(h.text), text: h.text, level: h.depth as 2 | 3 }));
}

export function readFrontmatter(file: string): unknown {
  const text = readFileSync(file, "utf8");
  const match = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text);
  if (!match) throw new Error(`${basename(file)}: no frontmatter block at the top`);
  return parseYaml(match[1]);
}

/** The lesson files' names (`<id>.mdx`) in `dir`, sorted. */
export function lessonFiles(dir = LESSON_DIR): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith(".mdx"))
    .sort();
}

/** Loads and validates every lesson's frontmatter; throws one error naming every problem. */
export function loadLessonIndex(dir = LESSON_DIR): LessonMeta[] {
  const files = lessonFiles(dir);
  const problems: string[] = [];
  const metas: LessonMeta[] = [];
  for (const file of files) {
    let raw: unknown;
    try {
      raw = readFrontmatter(join(dir, file));
    } catch (err) {
      problems.push((err as Error).message);
      continue;
    }
    const result = lessonMetaSchema.safeParse(raw);
    if (!result.success) {
      problems.push(`${file}: ${describeIssues(result.error)}`);
      continue;
    }
    if (`${result.data.id}.mdx` !== file)
      problems.push(`${file}: id "${result.data.id}" must match the file name`);
    let headings: LessonHeading[] = [];
    try {
      headings = lessonHeadings(readFileSync(join(dir, file), "utf8"));
    } catch (err) {
      problems.push(`${file}: the body does not parse (${(err as Error).message})`);
    }
    metas.push({ ...result.data, headings });
  }
  const seen = new Map<number, string>();
  for (const m of metas) {
    const other = seen.get(m.order);
    if (other) problems.push(`lessons ${other} and ${m.id} share order ${m.order}`);
    seen.set(m.order, m.id);
  }
  if (problems.length) throw new Error(`Invalid lesson frontmatter:\n  ${problems.join("\n  ")}`);
  return metas.sort((a, b) => a.order - b.order);
}
