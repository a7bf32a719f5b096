import { describe, expect, it } from "vitest";
import { readQuizFiles } from "../../scripts/quiz-files";
import { displayOptions, initialOrder, isCorrect, moveItem, rightOptionIds } from "./grading";

const questions = readQuizFiles().files.flatMap((f) => f.file.questions);

describe("grading", () => {
  it("marks single and multiple choice answers right only when the chosen set matches exactly", () => {
    const multi = questions.find((q) => q.kind === "multiple")!;
    const right = rightOptionIds(multi);
    expect(isCorrect(multi, { kind: "choice", selected: right })).toBe(true);
    expect(isCorrect(multi, { kind: "choice", selected: right.slice(1) })).toBe(false);
    const wrong = multi.kind === "multiple" ? multi.options.find((o) => !o.correct)!.id : "";
    expect(isCorrect(multi, { kind: "choice", selected: [...right, wrong] })).toBe(false);
  });

  it("marks an ordering right only in the exact order, and never shows it already solved", () => {
    for (const q of questions) {
      if (q.kind !== "ordering") continue;
      const start = initialOrder(q);
      expect(start).not.toEqual(q.steps.map((s) => s.id));
      expect([...start].sort()).toEqual(q.steps.map((s) => s.id).sort());
      expect(initialOrder(q)).toEqual(start);
      expect(isCorrect(q, { kind: "order", order: start })).toBe(false);
      expect(isCorrect(q, { kind: "order", order: q.steps.map((s) => s.id) })).toBe(true);
    }
  });

  it("moves an item within bounds", () => {
    expect(moveItem(["a", "b", "c"], "c", -1)).toEqual(["a", "c", "b"]);
    expect(moveItem(["a", "b", "c"], "a", -1)).toEqual(["a", "b", "c"]);
    expect(moveItem(["a", "b", "c"], "a", 5)).toEqual(["b", "c", "a"]);
  });
});

describe("option order", () => {
  it("shows options in a stable shuffled order, so the right answer is not always first", () => {
    const choice = questions.filter((q) => q.kind === "single");
    const firstIsRight = choice.filter((q) => q.kind === "single" && displayOptions(q)[0].correct).length;
    expect(firstIsRight).toBeLessThan(choice.length * 0.6);
    for (const q of choice) if (q.kind === "single") expect(displayOptions(q)).toEqual(displayOptions(q));
  });
});
