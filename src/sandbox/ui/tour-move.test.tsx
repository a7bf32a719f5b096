// @vitest-environment happy-dom
// A tour step that asks the learner to act says how to act, not only "Do it for me".
import { afterEach, describe, expect, it } from "vitest";
import { act, cleanup, render, screen } from "@testing-library/react";
import { presets } from "../../engine/index.ts";
import { SandboxController } from "../controller.ts";
import { InProcessWorker, settle } from "../testing.ts";
import { loadTour } from "../tour-files.ts";
import { SandboxContext } from "./context.ts";
import { TourPanel } from "./TourPanel.tsx";

const made: SandboxController[] = [];
afterEach(() => {
  cleanup();
  for (const c of made.splice(0)) c.dispose();
});

describe("a tour step that asks for a move", () => {
  it("tells the learner where the move is made, beside Do it for me", async () => {
    const c = new SandboxController({
      scenario: structuredClone(presets["billing-crash"].scenario),
      source: { kind: "custom" },
      title: "t",
      createWorker: () => new InProcessWorker(),
      afterPaint: (cb) => queueMicrotask(cb),
      pingEvery: 60_000,
    });
    made.push(c);
    c.start();
    const tour = await loadTour("billing-crash");
    if (!tour) throw new Error("the billing-crash tour is missing");
    render(
      <SandboxContext.Provider value={c}>
        <TourPanel />
      </SandboxContext.Provider>,
    );
    await act(async () => c.dispatch({ type: "tour-start", tour }));
    await act(() => settle());
    // Step 2 asks the learner to crash the leader: reach it as a learner would.
    for (let i = 0; i < 50 && c.store.getState().tour?.index === 0; i++) {
      if (c.store.getState().tour?.phase === "done") await act(async () => c.dispatch({ type: "tour-next" }));
      else await act(async () => c.dispatch({ type: "step" }));
      await act(() => settle());
    }
    expect(c.store.getState().tour?.phase).toBe("waiting-action");
    expect(screen.getByText(/Your move:/).closest("p")?.textContent).toContain("Crash the leader");
    expect(screen.getByRole("button", { name: "Do it for me" })).toBeTruthy();
    expect(screen.getByText(/select a node for its actions/)).toBeTruthy();
  });
});
