// @vitest-environment happy-dom
// "Take a tour" pressed while the tour's file is still loading starts the tour once it has
// loaded; before, the press found no tour and opened the list instead (the Bully tour walk failed
// that way in CI), and "Other tours" only appeared once the file had come.
import { afterEach, expect, it } from "vitest";
import { act, cleanup, renderHook, waitFor } from "@testing-library/react";
import { useFittingTour } from "./fitting-tour.ts";
import type { Tour } from "../tour-rules.ts";

afterEach(cleanup);

it("knows the fitting tour's name on the first render, before its file has loaded", () => {
  const { result } = renderHook(() => useFittingTour("bully-partition", "bully"));
  expect(result.current.name).toBe("bully-partition");
  expect(result.current.tour).toBeNull();
});

it("a start asked for before the file has loaded goes ahead once it has", async () => {
  const { result } = renderHook(() => useFittingTour("bully-partition", "bully"));
  const started: Tour[] = [];
  act(() => result.current.start((t) => started.push(t)));
  await waitFor(() => expect(started).toHaveLength(1));
  expect(started[0]!.steps.length).toBeGreaterThan(1);
  await waitFor(() => expect(result.current.tour).not.toBeNull());
  act(() => result.current.start((t) => started.push(t)));
  expect(started).toHaveLength(2);
});

it("no fitting tour: no name, and a start does nothing", async () => {
  const { result } = renderHook(() => useFittingTour("ring-basic", "ring"));
  expect(result.current.name).toBeNull();
  let called = false;
  act(() => result.current.start(() => (called = true)));
  await Promise.resolve();
  expect(called).toBe(false);
});
