// @vitest-environment happy-dom
// The "Try to break it" panel: by role and label, it runs a search in its worker pool, shows
// the smallest schedule in words and replays it; it reports a budget that broke nothing with
// what was tried; it refuses a bad field naming it; and Cancel stops a running search.
import { afterEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { presets, parseScenario, runScenario } from "../../engine/index.ts";
import { failureOf, parseProperty } from "../../engine/search/index.ts";
import { InProcessSearchWorker } from "../../worker/search-testing.ts";
import { BreakIt } from "./BreakItPanel.tsx";
import type { RawScenario } from "../scenarios.ts";

afterEach(cleanup);

function mount(scenario: RawScenario, made: InProcessSearchWorker[] = []) {
  const onReplay = vi.fn();
  const sc = parseScenario(scenario);
  render(
    <BreakIt
      scenario={scenario}
      until={sc.until}
      protocol={sc.protocol}
      onReplay={onReplay}
      workers={2}
      createWorker={() => {
        const w = new InProcessSearchWorker();
        made.push(w);
        return w;
      }}
    />,
  );
  return onReplay;
}

const only = (kind: string) => {
  for (const box of screen.getAllByRole("checkbox")) {
    const name = box.closest("label")?.textContent ?? "";
    if ((box as HTMLInputElement).checked !== name.startsWith(kind)) fireEvent.click(box);
  }
};

describe("BreakIt", () => {
  it("says what a schedule is before the first control (review 10b #10)", () => {
    mount(presets["bully-basic"].scenario as RawScenario);
    const said = screen.getByText(/A schedule is a list of faults at set times/);
    const first = screen.getByLabelText("Property to break");
    // The sentence comes first in the page's order, so it is read before the controls.
    expect(said.compareDocumentPosition(first) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("finds two coordinators for bully under a partition, describes the smallest schedule and replays it", async () => {
    const onReplay = mount(presets["bully-basic"].scenario as RawScenario);
    fireEvent.change(screen.getByLabelText("Property to break"), { target: { value: "overlap" } });
    only("Split into groups");
    fireEvent.click(screen.getByRole("button", { name: "Start the search" }));
    expect(screen.getByRole("button", { name: "Cancel search" }).hasAttribute("disabled")).toBe(false);
    await waitFor(
      () =>
        expect(
          screen.getByText(/The smallest schedule found: one fault: a .* partition between \{/),
        ).toBeTruthy(),
      { timeout: 120_000 },
    );
    // A hazard (not a safety loss) reads as found, not broken, and names the property, and
    // which schedule of the budget found it in plain words (review 6b #11: "by schedule 2 of
    // the budget").
    expect(screen.getByText(/^Found a hazard/).closest("p")?.textContent).toMatch(
      /^Found a hazard \(two leaders at once\), on the \d+(st|nd|rd|th) schedule tried \(of [\d,]+\)\. A hazard is a danger, not lost safety/,
    );
    // The search is over: no greyed "Cancel search" is left behind.
    expect(screen.queryByRole("button", { name: "Cancel search" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Replay the smallest schedule" }));
    expect(onReplay).toHaveBeenCalledTimes(1);
    const [scenario, at] = onReplay.mock.calls[0];
    expect(scenario.faults).toHaveLength(1);
    const { summary, trace } = runScenario(scenario);
    const f = failureOf(parseProperty("overlap"), summary, trace);
    expect(at).toBe(Math.floor(f!.at) + 1);
  });

  it("says how many schedules broke nothing and what was tried", async () => {
    mount({ protocol: "raft", nodes: 3, until: "2s" });
    fireEvent.change(screen.getByLabelText("Property to break"), {
      target: { value: "one-leader-per-term" },
    });
    fireEvent.change(screen.getByLabelText("Schedules to try"), { target: { value: "40" } });
    fireEvent.click(screen.getByRole("button", { name: "Start the search" }));
    await waitFor(
      () => expect(screen.getByText(/40 schedules within this budget, none broke it/)).toBeTruthy(),
      { timeout: 120_000 },
    );
    expect(
      screen.getByText(/Tried: up to 3 faults per schedule.*crashes.*pauses of 100 ms to 1 s/),
    ).toBeTruthy();
    // Only the faults that apply: Raft has no store, so no store outage is offered at all.
    expect(screen.queryByRole("checkbox", { name: /Store outage/ })).toBeNull();
    expect(screen.getByRole("checkbox", { name: /Crash/ })).toBeTruthy();
  });

  it("refuses a bad field by name and marks it", () => {
    const made: InProcessSearchWorker[] = [];
    mount({ protocol: "raft", nodes: 3, until: "2s" }, made);
    fireEvent.change(screen.getByLabelText("Schedules to try"), { target: { value: "0" } });
    fireEvent.click(screen.getByRole("button", { name: "Start the search" }));
    expect(screen.getByRole("alert").textContent).toMatch(/Schedules to try: a whole number/);
    expect(screen.getByLabelText("Schedules to try").getAttribute("aria-invalid")).toBe("true");
    expect(made).toHaveLength(0);
  });

  it("Cancel stops a running search and terminates its workers", async () => {
    const made: InProcessSearchWorker[] = [];
    mount({ protocol: "raft", nodes: 3, until: "2s" }, made);
    fireEvent.change(screen.getByLabelText("Property to break"), {
      target: { value: "one-leader-per-term" },
    });
    fireEvent.change(screen.getByLabelText("Schedules to try"), { target: { value: "100000" } });
    fireEvent.click(screen.getByRole("button", { name: "Start the search" }));
    await waitFor(() => expect(screen.getByText(/[1-9][\d,]* of 100,000 schedules run/)).toBeTruthy(), {
      timeout: 120_000,
    });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Cancel search" }));
    });
    await waitFor(() => expect(screen.getByText(/Search cancelled after/)).toBeTruthy());
    expect(made.every((w) => w.terminated)).toBe(true);
    expect(screen.getByRole("button", { name: "Start the search" }).hasAttribute("disabled")).toBe(false);
  });

  it("starts set up as a lesson's link or a challenge asks: the property, its limit, the faults and their bounds", () => {
    const sc = parseScenario({ protocol: "etcd", nodes: 3, until: "30s" });
    render(
      <BreakIt
        scenario={{ protocol: "etcd", nodes: 3, until: "30s" }}
        until={sc.until}
        protocol={sc.protocol}
        onReplay={vi.fn()}
        initial={{ property: "leaderless:4", faults: "pause:3s,partition:6s", schedules: 500, maxFaults: 2 }}
      />,
    );
    expect((screen.getByLabelText("Property to break") as HTMLSelectElement).value).toBe("leaderless");
    expect((screen.getByLabelText("Longest time without a leader (s)") as HTMLInputElement).value).toBe("4");
    expect((screen.getByLabelText("Schedules to try") as HTMLInputElement).value).toBe("500");
    expect((screen.getByLabelText("Faults per schedule, at most") as HTMLInputElement).value).toBe("2");
    const checked = screen
      .getAllByRole("checkbox")
      .filter((b) => (b as HTMLInputElement).checked)
      .map((b) => b.closest("label")?.textContent);
    expect(checked).toEqual(["GC pause", "Split into groups"]);
    expect((screen.getByLabelText("Longest pause (s)") as HTMLInputElement).value).toBe("3");
    expect(
      (screen.getByLabelText("Longest partition, cut, slow spell or outage (s)") as HTMLInputElement).value,
    ).toBe("6");
  });
});
