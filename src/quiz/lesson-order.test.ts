// Filtered by a lesson, the quiz opens with the questions whose reading is in that lesson, and
// sends the learner forward to a later lesson only after every other question (review 15a #11).
import { describe, expect, it } from "vitest";
import { readQuizFiles } from "../../scripts/quiz-files";
import course from "../../content/course.json";
import { buildBank } from "./bank";
import { lessonOrder } from "./lesson-order";
import { linksOf } from "./schema";

const bank = buildBank(readQuizFiles().files);
const ids = course.parts.flatMap((p) => p.lessons);
const rank = new Map(ids.map((l, i) => [l, i]));
const reads = (q: (typeof bank.questions)[number]) => linksOf(q).map((l) => l.lesson);

describe("lessonOrder", () => {
  it("opens 'Fencing tokens' with questions read in it, not in lesson 11 (the review's case)", () => {
    const ordered = lessonOrder(bank.byLesson.get("fencing-tokens") ?? [], "fencing-tokens", rank);
    for (const q of ordered.slice(0, 3)) {
      expect(reads(q)).toContain("fencing-tokens");
      expect(q.lessons[0]).toBe("fencing-tokens");
    }
  });

  for (const lesson of ids.filter((l) => bank.byLesson.has(l))) {
    it(`${lesson}: its own reading first, a later lesson's last, nothing lost`, () => {
      const tagged = bank.byLesson.get(lesson) ?? [];
      const ordered = lessonOrder(tagged, lesson, rank);
      expect(new Set(ordered)).toEqual(new Set(tagged));
      const group = ordered.map((q) =>
        reads(q).includes(lesson)
          ? 0
          : reads(q).some((l) => (rank.get(l) ?? 99) > (rank.get(lesson) ?? 0))
            ? 2
            : 1,
      );
      expect(group).toEqual([...group].sort((a, b) => a - b));
      expect(group[0]).toBe(0);
    });
  }
});
