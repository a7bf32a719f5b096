// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { emptyProgress } from "../progress/schema";
import { progressStore } from "../progress/react";
import { readChallengeRecord } from "../progress/sections/practice";
import { decodeRun } from "../links/share-link.ts";
import { InProcessWorker, settle } from "../sandbox/testing.ts";
import { XYChart } from "./charts/XYChart.tsx";
import { figure16Scenario } from "./experiments/figure16.ts";
import { Figure16Panel } from "./Figure16Panel.tsx";
import { inlineLabWorker, type LabWorkerLike } from "./lab-client.ts";
import { RunBar } from "./lab-ui.tsx";
import { PracticePage } from "../app/PracticePage.tsx";
import { ComparePage } from "../app/ComparePage.tsx";
import { challenges } from "./challenges.ts";

// The lesson index is a build-time virtual module; a stand-in is enough here.
vi.mock("../catalog/manifest", () => ({
  courseLessons: [{ id: "fencing-tokens", title: "Fencing tokens" }],
}));

const sandboxOptions = {
  createWorker: () => new InProcessWorker(),
  afterPaint: (cb: () => void) => queueMicrotask(cb),
  pingEvery: 60_000,
};

async function withRouter(ui: ReactNode) {
  const root = createRootRoute({ component: () => <>{ui}</> });
  const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ["/"] }) });
  render(<RouterProvider router={router} />);
  await act(() => settle());
}

/** Wait until the assertion holds (checks run in a macrotask "worker"); the timeout only ends a hang. */
async function until(assert: () => void, ms = 120_000) {
  await waitFor(assert, { timeout: ms });
}

beforeEach(() => progressStore.getState().replaceAll(emptyProgress()));
afterEach(() => cleanup());

describe("the challenge list", () => {
  it("lists every challenge with its status from the progress store", async () => {
    progressStore.getState().updateSection("practice", () => ({
      challenges: { "zombie-write": { attempts: 2, solvedAt: "2026-01-01T00:00:00.000Z", last: "passed" } },
    }));
    await withRouter(<PracticePage />);
    expect(screen.getByRole("heading", { level: 1, name: "Practice" })).toBeTruthy();
    // The settings challenges' cards; the elector challenges are a list of their own below them.
    const cards = screen.getAllByRole("listitem").filter((li) => li.classList.contains("pr-card"));
    expect(cards.length).toBe(challenges.length);
    const electors = within(screen.getByRole("region", { name: "Write your own elector" })).getAllByRole(
      "listitem",
    );
    expect(electors.length).toBe(5);
    expect(electors[0].textContent).toContain("Not started");
    const zombie = cards.find((c) =>
      within(c).queryByRole("link", { name: "Stop the zombie leader's write" }),
    ) as HTMLElement;
    expect(zombie.textContent).toContain("Done");
    expect(screen.getByText(`${challenges.length} challenges · 1 done`)).toBeTruthy();
  });

  it("names an unknown challenge instead of failing", async () => {
    await withRouter(<PracticePage challenge="no-such-thing" />);
    expect(screen.getByRole("alert").textContent).toContain("no-such-thing");
  });
});

