// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { SandboxController } from "./controller.ts";
import { DEFAULT_SCENARIO } from "./scenarios.ts";
import { InProcessWorker, settle } from "./testing.ts";
import { SandboxContext } from "./ui/context.ts";
import { NodePanel } from "./ui/NodePanel.tsx";
import { RunSettings } from "./ui/RunSettings.tsx";
import { SharePanel } from "./ui/SharePanel.tsx";
import { Toolbar } from "./ui/Toolbar.tsx";
import { WriteLog, NarrationLog } from "./ui/Logs.tsx";
import { HelpDialog } from "./ui/HelpDialog.tsx";

const made: SandboxController[] = [];
afterEach(() => {
  cleanup();
  for (const c of made.splice(0)) c.dispose();
});

async function withController(children: ReactNode, at = 0) {
  const c = new SandboxController({
    scenario: structuredClone(DEFAULT_SCENARIO),
    source: { kind: "default" },
    title: "t",
    at,
    createWorker: () => new InProcessWorker(),
    afterPaint: (cb) => queueMicrotask(cb),
    pingEvery: 60_000,
  });
  made.push(c);
  c.start();
  render(<SandboxContext.Provider value={c}>{children}</SandboxContext.Provider>);
  await act(() => settle());
  return c;
}

describe("sandbox components", () => {
  it("node actions appear for the selected node and append a fault at the current moment", async () => {
    const c = await withController(<NodePanel />, 5_000);
    expect(screen.getByText(/actions \(pause, crash, cut off\) show here once you pick it/)).toBeTruthy();
    await act(async () => c.dispatch({ type: "select", node: "n2" }));
    expect(screen.getByRole("heading", { name: "Actions for n2" })).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Pause length (s)"), { target: { value: "15" } });
    fireEvent.click(screen.getByRole("button", { name: /Pause mid-write 15 s/ }));
    await act(() => settle());
    expect(c.store.getState().scenario.faults).toEqual([
      { do: "pause", node: "n2", for: 15_000, during: "write", at: 5_000 },
    ]);
    expect(screen.getByRole("button", { name: /^Restart/ }).hasAttribute("disabled")).toBe(true);
  });

  it("the toolbar's play button is a registered action with its shortcut", async () => {
    await withController(<Toolbar />);
    const play = screen.getByRole("button", { name: /Play/ });
    expect(play.getAttribute("aria-keyshortcuts")).toBe("K");
    expect(screen.getByLabelText("Speed")).toBeTruthy();
    expect(screen.getByRole("slider", { name: "Time" })).toBeTruthy();
  });

  it("run settings refuse what the engine refuses, naming the field", async () => {
    await withController(<RunSettings />);
    fireEvent.change(screen.getByLabelText("Nodes (2 to 25)"), { target: { value: "30" } });
    fireEvent.click(screen.getByRole("button", { name: "Start new run" }));
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toBe(
      "nodes: at most 25 nodes in the sandbox: beyond that the nodes and their labels no longer fit legibly on screen",
    );
    expect(screen.getByLabelText("Nodes (2 to 25)").getAttribute("aria-invalid")).toBe("true");
    fireEvent.change(screen.getByLabelText("Nodes (2 to 25)"), { target: { value: "3" } });
    fireEvent.change(screen.getByLabelText("Keepalive due after (s)"), { target: { value: "12" } });
    fireEvent.click(screen.getByRole("button", { name: "Start new run" }));
    expect(screen.getByRole("alert").textContent).toMatch(/^timing\.renew: must be less than timing\.ttl/);
  });

  it("run settings fix the heartbeat pair at two nodes and say why, then run it", async () => {
    const c = await withController(<RunSettings />);
    fireEvent.change(screen.getByLabelText("Protocol"), { target: { value: "heartbeat" } });
    const nodes = screen.getByLabelText("Nodes (fixed)") as HTMLInputElement;
    expect(nodes.value).toBe("2");
    expect(nodes.readOnly).toBe(true);
    expect(document.getElementById(nodes.getAttribute("aria-describedby")!)?.textContent).toMatch(
      /exactly two nodes/,
    );
    expect(screen.getByLabelText("Deadtime (s)")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Start new run" }));
    expect(screen.queryByRole("alert")).toBeNull();
    await act(() => settle(10));
    expect(c.store.getState().scenario).toMatchObject({ protocol: "heartbeat", nodes: 2 });
    expect(c.store.getState().frame?.nodes).toHaveLength(2);
    // Back to a protocol with a free count: the field is editable again, with its own default.
    fireEvent.change(screen.getByLabelText("Protocol"), { target: { value: "raft" } });
    expect((screen.getByLabelText("Nodes (2 to 25)") as HTMLInputElement).value).toBe("5");
  });

  it("run settings show the ZooKeeper session timeout the server will negotiate", async () => {
    await withController(<RunSettings />);
    fireEvent.change(screen.getByLabelText("Protocol"), { target: { value: "zookeeper" } });
    const asked = screen.getByLabelText("Session timeout asked for (s)");
    fireEvent.change(asked, { target: { value: "1" } });
    const described = asked
      .getAttribute("aria-describedby")!
      .split(" ")
      .map((x) => document.getElementById(x)?.textContent);
    expect(described).toContain(
      "The server negotiates it into 2 to 20 ticks (4 to 40 s): this run gets 4 s.",
    );
    // Each field carries its one-line help from the protocol's spec.
    expect(described[0]).toMatch(/^What the client asks for/);
  });

  it("importing an invalid scenario shows the ScenarioError naming the field", async () => {
    await withController(<SharePanel />);
    const file = new File(
      [JSON.stringify({ protocol: "raft", nodes: 3, faults: [{ at: "1s", do: "crash", node: "n7" }] })],
      "bad.json",
      { type: "application/json" },
    );
    fireEvent.change(screen.getByLabelText("Scenario file to import"), { target: { files: [file] } });
    // checked off the page (the check job, loaded on demand here where there are no workers)
    expect((await screen.findByRole("alert", {}, { timeout: 20_000 })).textContent).toMatch(
      /^Could not import bad\.json: faults\[0\]\.node: node "n7" does not exist/,
    );
  });

  it("the logs show narration and the writes, refused ones kept apart", async () => {
    const c = await withController(
      <>
        <NarrationLog />
        <WriteLog />
      </>,
      0,
    );
    await act(async () => {
      c.dispatch({
        type: "load",
        scenario: {
          ...(structuredClone(DEFAULT_SCENARIO) as object),
          faults: [{ at: "5s", do: "pause", node: "leader", for: "15s", during: "write" }],
        },
        source: { kind: "custom" },
        title: "x",
        at: 30_000,
      });
      await settle(10);
    });
    expect(screen.getByRole("region", { name: "What happened" }).textContent).toMatch(
      /refused n\d's write: token \d+ is older than \d+/,
    );
    const refused = screen.getByRole("table", { name: "Refused or stale writes" });
    expect(refused.textContent).toMatch(/refused: \d+ < \d+/);
  });

  it("the help dialog lists every shortcut", () => {
    render(<HelpDialog />);
    const dialog = document.querySelector("dialog") as HTMLDialogElement;
    expect(dialog.textContent).toContain("Crash the selected node");
    expect(dialog.textContent).toContain("K or Space");
  });
});
