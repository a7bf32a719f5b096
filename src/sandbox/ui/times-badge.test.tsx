// @vitest-environment happy-dom
// A repeated event's count stands apart from its sentence (review 12a #2: "…is older than 2
// (2 times)" read as part of the sentence; review 16a #5: so did "…older than 2 ×2").
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render } from "@testing-library/react";
import { TimesBadge } from "./TimesBadge.tsx";
import { announceText } from "../guided-lines.ts";

afterEach(cleanup);

describe("a repeated event's count", () => {
  it("shows the count in words, after the line's time and before its sentence", () => {
    // Review 16a #5: "…is older than 2 ×2" read the chip as part of the sentence.
    const { container } = render(
      <p>
        <span>7.2 s</span> <TimesBadge times={2} />
        The resource refused n2&apos;s write: term 1 (its token) is older than 2
      </p>,
    );
    const badge = container.querySelector(".sb-times")!;
    expect(badge.getAttribute("title")).toBe("happened twice");
    expect(badge.textContent).toBe("twice");
    expect(container.textContent).toBe(
      "7.2 s twice The resource refused n2's write: term 1 (its token) is older than 2",
    );
    // No bare number in the chip: three is "3 times".
    const three = render(<TimesBadge times={3} />).container;
    expect(three.textContent).toBe("3 times ");
  });
  it("shows nothing for an event that happened once", () => {
    const { container } = render(<TimesBadge times={1} />);
    expect(container.textContent).toBe("");
  });
  it("is said after the sentence ends, not inside it", () => {
    const said = new Set<string>();
    const text = "The resource refused n2's write: term 1 (its token) is older than 2";
    expect(announceText([{ t: 5, text, times: 2 }], said)).toBe(`${text}. It happened twice.`);
    expect(announceText([{ t: 6, text: "n3 became leader", times: 1 }], said)).toBe("n3 became leader.");
  });
});
