// The content check allows exactly the tags in ALLOWED_LESSON_TAGS; the page renders lessons
// with lessonComponents. The two lists must be one: a tag the check allows but the map lacks
// renders as an unknown element, and a component the map offers but the check refuses is dead.
import { describe, expect, it } from "vitest";
import { ALLOWED_LESSON_TAGS } from "../course/content-tags";
import { lessonComponents } from "./lesson-components";

describe("lesson component map", () => {
  it("offers exactly the tags the content check allows (plus Markdown's own elements)", () => {
    const custom = Object.keys(lessonComponents).filter((k) => /^[A-Z]/.test(k));
    expect(custom.sort()).toEqual([...ALLOWED_LESSON_TAGS].sort());
  });
});
