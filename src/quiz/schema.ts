// The question bank's data format. Every file in content/quiz/ is validated against this schema
// in unit tests and by `npm run content`, and again when the bank is loaded in the browser.
// Schemas only: no React, no engine (the scenario reference is the engine's leaf module, zod
// and durations only), so the content check can import it from Node.
import { z } from "zod";
import { scenarioRefSchema } from "../engine/scenario/ref.ts";

const kebab = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** A lesson section: the lesson id plus the heading anchor (slugified heading text). */
export const sectionLinkSchema = z.strictObject({
  lesson: z.string().regex(kebab, "lesson must be a lesson id"),
  section: z.string().regex(kebab, "section must be a heading anchor"),
});
export type SectionLink = z.infer<typeof sectionLinkSchema>;

const text = z.string().trim().min(2);
const explanation = z.string().trim().min(30, "explain why in at least a sentence");

export const optionSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]+$/),
  text,
  /** Why this option is right or wrong, shown after answering. */
  explanation,
  link: sectionLinkSchema,
});

const choiceOptionSchema = optionSchema.extend({ correct: z.boolean() });

export const difficultySchema = z.enum(["intro", "core", "deep"]);

const baseFields = {
  id: z.string().regex(kebab, "id must be kebab-case").min(4),
  /** Lesson ids this question belongs to (the first is its home lesson). */
  lessons: z.array(z.string().regex(kebab)).min(1),
  difficulty: difficultySchema,
  prompt: text,
  /** A full worked answer, shown with the per-option feedback. */
  answer: z.string().trim().min(40).optional(),
  /** Marks a question that rewords a "check yourself" question of a seed document. */
  checkYourself: z.string().regex(kebab).optional(),
};

export const singleQuestionSchema = z.strictObject({
  ...baseFields,
  kind: z.literal("single"),
  options: z.array(choiceOptionSchema).min(2).max(6),
});

export const multipleQuestionSchema = z.strictObject({
  ...baseFields,
  kind: z.literal("multiple"),
  options: z.array(choiceOptionSchema).min(3).max(7),
});

export const orderingQuestionSchema = z.strictObject({
  ...baseFields,
  kind: z.literal("ordering"),
  /** The steps in their correct order; the quiz shows them shuffled. Each explanation says why the step sits where it does. */
  steps: z.array(optionSchema).min(3).max(7),
});

const comparison = z.enum([">", ">=", "<", "<=", "==", "!="]);
export const conditionSchema = z.strictObject({
  /** A numeric field of the engine's run summary as a dotted path: "writes.staleAccepted", "leaders.length", "leaders.1.from". */
  metric: z.string().regex(/^[a-zA-Z]+(\.([a-zA-Z]+|[0-9]+))*$/),
  op: comparison,
  value: z.number(),
});
export type Condition = z.infer<typeof conditionSchema>;

/** A function-free answer rule: the first case whose conditions all hold names the right option. */
export const answerRuleSchema = z.strictObject({
  cases: z.array(z.strictObject({ when: z.array(conditionSchema).min(1), option: z.string() })).min(1),
  otherwise: z.string(),
});
export type AnswerRule = z.infer<typeof answerRuleSchema>;

export const predictQuestionSchema = z.strictObject({
  ...baseFields,
  kind: z.literal("predict"),
  /** The run the engine predicts from; its `at` is the moment "show me" opens the sandbox at. */
  scenario: scenarioRefSchema,
  options: z.array(optionSchema).min(2).max(5),
  /** How the right option is computed from the engine's summary. The key is never typed by hand. */
  rule: answerRuleSchema,
  /**
   * The option the explanations were written to defend. The quiz never reads it; a unit test runs
   * the engine and fails if the computed key differs, so prose and simulator cannot drift apart.
   */
  explanationsAssume: z.string(),
});

