import { describe, expect, it } from "vitest";
import { lessonOpenedAt } from "./early-lesson";
import { courseLessons } from "../catalog/manifest";

describe("lessonOpenedAt", () => {
  const id = courseLessons[0].id;
  it("names the lesson a lesson path opens, with or without a trailing slash", () => {
    expect(lessonOpenedAt(`/learn/${id}`)).toBe(id);
    expect(lessonOpenedAt(`/learn/${id}/`)).toBe(id);
  });
  it("names nothing for other pages, unknown lessons and malformed paths", () => {
    for (const p of [
      "/",
      "/learn",
      "/learn/",
      "/quiz",
      `/learn/${id}/extra`,
      "/learn/no-such-lesson",
      "/learn/%E0%A4%A",
      `/x/learn/${id}`,
    ]) {
      expect(lessonOpenedAt(p), p).toBeNull();
    }
  });
});
