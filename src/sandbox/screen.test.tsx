// @vitest-environment happy-dom
// The one-screen sandbox's parts, driven as a learner would: Step to the next event that matters
// (and one raw event), the marked event that stays until the next one, Extend when a run ends,
// and the header that follows the protocol on screen.
import { afterEach, describe, expect, it } from "vitest";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { presets, specOf, type TraceEvent } from "../engine/index.ts";
import { meaningful } from "../engine/session/index.ts";
import { SandboxController } from "./controller.ts";
import { defaultDiagramWindow, latestMark } from "./marks.ts";
import { narrateAll, newNarrationContext } from "./narration.ts";
import type { RawScenario } from "./scenarios.ts";
import { RunTitle } from "./ui/RunTitle.tsx";
import type { Source } from "./store.ts";
import { InProcessWorker, settle } from "./testing.ts";
import { SandboxContext } from "./ui/context.ts";
import { LatestPanel } from "./ui/LatestPanel.tsx";
import { LastWrites } from "./ui/Logs.tsx";
import { Toolbar } from "./ui/Toolbar.tsx";

const made: SandboxController[] = [];
afterEach(() => {
  cleanup();
  for (const c of made.splice(0)) c.dispose();
});

async function withPreset(
  name: string,
  at: number,
  children: ReactNode,
  source: Source = { kind: "preset", name },
) {
  const c = new SandboxController({
    scenario: structuredClone(presets[name].scenario) as RawScenario,
    source,
    title: presets[name].title,
    at,
    createWorker: () => new InProcessWorker(),
    afterPaint: (cb) => queueMicrotask(cb),
    pingEvery: 60_000,
  });
  made.push(c);
  c.start();
  render(<SandboxContext.Provider value={c}>{children}</SandboxContext.Provider>);
  await act(() => settle(10));
  return c;
}

const t = (c: SandboxController) => c.store.getState().frame?.t ?? -1;

describe("Step", () => {
  it("Next event goes to the next event that matters, past the heartbeats; Smallest step moves one raw event", async () => {
    const c = await withPreset("raft-basic", 1_000, <Toolbar />);
    expect(t(c)).toBe(1_000);
    // The smallest step waits behind "More time controls"; the time bar holds Play and Next event.
    expect(screen.queryByRole("button", { name: /^Smallest step/ })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "More time controls" }));
    fireEvent.click(screen.getByRole("button", { name: /^Smallest step/ }));
    await act(() => settle(10));
    const one = t(c);
    expect(one).toBeGreaterThan(1_000);
    // A raw step lands on a heartbeat arriving, which matters to nobody watching.
    expect(c.store.getState().events.filter((e) => e.t > 1_000 && meaningful(e))).toEqual([]);
    fireEvent.click(screen.getByRole("button", { name: /^Next event \./ }));
    await act(() => settle(10));
    const after = c.store.getState().events.filter((e) => e.t > one);
    // It stopped at the first meaningful event (past the leader's routine writes, at the planned
    // fault's effect: the leader's role changes), and not before.
    expect(after.some(meaningful)).toBe(true);
    expect(meaningful(after[after.length - 1])).toBe(true);
    expect(after[after.length - 1]).toMatchObject({ type: "role", t: t(c) });
    expect(t(c) - one).toBeGreaterThan(100);
  });

  it("the buttons carry their visible key in their name (label in name) and their shortcut", async () => {
    await withPreset("raft-basic", 0, <Toolbar />);
    const step = screen.getByRole("button", { name: "Next event ." });
    expect(step.getAttribute("aria-keyshortcuts")).toBe(".");
    fireEvent.click(screen.getByRole("button", { name: "More time controls" }));
    expect(screen.getByRole("button", { name: "Smallest step ," }).getAttribute("aria-keyshortcuts")).toBe(
      ",",
    );
    expect(screen.getByRole("button", { name: "Play K" }).getAttribute("aria-keyshortcuts")).toBe("K");
  });
});

