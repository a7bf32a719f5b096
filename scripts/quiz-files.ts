// Node-only tooling: reads content/quiz/*.json and the lessons' heading anchors from disk, for the unit
// tests and `npm run content`. The browser loads the bank through src/quiz/bank.ts instead.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { auditMdx } from "./mdx-audit.ts";
import { slugify } from "../src/catalog/slug.ts";
import {
  bankProblems,
  describeQuizIssues,
  linkProblems,
  quizFileSchema,
  type QuizFile,
} from "../src/quiz/schema.ts";

export const QUIZ_DIR = join(import.meta.dirname, "..", "content", "quiz");
export const LESSONS_DIR = join(import.meta.dirname, "..", "content", "lessons");

/** Heading anchors of every lesson, keyed by lesson id (the file name). */
export function lessonAnchors(dir = LESSONS_DIR): Map<string, Set<string>> {
  const anchors = new Map<string, Set<string>>();
  for (const f of readdirSync(dir).filter((n) => n.endsWith(".mdx"))) {
    const { headings } = auditMdx(readFileSync(join(dir, f), "utf8"));
    anchors.set(f.replace(/\.mdx$/, ""), new Set(headings.map(slugify)));
  }
  return anchors;
}

/** Reads and validates every quiz file; returns the parsed files and every problem found. */
export function readQuizFiles(
  dir = QUIZ_DIR,
  lessonsDir = LESSONS_DIR,
): { files: { name: string; file: QuizFile }[]; problems: string[] } {
  const files: { name: string; file: QuizFile }[] = [];
  const problems: string[] = [];
  for (const name of readdirSync(dir)
    .filter((n) => n.endsWith(".json"))
    .sort()) {
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(join(dir, name), "utf8"));
    } catch (err) {
      problems.push(`${name}: not valid JSON (${(err as Error).message})`);
      continue;
    }
    const parsed = quizFileSchema.safeParse(raw);
    if (!parsed.success) {
      problems.push(`${name}: ${describeQuizIssues(parsed.error)}`);
      continue;
    }
    if (`${parsed.data.lesson}.json` !== name)
      problems.push(`${name}: its lesson "${parsed.data.lesson}" must match the file name`);
    files.push({ name, file: parsed.data });
  }
  problems.push(...bankProblems(files), ...linkProblems(files, lessonAnchors(lessonsDir)));
  return { files, problems };
}
