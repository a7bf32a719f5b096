// @vitest-environment happy-dom
// The message count is written outside React (issue 39): it must still show the run's count from
// the first render and follow every frame, and a re-render of the panel must not blank it.
import { afterEach, expect, it } from "vitest";
import { act, cleanup, render } from "@testing-library/react";
import { SandboxController } from "../controller.ts";
import { DEFAULT_SCENARIO } from "../scenarios.ts";
import { InProcessWorker, settle } from "../testing.ts";
import { SandboxContext } from "./context.ts";
import { metricsNote, NowMetrics } from "./NowMetrics.tsx";

const made: SandboxController[] = [];
afterEach(() => {
  cleanup();
  for (const c of made.splice(0)) c.dispose();
});

it("shows the message count at once and follows the run's frames and a seek back", async () => {
  const c = new SandboxController({
    scenario: structuredClone(DEFAULT_SCENARIO),
    source: { kind: "default" },
    title: "t",
    at: 5_000,
    createWorker: () => new InProcessWorker(),
    afterPaint: (cb) => queueMicrotask(cb),
    pingEvery: 60_000,
  });
  made.push(c);
  c.start();
  const { container } = render(
    <SandboxContext.Provider value={c}>
      <NowMetrics />
    </SandboxContext.Provider>,
  );
  await act(() => settle());
  const shown = () => container.querySelector(".sb-metric-messages dd")?.textContent;
  const at5 = c.store.getState().messages;
  expect(at5).toBeGreaterThan(0);
  expect(shown()).toBe(at5.toLocaleString("en"));
  await act(async () => c.dispatch({ type: "seek", t: 20_000 }));
  await act(() => settle());
  const at20 = c.store.getState().messages;
  expect(at20).toBeGreaterThan(at5);
  expect(shown()).toBe(at20.toLocaleString("en"));
  await act(async () => c.dispatch({ type: "seek", t: 5_000 }));
  await act(() => settle());
  expect(shown()).toBe(at5.toLocaleString("en"));
});

it("counts every leader the events announce, the first election included (review 8b #6)", async () => {
  const c = new SandboxController({
    scenario: structuredClone(DEFAULT_SCENARIO),
    source: { kind: "default" },
    title: "t",
    at: 5_000,
    createWorker: () => new InProcessWorker(),
    afterPaint: (cb) => queueMicrotask(cb),
    pingEvery: 60_000,
  });
  made.push(c);
  c.start();
  const { container } = render(
    <SandboxContext.Provider value={c}>
      <NowMetrics />
    </SandboxContext.Provider>,
  );
  await act(() => settle());
  const starts = c.store.getState().history.filter((e) => e.type === "leader-start").length;
  expect(starts).toBeGreaterThan(0);
  expect(container.querySelector(".sb-metric-elected dt")?.textContent).toBe("Leaders elected");
  expect(container.querySelector(".sb-metric-elected dd")?.textContent).toBe(String(starts));
});

it("says when the old leader still believed it led as the new one started (a cut, a pause)", () => {
  const cut = { from: 2000, fault: "the network split into two sides", to: 2074.123, leader: "n5" };
  expect(metricsNote({ ...cut, stillBelieved: ["n2"] }, true)).toEqual([
    "Last failover: the network split into two sides at 2 s, n5 led at 2.07 s, while n2 still believed it led.",
  ]);
  expect(metricsNote({ ...cut, stillBelieved: [] }, false)[0]).toBe(
    "Last failover: the network split into two sides at 2 s, n5 led at 2.07 s.",
  );
});
