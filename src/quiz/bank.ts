// The question bank, loaded lazily: each content/quiz/*.json file is its own chunk, fetched only
// when /quiz or an inline check needs it, so the home page never carries the questions.
import { bankProblems, describeQuizIssues, quizFileSchema, type Question, type QuizFile } from "./schema";

export type Bank = {
  questions: readonly Question[];
  byId: ReadonlyMap<string, Question>;
  /** Lesson id -> the questions that list it, in bank order. */
  byLesson: ReadonlyMap<string, readonly Question[]>;
};

type JsonModule = { default: unknown };
const loaders = import.meta.glob<JsonModule>("/content/quiz/*.json");

export function buildBank(files: { name: string; file: QuizFile }[]): Bank {
  const problems = bankProblems(files);
  if (problems.length) throw new Error(`The question bank is inconsistent: ${problems.join("; ")}`);
  const questions = files.flatMap((f) => f.file.questions);
  const byLesson = new Map<string, Question[]>();
  for (const q of questions)
    for (const lesson of q.lessons) byLesson.set(lesson, [...(byLesson.get(lesson) ?? []), q]);
  return { questions, byId: new Map(questions.map((q) => [q.id, q])), byLesson };
}

let cached: Promise<Bank> | null = null;

/** Loads and validates every quiz file once per page load. */
export function loadBank(): Promise<Bank> {
  cached ??= (async () => {
    const entries = Object.entries(loaders).sort(([a], [b]) => a.localeCompare(b));
    const files = await Promise.all(
      entries.map(async ([path, load]) => {
        const name = path.split("/").pop() ?? path;
        const parsed = quizFileSchema.safeParse((await load()).default);
        if (!parsed.success)
          throw new Error(`${name} is not a valid quiz file: ${describeQuizIssues(parsed.error)}`);
        return { name, file: parsed.data };
      }),
    );
    return buildBank(files);
  })().catch((err: unknown) => {
    cached = null;
    throw err;
  });
  return cached;
}
