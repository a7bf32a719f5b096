// @vitest-environment happy-dom
// The column beside the picture at three columns shows the node's actions or the network tools,
// one at a time (NodeColumn). Selecting a node brings its actions forward, except while the
// tools are in front and picking: a node's click in cut mode is the tool's first or second node,
// and its hint ("Picked n1: click another node…") must stay in view (merge of wt19-deskcol: the
// click switched the column to the node's actions and hid the hint).
import { afterEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { presets } from "../../engine/index.ts";
import { SandboxController } from "../controller.ts";
import { InProcessWorker, settle } from "../testing.ts";
import { SandboxContext } from "./context.ts";
import { NodeColumn } from "./NodeColumn.tsx";
import { createClusterUi, pickInCutMode } from "../views/cluster-ui.ts";
import { clusterLinks } from "../views/cluster-links.ts";

const made: SandboxController[] = [];
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  for (const c of made.splice(0)) c.dispose();
});

async function setup(preset = "raft-basic") {
  // A wide screen: three columns, where the switch shows.
  vi.stubGlobal("matchMedia", (q: string) => ({
    matches: q === "(min-width: 1181px)",
    media: q,
    addEventListener() {},
    removeEventListener() {},
  }));
  const c = new SandboxController({
    scenario: { ...structuredClone(presets[preset].scenario), faults: [] },
    source: { kind: "custom" },
    title: "t",
    at: 600,
    createWorker: () => new InProcessWorker(),
    afterPaint: (cb) => queueMicrotask(cb),
    pingEvery: 60_000,
  });
  made.push(c);
  c.start();
  const ui = createClusterUi();
  const { container } = render(
    <SandboxContext.Provider value={c}>
      <NodeColumn ui={ui} setToolsSide={() => {}} />
    </SandboxContext.Provider>,
  );
  await act(() => settle());
  const front = () => container.querySelector(".sb-area-node")?.getAttribute("data-front");
  /** A node's click in the picture, as cluster-input.ts's actOnNode does it in cut mode. */
  const clickNode = async (id: string) => {
    await act(async () => {
      c.dispatch({ type: "select", node: id });
      pickInCutMode(c, ui, id, clusterLinks(c.store.getState().frame!));
    });
    await act(() => settle());
  };
  return { c, ui, front, clickNode };
}

describe("the column beside the picture", () => {
  it("keeps the network tools in front while a node's click picks for them", async () => {
    const { ui, front, clickNode } = await setup();
    await act(async () => ui.setState({ toolsOpen: true }));
    await clickNode("n1");
    expect(ui.getState().explain).toMatch(/^Picked n1: click another node/);
    expect(front(), "the tools' hint stays in view").toBe("tools");
    await clickNode("n2");
    expect(front(), "the cut made, the tools still in front").toBe("tools");
    // After an act with the tools, a node's click is for the node (pause the leader next).
    await clickNode("n4");
    expect(front(), "after a cut, a node's click shows its actions").toBe("node");
  });

  it("brings a node's actions forward when they were chosen, and on a selection with the tools shut", async () => {
    const { c, ui, front, clickNode } = await setup();
    await act(async () => c.dispatch({ type: "select", node: "n1" }));
    await act(async () => ui.setState({ toolsOpen: true }));
    expect(front()).toBe("tools");
    fireEvent.click(screen.getByRole("button", { name: "Actions for n1" }));
    expect(front()).toBe("node");
    await clickNode("n3");
    expect(front(), "the learner chose the node's actions: another node's shows").toBe("node");
    expect(screen.getByRole("button", { name: "Actions for n3" })).toBeTruthy();
  });

  it("brings a node's actions forward where a node's click can pick nothing (etcd: nodes talk only to the store)", async () => {
    const { c, ui, front, clickNode } = await setup("billing-crash");
    await act(async () => c.dispatch({ type: "select", node: "n1" }));
    await act(async () => ui.setState({ toolsOpen: true }));
    expect(front()).toBe("tools");
    await clickNode("n2");
    expect(ui.getState().explain).toMatch(/^In cut mode, click a link line/);
    expect(front(), "the click was for the node").toBe("node");
  });
});
