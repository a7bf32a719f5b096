import { describe, expect, it } from "vitest";
import { Rating } from "ts-fsrs";
import { emptyQuizSection, quizSectionSchema } from "../progress/sections/quiz";
import { applyGrade, gradeFor, recordSession, undoLastGrade } from "./scheduling";
import { describeDue, dueToday, endOfDay, scheduled } from "./due";

const t0 = new Date("2026-11-29T10:00:00.000Z");

describe("confidence to FSRS grade", () => {
  it("grades a wrong answer Again whatever the confidence, and a right one by confidence", () => {
    for (const c of ["guessed", "unsure", "sure"] as const) expect(gradeFor(false, c)).toBe(Rating.Again);
    expect(gradeFor(true, "guessed")).toBe(Rating.Hard);
    expect(gradeFor(true, "unsure")).toBe(Rating.Good);
    expect(gradeFor(true, "sure")).toBe(Rating.Easy);
  });
});

describe("scheduling", () => {
  it("creates a card and a review log on the first grade, and the section stays valid", () => {
    const s = applyGrade(emptyQuizSection(), "q1", true, "unsure", t0);
    const item = s.items.q1;
    expect(item.log).toHaveLength(1);
    expect(item.log[0]).toMatchObject({
      rating: Rating.Good,
      correct: true,
      confidence: "unsure",
      review: t0.toISOString(),
    });
    expect(new Date(item.card.due).getTime()).toBeGreaterThan(t0.getTime());
    expect(item.card.reps).toBe(1);
    expect(quizSectionSchema.parse(JSON.parse(JSON.stringify(s)))).toEqual(s);
  });

  it("schedules a confident right answer later than a wrong one", () => {
    const wrong = applyGrade(emptyQuizSection(), "q", false, "sure", t0).items.q.card.due;
    const easy = applyGrade(emptyQuizSection(), "q", true, "sure", t0).items.q.card.due;
    expect(new Date(easy).getTime()).toBeGreaterThan(new Date(wrong).getTime());
  });

  it("keeps the whole review log across grades", () => {
    let s = applyGrade(emptyQuizSection(), "q", true, "sure", t0);
    s = applyGrade(s, "q", false, "guessed", new Date(s.items.q.card.due));
    expect(s.items.q.log.map((l) => l.rating)).toEqual([Rating.Easy, Rating.Again]);
    expect(s.items.q.card.lapses).toBe(1);
  });

  it("undoes the last grade exactly, including a first grade", () => {
    const first = applyGrade(emptyQuizSection(), "q", true, "sure", t0);
    const second = applyGrade(first, "q", false, "unsure", new Date("2026-12-03T10:00:00.000Z"));
    const undone = undoLastGrade(second);
    expect(undone.items).toEqual(first.items);
    expect(undone.lastGrade).toBeNull();
    expect(undoLastGrade(undone)).toBe(undone);
    expect(undoLastGrade(first).items).toEqual({});
  });

  it("keeps a bounded session history", () => {
    let s = emptyQuizSection();
    for (let i = 0; i < 25; i++)
      s = recordSession(s, { at: t0.toISOString(), mode: "exam", total: 1, correct: 0, missed: [`q${i}`] });
    expect(s.sessions).toHaveLength(20);
    expect(s.sessions!.at(-1)!.missed).toEqual(["q24"]);
  });
});

describe("due today", () => {
  it("lists questions due by the end of the local day, soonest first, and skips unknown ids", () => {
    let s = applyGrade(emptyQuizSection(), "soon", false, "sure", t0);
    s = applyGrade(s, "later", true, "sure", t0);
    s = applyGrade(s, "gone", false, "sure", t0);
    const due = dueToday(s, t0, new Set(["soon", "later"]));
    expect(due.map((d) => d.id)).toEqual(["soon"]);
    expect(scheduled(s).map((d) => d.id)).toEqual(["gone", "soon", "later"]);
  });

  it("ends the study day at 04:00 local, so a session past midnight stays one day", () => {
    // local-time constructors: the same wall-clock moments in whatever zone the tests run in
    const lateEvening = new Date(2026, 10, 29, 23, 52);
    const s = applyGrade(emptyQuizSection(), "q", true, "unsure", lateEvening); // a 10-minute step
    expect(new Date(s.items.q.card.due).getDate()).toBe(30); // past midnight
    expect(dueToday(s, lateEvening).map((d) => d.id)).toEqual(["q"]);
    expect(describeDue(new Date(s.items.q.card.due), lateEvening)).toBe("in 10 minutes");

    expect(endOfDay(lateEvening)).toEqual(new Date(2026, 10, 30, 3, 59, 59, 999));
    expect(endOfDay(new Date(2026, 10, 30, 3, 59))).toEqual(new Date(2026, 10, 30, 3, 59, 59, 999));
    expect(endOfDay(new Date(2026, 10, 30, 4, 0))).toEqual(new Date(2026, 11, 1, 3, 59, 59, 999));
    expect(endOfDay(new Date(2026, 10, 30, 0, 0))).toEqual(new Date(2026, 10, 30, 3, 59, 59, 999));

    const morning = new Date(2026, 10, 30, 10, 0);
    expect(describeDue(new Date(2026, 10, 30, 22, 0), morning)).toBe("in 12 hours");
    expect(describeDue(new Date(2026, 11, 1, 2, 0), morning)).toBe("in 16 hours"); // still this study day
    expect(describeDue(new Date(2026, 11, 1, 9, 0), morning)).toBe("tomorrow");
  });

  it("describes due times in words", () => {
    expect(describeDue(t0, t0)).toBe("now");
    expect(describeDue(new Date(t0.getTime() + 10 * 60_000), t0)).toBe("in 10 minutes");
    expect(describeDue(new Date(t0.getTime() + 3 * 86_400_000), t0)).toBe("in 3 days");
  });
});
