import { describe, expect, it } from "vitest";
import { mergeProgress } from "./merge";
import { emptyProgress, type ProgressData } from "./schema";
import type { QuizItemData, QuizReviewData } from "./sections/quiz";

const review = (at: string, rating = 3): QuizReviewData => ({
  rating,
  state: 1,
  due: at,
  stability: 1,
  difficulty: 1,
  elapsed_days: 0,
  last_elapsed_days: 0,
  scheduled_days: 0,
  learning_steps: 0,
  review: at,
  correct: rating > 1,
  confidence: "sure",
});
const item = (reviews: string[], reps: number): QuizItemData => ({
  card: {
    due: "2026-12-01T00:00:00.000Z",
    stability: reps,
    difficulty: 1,
    elapsed_days: 0,
    scheduled_days: 0,
    learning_steps: 0,
    reps,
    lapses: 0,
    state: 2,
    last_review: reviews.at(-1),
  },
  log: reviews.map((r) => review(r)),
});
const T1 = "2026-11-01T00:00:00.000Z";
const T2 = "2026-11-02T00:00:00.000Z";
const T3 = "2026-11-03T00:00:00.000Z";

describe("merging two histories of progress", () => {
  it("a lesson marked done stays done; the same status keeps the later time", () => {
    const ours: ProgressData = {
      ...emptyProgress(),
      lessons: { a: { status: "done", updatedAt: T1 }, b: { status: "in-progress", updatedAt: T1 } },
    };
    const theirs: ProgressData = {
      ...emptyProgress(),
      lessons: {
        a: { status: "not-started", updatedAt: T3 },
        b: { status: "in-progress", updatedAt: T2 },
        c: { status: "done", updatedAt: T1 },
      },
    };
    const m = mergeProgress(ours, theirs);
    expect(m.lessons).toEqual({
      a: { status: "done", updatedAt: T1 },
      b: { status: "in-progress", updatedAt: T2 },
      c: { status: "done", updatedAt: T1 },
    });
  });

  it("quiz reviews merge by question and review time; the card is the one reviewed last", () => {
    const ours = {
      ...emptyProgress(),
      quiz: { items: { q: item([T1, T2], 2) }, lastGrade: { id: "q", at: T2, before: null } },
    };
    const theirs = { ...emptyProgress(), quiz: { items: { q: item([T1, T3], 2), r: item([T1], 1) } } };
    const m = mergeProgress(ours, theirs);
    expect(m.quiz.items.q.log.map((r) => r.review)).toEqual([T1, T2, T3]);
    expect(m.quiz.items.q.card.last_review).toBe(T3);
    expect(m.quiz.items.r).toEqual(theirs.quiz.items.r);
    // undoing the last grade would now throw away a merged review, so it is no longer offered
    expect(m.quiz.lastGrade).toBeNull();
  });

  it("interview attempts append, one copy per id", () => {
    const ours = { ...emptyProgress(), interview: { attempts: [{ id: "1" }, { id: "2" }] } };
    const theirs = { ...emptyProgress(), interview: { attempts: [{ id: "2" }, { id: "3" }] } };
    expect(mergeProgress(ours, theirs).interview.attempts).toEqual([{ id: "1" }, { id: "2" }, { id: "3" }]);
  });

  it("a solved challenge stays solved, at its first solve", () => {
    const ours = {
      ...emptyProgress(),
      practice: { challenges: { c: { attempts: 3, last: "failed", solvedAt: T2, usedSolution: true } } },
    };
    const theirs = {
      ...emptyProgress(),
      practice: {
        challenges: {
          c: { attempts: 1, last: "passed", solvedAt: T1, usedSolution: false },
          d: { attempts: 1 },
        },
      },
    };
    const m = mergeProgress(ours, theirs);
    expect(m.practice?.challenges.c).toEqual({
      attempts: 3,
      last: "failed",
      solvedAt: T1,
      usedSolution: false,
    });
    expect(m.practice?.challenges.d).toEqual({ attempts: 1 });
  });

  it("keeps sections and fields it does not know from either side", () => {
    const ours = { ...emptyProgress(), badges: [1] } as ProgressData;
    const theirs = { ...emptyProgress(), streaks: { days: 2 } } as ProgressData;
    expect(mergeProgress(ours, theirs)).toMatchObject({ badges: [1], streaks: { days: 2 } });
  });

  it("keeps every unknown field, down to one lesson, one quiz card and one review both sides hold", () => {
    const withX = <T extends object>(o: T, k: string): T => ({ ...o, [k]: k }) as T;
    const ours = {
      ...emptyProgress(),
      extraOurs: 1,
      lessons: { a: withX({ status: "done" as const, updatedAt: T1 }, "lessonOurs") },
    } as ProgressData;
    const theirs = {
      ...emptyProgress(),
      extraTheirs: 2,
      lessons: { a: withX({ status: "not-started" as const, updatedAt: T3 }, "lessonTheirs") },
    } as ProgressData;
    const qa = item([T1], 1);
    const qb = item([T1, T2], 2);
    ours.quiz = {
      items: { q: { ...qa, card: withX(qa.card, "cardOurs"), log: [withX(qa.log[0], "logOurs")] } },
    };
    theirs.quiz = {
      items: {
        q: { ...qb, card: withX(qb.card, "cardTheirs"), log: [withX(qb.log[0], "logTheirs"), qb.log[1]] },
      },
    };
    const m = mergeProgress(ours, theirs) as unknown as Record<string, unknown>;
    const text = JSON.stringify(m);
    for (const k of [
      "extraOurs",
      "extraTheirs",
      "lessonOurs",
      "lessonTheirs",
      "cardOurs",
      "cardTheirs",
      "logOurs",
      "logTheirs",
    ])
      expect(text).toContain(`"${k}"`);
    // the rules still decide the known fields
    const merged = m as unknown as ProgressData;
    expect(merged.lessons.a.status).toBe("done");
    expect(merged.quiz.items.q.card.reps).toBe(2);
  });
});
