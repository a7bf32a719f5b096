// @vitest-environment happy-dom
// A repeated event's count stands apart from its sentence (review 12a #2: "…is older than 2
// (2 times)" read as part of the sentence).
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render } from "@testing-library/react";
import { TimesBadge } from "./TimesBadge.tsx";
import { announceText } from "../guided-lines.ts";

afterEach(cleanup);

describe("a repeated event's count", () => {
  it("shows as a ×N badge, heard and hovered as happened N times", () => {
    const { container } = render(
      <p>
        n2 wrote to the resource with token 2<TimesBadge times={2} />
      </p>,
    );
    const badge = container.querySelector(".sb-times")!;
    expect(badge.getAttribute("title")).toBe("happened 2 times");
    expect(badge.querySelector("[aria-hidden]")!.textContent).toBe("×2");
    expect(container.textContent).toBe("n2 wrote to the resource with token 2 ×2(happened 2 times)");
  });
  it("shows nothing for an event that happened once", () => {
    const { container } = render(<TimesBadge times={1} />);
    expect(container.textContent).toBe("");
  });
  it("is said after the sentence ends, not inside it", () => {
    const said = new Set<string>();
    const text = "The resource refused n2's write: term 1 (its token) is older than 2";
    expect(announceText([{ t: 5, text, times: 2 }], said)).toBe(`${text}. It happened 2 times.`);
    expect(announceText([{ t: 6, text: "n3 became leader", times: 1 }], said)).toBe("n3 became leader.");
  });
});