export const questionSchema = z
  .discriminatedUnion("kind", [
    singleQuestionSchema,
    multipleQuestionSchema,
    orderingQuestionSchema,
    predictQuestionSchema,
  ])
  .superRefine((q, ctx) => {
    const items = q.kind === "ordering" ? q.steps : q.options;
    const ids = items.map((o) => o.id);
    if (new Set(ids).size !== ids.length)
      ctx.addIssue({ code: "custom", message: "option ids must be unique" });
    if (q.kind === "single" && q.options.filter((o) => o.correct).length !== 1)
      ctx.addIssue({
        code: "custom",
        path: ["options"],
        message: "a single-choice question needs exactly one correct option",
      });
    if (q.kind === "multiple") {
      const right = q.options.filter((o) => o.correct).length;
      if (right < 2 || right === q.options.length)
        ctx.addIssue({
          code: "custom",
          path: ["options"],
          message: "a multiple-choice question needs at least two correct options and at least one wrong one",
        });
    }
    if (q.kind === "predict") {
      const known = new Set(ids);
      for (const c of q.rule.cases)
        if (!known.has(c.option))
          ctx.addIssue({
            code: "custom",
            path: ["rule"],
            message: `rule names unknown option "${c.option}"`,
          });
      if (!known.has(q.rule.otherwise))
        ctx.addIssue({
          code: "custom",
          path: ["rule"],
          message: `rule names unknown option "${q.rule.otherwise}"`,
        });
      if (q.scenario.at === undefined)
        ctx.addIssue({
          code: "custom",
          path: ["scenario", "at"],
          message: 'a prediction needs the moment "show me" opens at',
        });
      if (!known.has(q.explanationsAssume))
        ctx.addIssue({
          code: "custom",
          path: ["explanationsAssume"],
          message: "must name one of the options",
        });
    }
  });

export type Question = z.infer<typeof questionSchema>;
export type PredictQuestion = Extract<Question, { kind: "predict" }>;

/** One file of content/quiz/: the questions whose home is one lesson. */
export const quizFileSchema = z.strictObject({
  lesson: z.string().regex(kebab),
  questions: z.array(questionSchema).min(1),
});
export type QuizFile = z.infer<typeof quizFileSchema>;

/** Cross-file rules: unique ids, each file's questions list its lesson first. */
export function bankProblems(files: { name: string; file: QuizFile }[]): string[] {
  const problems: string[] = [];
  const seen = new Map<string, string>();
  for (const { name, file } of files) {
    for (const q of file.questions) {
      const other = seen.get(q.id);
      if (other) problems.push(`${name}: question id "${q.id}" is also used in ${other}`);
      seen.set(q.id, name);
      if (q.lessons[0] !== file.lesson)
        problems.push(`${name}: "${q.id}" must list ${file.lesson} first in lessons`);
    }
  }
  return problems;
}

/** Every lesson-section link a question carries (per option, per step). */
export function linksOf(q: Question): SectionLink[] {
  return (q.kind === "ordering" ? q.steps : q.options).map((o) => o.link);
}

/** Formats the first zod issues as "path: message", for humans. */
export function describeQuizIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((i) => `${i.path.length ? i.path.join(".") : "(root)"}: ${i.message}`)
    .join("; ");
}

/** Lesson ids and section anchors the questions point at must exist. `anchors` maps lesson id to its heading anchors. */
export function linkProblems(
  files: { name: string; file: QuizFile }[],
  anchors: ReadonlyMap<string, ReadonlySet<string>>,
): string[] {
  const problems: string[] = [];
  for (const { name, file } of files) {
    if (!anchors.has(file.lesson)) problems.push(`${name}: lesson "${file.lesson}" does not exist`);
    for (const q of file.questions) {
      for (const lesson of q.lessons)
        if (!anchors.has(lesson))
          problems.push(`${name}: "${q.id}" lists lesson "${lesson}", which does not exist`);
      for (const link of linksOf(q)) {
        const sections = anchors.get(link.lesson);
        if (!sections)
          problems.push(`${name}: "${q.id}" links to lesson "${link.lesson}", which does not exist`);
        else if (!sections.has(link.section))
          problems.push(
            `${name}: "${q.id}" links to #${link.section}, which is not a heading of ${link.lesson}`,
          );
      }
    }
  }
  return problems;
}
