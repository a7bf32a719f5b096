import { describe, expect, it } from "vitest";
import { checkCourseParts } from "../catalog/schema/course";

const lessons = [
  { id: "a", order: 1 },
  { id: "b", order: 2 },
  { id: "c", order: 3 },
];

describe("course parts", () => {
  it("accept every lesson placed once, in order", () => {
    expect(
      checkCourseParts(
        [{ id: "p", title: "Part", summary: "A part summary", lessons: ["a", "b", "c"] }],
        lessons,
      ),
    ).toEqual([]);
  });
  it("name unplaced, unknown, doubled and out-of-order lessons", () => {
    const problems = checkCourseParts(
      [
        { id: "one", title: "One", summary: "A part summary", lessons: ["b", "a", "zz"] },
        { id: "two", title: "Two", summary: "A part summary", lessons: ["b"] },
      ],
      lessons,
    );
    expect(problems).toEqual([
      'course.json: lesson "a" (order 1) comes after a lesson with a higher order',
      'course.json: part "one" names lesson "zz", which does not exist',
      'course.json: lesson "b" is in both "one" and "two"',
      'course.json: lesson "c" is in no part',
    ]);
  });
});
