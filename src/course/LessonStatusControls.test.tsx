// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { LessonStatusControls } from "./LessonStatusControls";
import { progressStore } from "../progress/react";

afterEach(cleanup);

describe("LessonStatusControls", () => {
  it("moves a lesson through its statuses only on explicit clicks", () => {
    render(<LessonStatusControls lessonId="why-a-leader" />);
    const region = screen.getByRole("region", { name: "Your progress" });
    expect(region.textContent).toContain("Not started");
    fireEvent.click(screen.getByRole("button", { name: "Mark as in progress" }));
    expect(progressStore.getState().data.lessons["why-a-leader"].status).toBe("in-progress");
    fireEvent.click(screen.getByRole("button", { name: "Mark lesson as done" }));
    expect(region.textContent).toContain("Done");
    expect(JSON.parse(localStorage.getItem("election-lab:progress")!).lessons["why-a-leader"].status).toBe(
      "done",
    );
    fireEvent.click(screen.getByRole("button", { name: "Reset to not started" }));
    expect(region.textContent).toContain("Not started");
  });
});
