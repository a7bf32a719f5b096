// @vitest-environment happy-dom
// The sandbox's real-servers strip: real runs beside simulated ones, said in words too.
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { RealityStrip, type StripEntry } from "./RealityStrip.tsx";
import strip from "../../../reality/strip.json";
import { presets } from "../../engine/index.ts";

afterEach(cleanup);

const entry: StripEntry = {
  system: "etcd 3.4.23",
  what: "time from the crash to the next leader",
  recorded: "2026-12-04",
  real: [7100, 9800, null],
  simulated: [7000, 9500, 8000],
};

describe("RealityStrip", () => {
  it("shows the real runs beside the simulated ones, in text as well as on the axis", () => {
    render(<RealityStrip preset="billing-crash" entries={{ "billing-crash": entry }} />);
    expect(screen.getByRole("figure").textContent).toContain("On a real etcd 3.4.23");
    expect(
      screen.getByText(/Real servers \(3 runs, 2026-12-04\): 7\.1 s, 9\.8 s, no takeover in 1/),
    ).toBeTruthy();
    expect(screen.getByText(/Simulated \(3 runs\): 7\.0 s, 8\.0 s, 9\.5 s/)).toBeTruthy();
    expect(screen.getByRole("img").getAttribute("aria-label")).toBe(
      "Real: 7.1 s, 9.8 s, no takeover in 1. Simulated: 7.0 s, 8.0 s, 9.5 s.",
    );
  });

  it("says so in words when no run on either side took over, with no empty axis", () => {
    const calm: StripEntry = {
      ...entry,
      what: "time from the cut to the next leader",
      real: [null, null],
      simulated: [null, null],
    };
    render(<RealityStrip preset="billing-blip" entries={{ "billing-blip": calm }} />);
    expect(screen.getByText(/Real servers \(2 runs, 2026-12-04\): no takeover in any run/)).toBeTruthy();
    expect(screen.getByText(/Simulated \(2 runs\): no takeover in any run/)).toBeTruthy();
    expect(screen.queryByRole("img")).toBeNull();
  });

  it("shows nothing for a run without a real recording", () => {
    const { container } = render(<RealityStrip preset="raft-basic" entries={{ "billing-crash": entry }} />);
    expect(container.innerHTML).toBe("");
  });

  it("has recordings only for presets that exist", () => {
    for (const name of Object.keys(strip)) expect(presets[name], name).toBeDefined();
  });
});
