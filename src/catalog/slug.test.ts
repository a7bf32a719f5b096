import { describe, expect, it } from "vitest";
import { createElement } from "react";
import { slugify, textOf } from "./slug";

describe("heading anchors", () => {
  it("are stable, lower-case and free of punctuation", () => {
    expect(slugify("Why a leader, and what goes wrong?")).toBe("why-a-leader-and-what-goes-wrong");
    expect(slugify("  Split   brain: one sentence ")).toBe("split-brain-one-sentence");
    expect(slugify("Café à la Raft")).toBe("cafe-a-la-raft");
  });
  it("read text through nested elements", () => {
    expect(textOf(["The ", createElement("code", null, "term"), " rule"])).toBe("The term rule");
  });
});
