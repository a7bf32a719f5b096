// Reads lesson frontmatter straight from the MDX files, for the build plugin and content checks.
import { readFileSync, readdirSync } from "node:fs";
import { join, basename } from "node:path";
import { parse as parseYaml } from "yaml";
import { lessonMetaSchema, describeIssues, type LessonMeta } from "../src/catalog/schema/lesson-meta.ts";

export const LESSON_DIR = join(import.meta.dirname, "..", "content", "lessons");

export function readFrontmatter(file: string): unknown {
  const text = readFileSync(file, "utf8");
  const match = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text);
  if (!match) throw new Error(`${basename(file)}: no frontmatter block at the top`);
  return parseYaml(match[1]);
}

/** Loads and validates every lesson's frontmatter; throws one error naming every problem. */
export function loadLessonIndex(dir = LESSON_DIR): LessonMeta[] {
  const files = readdirSync(dir).filter((f) => f.endsWith(".mdx")).sort();
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
    if (`${result.data.id}.mdx` !== file) problems.push(`${file}: id "${result.data.id}" must match the file name`);
    metas.push(result.data);
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
