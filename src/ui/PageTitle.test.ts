import { describe, expect, it } from "vitest";
import { titleOf } from "./PageTitle";

const root = { status: "success", meta: [{ title: "Election Lab" }] };

describe("titleOf", () => {
  it("takes the deepest loaded route's title", () => {
    expect(titleOf([root, { status: "success", meta: [{ title: "Quiz · Election Lab" }] }])).toBe(
      "Quiz · Election Lab",
    );
  });
  it("keeps a parent's title while a child has none yet", () => {
    expect(titleOf([root, { status: "pending" }])).toBe("Election Lab");
    expect(titleOf([root, { status: "success", meta: [undefined] }])).toBe("Election Lab");
  });
  it("ignores routes past one that is not loaded", () => {
    const child = { status: "success", meta: [{ title: "Child" }] };
    expect(titleOf([root, { status: "error", meta: [{ title: "Failed" }] }, child])).toBe("Failed");
    expect(titleOf([{ ...root, _notFound: true }, child])).toBe("Election Lab");
  });
});
