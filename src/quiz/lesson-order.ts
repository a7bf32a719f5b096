// The questions of one lesson, in the order a learner who filtered by it should meet them: those
// whose reading is in that lesson first, then those whose reading is in an earlier lesson (a
// review), and last those that send the learner to a later lesson. Review 15a #11: filtered by
// "Fencing tokens", the quiz opened with three questions whose every "Read:" link went to lesson
// 11 (database row leases), because the bank's files sort by name.
import type { Question } from "./schema";
import { linksOf } from "./schema";

/** `questions` by where their reading is relative to `lesson`, then the lesson's own before
 *  those it shares, then in course order (`rank` gives each lesson's place in the course). */
export function lessonOrder(
  questions: readonly Question[],
  lesson: string,
  rank: ReadonlyMap<string, number>,
): Question[] {
  const here = rank.get(lesson) ?? Infinity;
  const place = (id: string) => rank.get(id) ?? Infinity;
  const group = (q: Question): number => {
    const read = linksOf(q).map((l) => l.lesson);
    if (read.includes(lesson)) return 0;
    return read.some((l) => place(l) > here) ? 2 : 1;
  };
  return (
    questions
      // Within a group, the lesson's own questions (filed under it) before those it shares.
      .map((q, i) => ({ q, i, g: group(q), r: q.lessons[0] === lesson ? -1 : place(q.lessons[0]) }))
      .sort((a, b) => a.g - b.g || a.r - b.r || a.i - b.i)
      .map((x) => x.q)
  );
}
