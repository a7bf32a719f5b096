import { describe, expect, it } from "vitest";
import { readQuizFiles } from "../../scripts/quiz-files";
import { buildBank } from "./bank";
import { questionSchema, quizFileSchema } from "./schema";

const { files, problems } = readQuizFiles();
const questions = files.flatMap((f) => f.file.questions);

describe("the question bank", () => {
  it("validates: schema, unique ids, lessons and section links that exist", () => {
    expect(problems).toEqual([]);
  });

  it("holds at least 40 questions of every kind, each with a difficulty and a home lesson", () => {
    expect(questions.length).toBeGreaterThanOrEqual(40);
    const kinds = new Set(questions.map((q) => q.kind));
    for (const kind of ["single", "multiple", "ordering"]) expect(kinds).toContain(kind);
    for (const q of questions) expect(q.lessons.length).toBeGreaterThan(0);
  });

  it("includes all nine check-yourself questions of the two seeds, each with a worked answer", () => {
    const tagged = questions.filter((q) => q.checkYourself);
    expect(tagged.map((q) => q.checkYourself).sort()).toEqual([
      "seed-000-bully",
      "seed-000-lease-alone",
      "seed-000-predecessor",
      "seed-000-step-down-early",
      "seed-004-avoid-leader",
      "seed-004-invariant",
      "seed-004-renewing",
      "seed-004-split-brain",
      "seed-004-terms",
    ]);
    for (const q of tagged) expect(q.answer?.length ?? 0).toBeGreaterThan(200);
  });

  it("gives every option (and every ordering step) its own explanation and lesson link", () => {
    for (const q of questions) {
      const items = q.kind === "ordering" ? q.steps : q.options;
      expect(new Set(items.map((o) => o.explanation)).size, q.id).toBe(items.length);
      for (const o of items) expect(o.link.section.length, `${q.id}/${o.id}`).toBeGreaterThan(0);
    }
  });

  it("refuses malformed questions with a reason", () => {
    const base = questions.find((q) => q.kind === "single")!;
    const twoRight = { ...base, options: base.options.map((o) => ({ ...o, correct: true })) };
    expect(questionSchema.safeParse(twoRight).success).toBe(false);
    const noExplanation = { ...base, options: base.options.map((o) => ({ ...o, explanation: "" })) };
    expect(questionSchema.safeParse(noExplanation).success).toBe(false);
    expect(quizFileSchema.safeParse({ lesson: "x", questions: [{ ...base, kind: "essay" }] }).success).toBe(
      false,
    );
  });

  it("indexes questions by id and by every lesson they list, and refuses duplicate ids", () => {
    const bank = buildBank(files);
    expect(bank.byId.size).toBe(questions.length);
    const q = questions.find((x) => x.lessons.length > 1)!;
    for (const lesson of q.lessons) expect(bank.byLesson.get(lesson)).toContain(q);
    expect(() => buildBank([...files, files[0]])).toThrow(/also used/);
  });
});

describe("reading links of predict questions", () => {
  // "Why have a leader at all" argues for a leader; it teaches nothing about how a lease expires
  // or what a pause does to one, so a prediction about either must point to the lesson that does.
  it("point to a section that teaches the run's timing, not the case for having a leader", () => {
    const predicts = questions.filter((q) => q.kind === "predict");
    const general = predicts.flatMap((q) =>
      q.options.filter((o) => o.link?.section === "why-have-a-leader-at-all").map((o) => `${q.id}/${o.id}`),
    );
    expect(general).toEqual([]);
  });

  it("the first billing prediction says what the billing job is before it asks", () => {
    const q = questions.find((x) => x.id === "pr-billing-crash");
    expect(q?.prompt).toMatch(/billing job runs on 3 replicas, and only the one holding/);
  });
});
