// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render } from "@testing-library/react";
import { RuleText } from "./RuleText.tsx";

afterEach(cleanup);

describe("RuleText", () => {
  it("shows a cited rule as its name, never the raw marker", () => {
    const { container } = render(
      <p>
        <RuleText text="Refuse anything below it [rule: fence.token.below]. Then write." />
      </p>,
    );
    expect(container.textContent).toBe("Refuse anything below it (rule fence.token.below). Then write.");
    expect(container.querySelector("code")?.textContent).toBe("fence.token.below");
  });

  it("leaves text without citations as it is", () => {
    const { container } = render(
      <p>
        <RuleText text="No rule here [not one]." />
      </p>,
    );
    expect(container.textContent).toBe("No rule here [not one].");
    expect(container.querySelector("code")).toBeNull();
  });
});