describe("the marked event", () => {
  it("a refused write stays marked through later accepted writes, until a new leader or the like", async () => {
    const c = await withPreset(
      "fencing-diagram",
      26_000,
      <>
        <LatestPanel />
        <LastWrites />
      </>,
    );
    const mark = () => screen.getByTestId("marked-event").textContent ?? "";
    expect(mark()).toMatch(
      /^⊘ Write refused at 25\.\d+ s: the resource refused n\d's write: token \d+ is older than \d+/,
    );
    await act(async () => {
      c.dispatch({ type: "seek", t: 30_000 });
      await settle(10);
    });
    // Four more accepted writes since, and the refusal is still what is marked.
    const writes = c.store
      .getState()
      .events.filter((e): e is Extract<TraceEvent, { type: "write" }> => e.type === "write");
    expect(writes.filter((w) => w.t > 26_000 && w.result === "accepted").length).toBeGreaterThanOrEqual(3);
    expect(mark()).toMatch(/Write refused at 25\.\d+ s/);
    // One time format in Latest: above 10 s every time has one decimal ("14.0 s", never "14 s").
    const times = [
      ...screen.getByRole("region", { name: "Latest events" }).querySelectorAll(".sb-log-t"),
    ].map((t) => t.textContent ?? "");
    expect(times.length).toBeGreaterThan(1);
    for (const t of times) expect(t).toMatch(/(^|at )\d{2}\.\d s$/);
    expect(screen.getByRole("region", { name: "Last writes at the resource" }).textContent).toMatch(
      /accepted/,
    );
    // Rewinding before the refusal moves the mark back to the event that mattered then.
    await act(async () => {
      c.dispatch({ type: "seek", t: 22_000 });
      await settle(10);
    });
    expect(mark()).not.toMatch(/Write refused/);
    expect(mark()).toMatch(/New leader|Two leaders|Lease expired|Fault/);
  });

  it("is the latest of the events that matter, whatever came after it", () => {
    const w = (t: number, result: "accepted" | "rejected") =>
      ({ t, type: "write", node: "n1", token: 2, maxSeen: 3, result }) as unknown as TraceEvent;
    const lead = { t: 9, type: "leader-start", node: "n2", term: 3, token: 3 } as unknown as TraceEvent;
    expect(latestMark([w(1, "rejected"), w(2, "accepted"), w(3, "accepted")], "etcd", "token")).toMatchObject(
      { kind: "rejected", t: 1, node: "n1", token: 2 },
    );
    expect(latestMark([w(1, "rejected"), w(2, "accepted"), lead], "etcd", "token")).toMatchObject({
      kind: "leader",
      t: 9,
      title: "New leader",
    });
    expect(latestMark([w(2, "accepted")], "etcd", "token")).toBeNull();
  });

  it("opens the sequence diagram on the last event that matters, not the heartbeats before it", () => {
    const crash = {
      t: 2_000,
      type: "fault",
      fault: "crash",
      node: "leader",
      resolved: "n1",
    } as unknown as TraceEvent;
    const lead = { t: 2_400, type: "leader-start", node: "n2", term: 2, token: 2 } as unknown as TraceEvent;
    expect(defaultDiagramWindow([crash], 10_000)).toEqual({ from: 1_700, to: 4_000, around: 2_000 });
    expect(defaultDiagramWindow([crash, lead], 2_500)).toEqual({ from: 2_100, to: 2_500, around: 2_400 });
    expect(defaultDiagramWindow([], 5_000)).toEqual({ from: 2_000, to: 5_000, around: null });
  });
});

describe("Extend", () => {
  it("a compact (lesson) sandbox whose run ended offers Extend, and extending lets it play on", async () => {
    const until = 4_000;
    const c = await withPreset("raft-basic", until, <Toolbar compact />);
    expect(c.store.getState().ended).toBe(true);
    // Never a dead end: Play again sits beside Extend, enabled.
    expect(screen.getByRole("button", { name: "Play again" }).hasAttribute("disabled")).toBe(false);
    fireEvent.click(screen.getByRole("button", { name: "Keep running for 30 s more" }));
    await act(() => settle(10));
    expect(c.store.getState().parsed?.until).toBe(until + 30_000);
    expect(c.store.getState().ended).toBe(false);
    expect(t(c)).toBe(until);
    expect(screen.queryByRole("button", { name: /extend it/ })).toBeNull();
    expect(screen.getByRole("button", { name: /^Play/ }).hasAttribute("disabled")).toBe(false);
  });
});

describe("Play again", () => {
  it("an ended lesson run plays again from the start", async () => {
    const c = await withPreset("raft-basic", 4_000, <Toolbar compact />);
    expect(c.store.getState().ended).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Play again" }));
    await act(() => settle(10));
    expect(c.store.getState().ended).toBe(false);
    expect(c.store.getState().playing).toBe(true);
    expect(t(c)).toBeLessThan(4_000);
    expect(screen.queryByRole("button", { name: "Play again" })).toBeNull();
  });
});

describe("the header", () => {
  it("follows the protocol of the run on screen after a new run from the settings", async () => {
    const c = await withPreset("billing-crash", 0, <RunTitle />);
    expect(screen.getByText(presets["billing-crash"].description)).toBeTruthy();
    await act(async () => {
      c.dispatch({
        type: "load",
        scenario: { protocol: "bully", nodes: 5, seed: 1, until: "5s" },
        source: { kind: "custom" },
        title: "Bully, 5 nodes",
        at: 0,
      });
      await settle(10);
    });
    expect(screen.getByText(specOf("bully").summary)).toBeTruthy();
    expect(screen.queryByText(presets["billing-crash"].description)).toBeNull();
  });
});

describe("narration of a split vote", () => {
  it("follows every later term, merged per moment, not only the first timeouts", async () => {
    const sim = presets["raft-split-vote"];
    const { trace } = (await import("../engine/index.ts")).runScenario(sim.scenario);
    const lines = narrateAll(
      trace.filter((e) => e.type !== "send" && e.type !== "deliver"),
      newNarrationContext("raft", "token"),
    ).map((l) => l.text);
    expect(lines).toContain("n1, n2, n3, n4 and n5 timed out and started elections for term 1");
    const again = lines.filter((l) => /timed out again, as nobody won term \d+/.test(l));
    expect(again.length).toBeGreaterThan(10);
    expect(again.at(-1)).toMatch(/term 19$/);
  });
});
