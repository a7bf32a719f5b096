// @vitest-environment happy-dom
// /start's run frame before its run has loaded: a press on Play or Next event is kept (the run
// acts on it once it is here, guided-intent.ts), and the frame says so at once, where the press's
// effect will show. The first "Next event" in the course seemed to do nothing for a second or two
// while the run loaded (review 18a #4).
import { afterEach, describe, expect, it } from "vitest";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { GuidedShell } from "./GuidedShell.tsx";
import type { GuidedBridge, GuidedView } from "./guided-bridge.ts";
import { forgetWishes, takePlayWish, takeStepWish } from "./guided-intent.ts";

afterEach(() => {
  cleanup();
  forgetWishes("start-leader");
});

const ready: GuidedView = {
  playing: false,
  playText: "Play",
  canStep: true,
  clock: "0 s of 6 s",
  fault: { off: false, label: "GC pause the leader", detail: "" },
  faultWhy: "",
  lines: [],
  playedOnce: false,
};

function renderShell() {
  const box: { bridge: GuidedBridge | null } = { bridge: null };
  render(
    <GuidedShell preset="start-leader">
      {(bridge) => {
        box.bridge = bridge;
        return null;
      }}
    </GuidedShell>,
  );
  return box;
}

const latest = () => screen.getByRole("region", { name: "What just happened" });

describe("GuidedShell before its run is here", () => {
  it("says a Next event pressed while loading is kept, and steps once the run is here", () => {
    const box = renderShell();
    expect(latest().textContent).toContain("Nothing yet: press Play.");
    const next = screen.getByRole("button", { name: "Next event" });
    expect((next as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(next);
    expect(latest().textContent).toContain("Loading the run: its first event shows as soon as it is here.");
    expect(takeStepWish("start-leader")).toBe(true);
    // The run arrives: its own words take over.
    act(() => box.bridge?.set(ready, { play() {}, next() {}, pauseLeader() {} }));
    expect(latest().textContent).toContain("Nothing yet: press Play.");
  });

  it("says a Play pressed while loading is kept", () => {
    renderShell();
    fireEvent.click(screen.getByRole("button", { name: "Play" }));
    expect(latest().textContent).toContain("Loading the run: it plays as soon as it is here.");
    expect(takePlayWish("start-leader")).toBe(true);
  });
});
