// A test-wise learner must not be able to pick the right option by its length. Across the bank's
// option questions (single, multiple and predict: ordering has steps, not options), the right option
// may be the longest in at most 40 % of questions, and the median ratio of the right options' mean
// length to the distractors' mean length may be at most 1.15. A predict question's right option is the
// one its explanations defend (the engine test keeps that equal to the computed key). The fix must not
// flip the tell: where one option is right (single and predict), it may be the shortest in at most 40 %.
import { describe, expect, it } from "vitest";
import { readQuizFiles } from "../scripts/quiz-files";

const questions = readQuizFiles().files.flatMap((f) => f.file.questions);

interface LengthFigures {
  questions: number;
  longestRight: number;
  medianRatio: number;
  /** questions with exactly one right option, and how many of those have it strictly shortest */
  oneRight: number;
  shortestRight: number;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

function lengthFigures(qs: typeof questions): LengthFigures {
  let longestRight = 0;
  let oneRight = 0;
  let shortestRight = 0;
  const ratios: number[] = [];
  for (const q of qs) {
    if (q.kind === "ordering") continue;
    const isRight = (o: (typeof q.options)[number]) =>
      q.kind === "predict" ? o.id === q.explanationsAssume : "correct" in o && o.correct;
    const right = q.options.filter(isRight).map((o) => o.text.length);
    const wrong = q.options.filter((o) => !isRight(o)).map((o) => o.text.length);
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    if (Math.max(...right) > Math.max(...wrong)) longestRight++;
    if (right.length === 1) {
      oneRight++;
      if (right[0] < Math.min(...wrong)) shortestRight++;
    }
    ratios.push(mean(right) / mean(wrong));
  }
  return { questions: ratios.length, longestRight, medianRatio: median(ratios), oneRight, shortestRight };
}

describe("option length gives the answer away nowhere in the bank", () => {
  const figures = lengthFigures(questions);

  it("measures every option question", () => expect(figures.questions).toBeGreaterThan(100));

  it("the right option is the longest in at most 40 % of option questions", () => {
    expect(figures.longestRight / figures.questions, JSON.stringify(figures)).toBeLessThanOrEqual(0.4);
  });

  it("the right option is on median at most 1.15 times its distractors' mean length", () => {
    expect(figures.medianRatio, JSON.stringify(figures)).toBeLessThanOrEqual(1.15);
  });

  it("nor is the right option the shortest in more than 40 % of one-answer questions", () => {
    expect(figures.shortestRight / figures.oneRight, JSON.stringify(figures)).toBeLessThanOrEqual(0.4);
  });
});
