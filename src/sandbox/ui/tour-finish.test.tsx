// @vitest-environment happy-dom
// A tour's last step ends with its own way out where Next stood: "Finish tour", greyed while the
// step still runs, then the one button left (review 18b #4: "Running for 2 s…" beside only Back
// and Leave tour read as a stuck tour).
import { afterEach, expect, it } from "vitest";
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

it("the last step offers Finish tour: disabled while it runs, the only way out once it is done", async () => {
  const workers: InProcessWorker[] = [];
  const c = new SandboxController({
    scenario: structuredClone(presets["bully-partition"].scenario),
    source: { kind: "custom" },
    title: "t",
    createWorker: () => {
      const w = new InProcessWorker();
      workers.push(w);
      return w;
    },
    afterPaint: (cb) => queueMicrotask(cb),
    pingEvery: 60_000,
  });
  made.push(c);
  c.start();
  const tour = await loadTour("bully-partition");
  if (!tour) throw new Error("the bully-partition tour is missing");
  render(
    <SandboxContext.Provider value={c}>
      <TourPanel />
    </SandboxContext.Provider>,
  );
  await act(() => settle());
  await act(async () => c.dispatch({ type: "speed", speed: 10 }));
  await act(async () => c.dispatch({ type: "tour-start", tour }));
  await act(() => settle());
  const state = () => c.store.getState();
  const finish = () => screen.queryByRole("button", { name: "Finish tour" }) as HTMLButtonElement | null;
  const last = tour.steps.length - 1;
  let sawRunning = false;
  for (let i = 0; i <= last; i++) {
    if (i > 0) {
      await act(async () => c.dispatch({ type: "tour-next" }));
      await act(() => settle());
    }
    if (state().tour?.phase === "waiting-action") {
      await act(async () => c.dispatch({ type: "tour-do" }));
      await act(() => settle());
    }
    if (i < last) expect(finish()).toBeNull();
    for (let k = 0; k < 3000 && state().tour?.phase !== "done"; k++) {
      if (i === last && state().tour?.phase === "running") {
        sawRunning = true;
        expect(finish()?.disabled).toBe(true);
        expect(screen.getByRole("button", { name: "Leave tour" })).toBeTruthy();
      }
      await act(async () => workers[workers.length - 1]!.tick(16));
      await act(() => settle(2));
    }
    expect(state().tour?.phase).toBe("done");
  }
  expect(sawRunning).toBe(true);
  expect(finish()?.disabled).toBe(false);
  expect(screen.queryByRole("button", { name: "Leave tour" })).toBeNull();
  expect(screen.queryByRole("button", { name: "Next" })).toBeNull();
  await act(async () => finish()!.click());
  expect(state().tour).toBeNull();
});
