// @vitest-environment happy-dom
// The first-steps path by role and label: Next and Back, the arrow keys (but not from inside the
// sandbox), focus on each new screen's heading, one live run per screen, and the way out to the
// first lesson. The live run is a stand-in here; the Playwright walk uses the real embed.
import { afterEach, describe, expect, it } from "vitest";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { FirstSteps } from "./FirstSteps";
import { FIRST_STEPS } from "./screens";
import { presets } from "../../engine/index.ts";

afterEach(cleanup);

const runs: string[] = [];
function Live({ preset }: { preset: string }) {
  runs.push(preset);
  return (
    <div className="sb" data-testid="live">
      <button type="button">Play {preset}</button>
    </div>
  );
}

function renderPath() {
  runs.length = 0;
  render(<FirstSteps finish={<a href="/learn/why-a-leader">Start the first lesson</a>} Live={Live} />);
}
const heading = () => screen.getByRole("heading", { level: 1 });

describe("FirstSteps", () => {
  it("every screen names a preset the engine has, and says one sentence", () => {
    for (const s of FIRST_STEPS) {
      expect(presets[s.preset], s.preset).toBeDefined();
      expect(s.sentence.split(/[.!?](\s|$)/).filter((x) => x.trim().length > 1)).toHaveLength(1);
    }
  });

  it("walks forward and back with the buttons, one live run per screen, and ends at the first lesson", () => {
    renderPath();
    expect(heading().textContent).toContain(FIRST_STEPS[0].sentence);
    expect(heading().textContent).toContain("Step 1 of 4");
    expect((screen.getByRole("button", { name: "Back" }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId("live").textContent).toContain(FIRST_STEPS[0].preset);

    for (let i = 1; i < FIRST_STEPS.length; i++) {
      fireEvent.click(screen.getByRole("button", { name: "Next" }));
      expect(heading().textContent).toContain(FIRST_STEPS[i].sentence);
      expect(document.activeElement).toBe(heading());
      expect(screen.getAllByTestId("live")).toHaveLength(1);
    }
    expect(runs.filter((p, i) => p !== runs[i - 1])).toEqual(FIRST_STEPS.map((s) => s.preset));

    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(heading().textContent).toMatch(/whole idea/);
    expect(screen.queryByRole("button", { name: "Next" })).toBeNull();
    expect(screen.queryByTestId("live")).toBeNull();
    expect(screen.getByRole("link", { name: "Start the first lesson" }).getAttribute("href")).toBe("/learn/why-a-leader");

    fireEvent.click(screen.getByRole("button", { name: "Back" }));
    expect(heading().textContent).toContain(FIRST_STEPS[FIRST_STEPS.length - 1].sentence);
  });

  it("moves with the arrow keys, but not while a key is pressed inside the sandbox", () => {
    renderPath();
    act(() => {
      fireEvent.keyDown(window, { key: "ArrowRight" });
    });
    expect(heading().textContent).toContain(FIRST_STEPS[1].sentence);
    expect(document.activeElement).toBe(heading());
    // Inside the live sandbox the arrow keys belong to the sandbox.
    fireEvent.keyDown(screen.getByRole("button", { name: `Play ${FIRST_STEPS[1].preset}` }), { key: "ArrowRight" });
    expect(heading().textContent).toContain(FIRST_STEPS[1].sentence);
    act(() => {
      fireEvent.keyDown(window, { key: "ArrowLeft" });
    });
    expect(heading().textContent).toContain(FIRST_STEPS[0].sentence);
    // Never past either end.
    act(() => {
      fireEvent.keyDown(window, { key: "ArrowLeft" });
    });
    expect(heading().textContent).toContain(FIRST_STEPS[0].sentence);
  });

  it("shows progress by text and shape, with the current step marked for assistive technology", () => {
    renderPath();
    const progress = screen.getByRole("list", { name: "Progress" });
    const items = progress.querySelectorAll("li");
    expect(items).toHaveLength(FIRST_STEPS.length);
    expect(items[0].getAttribute("aria-current")).toBe("step");
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(items[0].className).toBe("done");
    expect(items[0].textContent).toContain("seen");
    expect(items[1].getAttribute("aria-current")).toBe("step");
  });
});
