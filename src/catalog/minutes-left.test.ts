import { describe, expect, it } from "vitest";
import { courseLessons, coreMinutes, fullMinutes, minutesLeft } from "./manifest";

describe("minutesLeft", () => {
  it("with nothing done gives the home page's core and full figures", () => {
    expect(minutesLeft(() => false)).toEqual({ core: coreMinutes, full: fullMinutes });
    expect(coreMinutes).toBeLessThan(fullMinutes);
  });

  it("drops a finished lesson's minutes and deep dives from both figures", () => {
    const first = courseLessons[0];
    const left = minutesLeft((id) => id === first.id);
    expect(left.core).toBe(coreMinutes - first.minutes);
    expect(left.full).toBe(fullMinutes - first.minutes - (first.deepDiveMinutes ?? 0));
  });

  it("is zero when every lesson is done", () => {
    expect(minutesLeft(() => true)).toEqual({ core: 0, full: 0 });
  });
});
