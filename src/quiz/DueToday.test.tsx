// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render } from "@testing-library/react";
import { DueToday } from "./DueToday";

afterEach(cleanup);

describe("the home page's due-today block", () => {
  it("is absent for a learner with nothing due (a newcomer has nothing scheduled)", () => {
    const { container } = render(<DueToday />);
    expect(container.textContent).toBe("");
    expect(container.querySelector("#due-today-heading")).toBeNull();
  });
});