describe("a challenge", () => {
  it("is solved by the learner's settings, checked on their run, and marked done", async () => {
    await withRouter(
      <PracticePage
        challenge="zombie-write"
        createWorker={inlineLabWorker}
        sandboxOptions={sandboxOptions}
      />,
    );
    await until(() =>
      expect((screen.getByRole("button", { name: "Check my run" }) as HTMLButtonElement).disabled).toBe(
        false,
      ),
    );
    fireEvent.change(screen.getByLabelText("What the resource checks"), { target: { value: "token" } });
    fireEvent.click(screen.getByRole("button", { name: "Apply settings and restart the run" }));
    await act(() => settle());
    fireEvent.click(screen.getByRole("button", { name: "Check my run" }));
    await until(() => screen.getByRole("heading", { name: "Solved: your run meets the goal" }));
    expect(readChallengeRecord(progressStore.getState().data.practice, "zombie-write")).toMatchObject({
      attempts: 1,
      last: "passed",
      usedSolution: false,
    });
    expect(screen.getAllByText(/Done/).length).toBeGreaterThan(0);
  });

  it("says why a run misses the goal, in the run's numbers", async () => {
    await withRouter(
      <PracticePage challenge="lease-ttl" createWorker={inlineLabWorker} sandboxOptions={sandboxOptions} />,
    );
    await until(() =>
      expect((screen.getByRole("button", { name: "Check my run" }) as HTMLButtonElement).disabled).toBe(
        false,
      ),
    );
    fireEvent.change(screen.getByLabelText(/Lease TTL \(s\)/), { target: { value: "20" } });
    fireEvent.click(screen.getByRole("button", { name: "Apply settings and restart the run" }));
    await act(() => settle());
    fireEvent.click(screen.getByRole("button", { name: "Check my run" }));
    await until(() => screen.getByRole("heading", { name: "Not yet: your run misses the goal" }));
    const checks = screen.getByRole("list", { name: "Goal checks" });
    expect(checks.textContent).toMatch(
      /Not yet: After the crash at 30 s a new leader takes over within 12 s\..*led 1\d(\.\d+)? s after 30 s \(the goal: within 12 s\)/,
    );
    // A goal not met is not lost safety: no red "Safety lost" line when no stale write got in.
    expect(screen.queryByText(/^Safety lost/)).toBeNull();
    // The picture moves to the end of the run the verdict speaks of (review 4b #7: it stayed at 0 s).
    const end = Number(/played to its end at ([\d.]+) s/.exec(checks.parentElement!.textContent ?? "")?.[1]);
    expect(end).toBeGreaterThan(30);
    await until(() =>
      expect(Number.parseFloat(screen.getByLabelText("Simulated time").textContent ?? "")).toBeCloseTo(
        end,
        1,
      ),
    );
    // And back to where the learner left it, to act again before the end.
    fireEvent.click(screen.getByRole("button", { name: "Back to 0 s, where you left the run" }));
    await until(() => expect(screen.getByLabelText("Simulated time").textContent).toMatch(/^0\.00 s/));
    expect(readChallengeRecord(progressStore.getState().data.practice, "lease-ttl")).toMatchObject({
      attempts: 1,
      last: "failed",
    });
  });

  it("refuses settings the engine cannot run, naming the field", async () => {
    await withRouter(
      <PracticePage
        challenge="shard-per-lease"
        createWorker={inlineLabWorker}
        sandboxOptions={sandboxOptions}
      />,
    );
    fireEvent.change(screen.getByLabelText("Holder renews every (s)"), { target: { value: "20" } });
    fireEvent.click(screen.getByRole("button", { name: "Apply settings and restart the run" }));
    expect(screen.getByRole("alert").textContent).toMatch(/These settings cannot run: .*renew/);
  });

  it("reveals hints one at a time and plays the solution as a replay", async () => {
    await withRouter(
      <PracticePage
        challenge="raft-prevote"
        createWorker={inlineLabWorker}
        sandboxOptions={sandboxOptions}
      />,
    );
    await until(() =>
      expect((screen.getByRole("button", { name: "Play the solution" }) as HTMLButtonElement).disabled).toBe(
        false,
      ),
    );
    fireEvent.click(screen.getByRole("button", { name: "Show a hint" }));
    expect(
      screen
        .getAllByRole("listitem")
        .some((li) => li.textContent?.includes("The damage comes from the term")),
    ).toBe(true);
    expect(screen.getByRole("button", { name: "Show hint 2 of 3" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Play the solution" }));
    await act(() => settle());
    fireEvent.click(screen.getByRole("button", { name: "Check my run" }));
    await until(() => screen.getByRole("heading", { name: "Solved: your run meets the goal" }));
    expect(readChallengeRecord(progressStore.getState().data.practice, "raft-prevote")).toMatchObject({
      usedSolution: true,
    });
    expect(screen.getAllByText(/Done \(with the solution\)/).length).toBeGreaterThan(0);
  });
});

describe("the Figure 16 panel", () => {
  it("runs in the lab worker, tabulates beside the paper, and replays a clicked trial's exact scenario", async () => {
    const openRun = vi.fn();
    render(<Figure16Panel openRun={openRun} createWorker={inlineLabWorker} />);
    for (const cb of screen.getAllByRole("checkbox"))
      if ((cb as HTMLInputElement).checked && !/150-155|12-24/.test(cb.parentElement?.textContent ?? ""))
        fireEvent.click(cb);
    fireEvent.change(screen.getByLabelText("Trials per range"), { target: { value: "4" } });
    fireEvent.click(screen.getByRole("button", { name: "Run the Figure 16 experiment" }));
    await until(() => screen.getByRole("table"));
    const rows = within(screen.getByRole("table")).getAllByRole("row");
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining("The paper reports"),
      expect.stringContaining("median 287 ms"),
      expect.stringContaining("mean 35 ms, longest 152 ms"),
    ]);
    expect(screen.getAllByText("the paper, 150-155 ms: median 287 ms").length).toBe(1);
    const group = screen.getByRole("group", { name: "150-155 ms: 4 points" });
    const points = within(group).getAllByRole("button");
    expect(points.map((p) => p.getAttribute("tabindex"))).toEqual(["0", "-1", "-1", "-1"]);
    // Keyboard: the arrow moves to the next trial, Enter replays it.
    fireEvent.keyDown(points[0], { key: "ArrowRight" });
    expect(document.activeElement).toBe(points[1]);
    fireEvent.keyDown(points[1], { key: "Enter" });
    await until(() => expect(openRun).toHaveBeenCalledTimes(1));
    const decoded = await decodeRun(openRun.mock.calls[0][0] as string);
    expect(decoded.ok).toBe(true);
    const label = points[1].getAttribute("aria-label") ?? "";
    const trial = Number(/trial (\d+)/.exec(label)?.[1]) - 1;
    expect(decoded.ok && decoded.value.scenario).toEqual(
      figure16Scenario([150, 155], 0, 1 + trial, 60_000).scenario,
    );
  });
});

describe("running and cancelling", () => {
  it("shows progress and cancels", () => {
    const onCancel = vi.fn();
    const { rerender } = render(
      <RunBar
        state={{ status: "running", done: 30, total: 120, error: "", tookMs: 0 }}
        unit="trials"
        onCancel={onCancel}
      />,
    );
    const bar = screen.getByRole("progressbar", { name: "Experiment progress" });
    expect(bar.getAttribute("aria-valuetext")).toBe("30 of 120 trials");
    expect(screen.getByText("30 of 120 trials (25%)")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(onCancel).toHaveBeenCalled();
    rerender(
      <RunBar
        state={{ status: "cancelled", done: 30, total: 120, error: "", tookMs: 0 }}
        unit="trials"
        onCancel={onCancel}
      />,
    );
    expect(screen.getByRole("status").textContent).toContain("Cancelled");
    expect(screen.queryByRole("progressbar")).toBeNull();
  });

  it("a cancelled job in the worker rejects and the next one starts a fresh worker", async () => {
    const { LabClient, CancelledError } = await import("./lab-client.ts");
    const made: LabWorkerLike[] = [];
    const client = new LabClient(() => {
      const w = inlineLabWorker();
      made.push(w);
      return w;
    });
    const first = client.run({
      kind: "figure16",
      options: { ranges: [[150, 300]], trials: 2, seed: 1, capMs: 10_000 },
    });
    first.cancel();
    await expect(first.promise).rejects.toBeInstanceOf(CancelledError);
    const second = await client.run({
      kind: "figure16",
      options: { ranges: [[150, 300]], trials: 2, seed: 1, capMs: 10_000 },
    }).promise;
    expect(second.ranges[0].trials).toHaveLength(2);
    expect(made).toHaveLength(2);
  });
});

describe("charts", () => {
  it("keep one tab stop per series and activate points by keyboard", () => {
    const onActivate = vi.fn();
    render(
      <XYChart
        title="t"
        summary="s"
        x={{ type: "linear", domain: [0, 10], label: "x", format: String }}
        y={{ type: "log", domain: [1, 100], label: "y", format: String }}
        series={[
          {
            id: "a",
            label: "A",
            style: 0,
            path: "line",
            points: [1, 2, 3].map((i) => ({ x: i, y: i * 10, label: `a${i}` })),
          },
          {
            id: "b",
            label: "B",
            style: 1,
            path: "step",
            points: [1, 2].map((i) => ({ x: i, y: i * 5, label: `b${i}` })),
          },
        ]}
        onActivate={onActivate}
      />,
    );
    const tabbable = screen.getAllByRole("button").filter((b) => b.getAttribute("tabindex") === "0");
    expect(tabbable.map((b) => b.getAttribute("aria-label"))).toEqual(["a1", "b1"]);
    fireEvent.keyDown(tabbable[0], { key: "End" });
    expect(document.activeElement?.getAttribute("aria-label")).toBe("a3");
    fireEvent.keyDown(document.activeElement as Element, { key: " " });
    expect(onActivate).toHaveBeenCalledWith(
      expect.objectContaining({ id: "a" }),
      expect.objectContaining({ label: "a3" }),
    );
    expect(screen.getByRole("list", { name: "Legend: t" }).textContent).toBe("AB");
  });
});

describe("the comparison", () => {
  it("moves both runs with one scrubber and tabulates them side by side", async () => {
    render(
      <ComparePage
        pair="fencing"
        linkTo={(id, children) => <a href={`#${id}`}>{children}</a>}
        createWorker={inlineLabWorker}
        sandboxOptions={sandboxOptions}
      />,
    );
    await until(() =>
      expect((screen.getByRole("slider", { name: "Time in both runs" }) as HTMLInputElement).disabled).toBe(
        false,
      ),
    );
    fireEvent.change(screen.getByRole("slider", { name: "Time in both runs" }), {
      target: { value: "30000" },
    });
    await until(() => screen.getByRole("table", { name: /Both runs at 30 s/ }));
    const table = screen.getByRole("table", { name: /Both runs at 30 s/ });
    const row = (name: RegExp) =>
      within(table)
        .getAllByRole("row")
        .find((r) => name.test(r.textContent ?? "")) as HTMLElement;
    await until(() =>
      expect(row(/^Stale writes accepted so far/).textContent).toBe("Stale writes accepted so far02"),
    );
    expect(row(/^Writes refused so far/).textContent).toBe("Writes refused so far20");
    // n2's last keepalive before its pause went out at 7.4 s (clientv3's 500 ms pass), so the
    // lessor revoked its lease at 17.5 s and n3 has written since then: 28 accepted by 30 s.
    await until(() =>
      expect(row(/^Writes accepted \/ refused \/ stale/).textContent).toBe(
        "Writes accepted / refused / stale28 / 2 / 028 / 0 / 2",
      ),
    );
    expect(row(/^Writes accepted \/ refused \/ stale/).classList.contains("pr-differs")).toBe(true);
  });
});
