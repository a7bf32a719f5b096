// @vitest-environment happy-dom
// A node clicked with the network tools open (review 6b #13): two nodes that talk to each other
// cut the link between them; where nodes talk only through the store and the resource, the
// click says so, in the tools' live line, instead of only selecting the node.
import { afterEach, describe, expect, it } from "vitest";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { presets } from "../../engine/index.ts";
import { SandboxController } from "../controller.ts";
import { InProcessWorker, settle } from "../testing.ts";
import { SandboxContext } from "./context.ts";
import { ClusterTools } from "./ClusterTools.tsx";
import { createClusterUi, pickInCutMode } from "../views/cluster-ui.ts";
import { clusterLinks } from "../views/cluster-links.ts";

const made: SandboxController[] = [];
afterEach(() => {
  cleanup();
  for (const c of made.splice(0)) c.dispose();
});

async function setup(preset: string) {
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
  render(
    <SandboxContext.Provider value={c}>
      <ClusterTools ui={ui} />
    </SandboxContext.Provider>,
  );
  await act(() => settle());
  fireEvent.click(screen.getByRole("button", { name: "Network tools" }));
  const pick = async (id: string) => {
    await act(async () => pickInCutMode(c, ui, id, clusterLinks(c.store.getState().frame!)));
    await act(() => settle());
  };
  return { c, ui, pick };
}

describe("a node clicked in cut mode", () => {
  it("Raft: n1 then n2 cuts the link between them, and each click says what it did", async () => {
    const { c, ui, pick } = await setup("raft-basic");
    expect(ui.getState().toolsOpen).toBe(true);
    await pick("n1");
    expect(screen.getByRole("status").textContent).toBe(
      "Picked n1: click another node to cut the link between them, or click a link line.",
    );
    await pick("n2");
    const faults = (c.store.getState().scenario.faults ?? []) as Array<Record<string, unknown>>;
    expect(faults.at(-1)).toMatchObject({ do: "partition", groups: [["n1"], ["n2"]] });
    expect(screen.getByRole("status").textContent).toMatch(/^Cut n1 – n2: /);
    expect(ui.getState().picked).toBeNull();
  });

  it("etcd: nodes do not talk to each other, and the click says to pick a link line", async () => {
    const { c, ui, pick } = await setup("billing-crash");
    await pick("n1");
    await pick("n2");
    expect(screen.getByRole("status").textContent).toBe(
      "In cut mode, click a link line: nodes talk through etcd and the resource here, not to each other.",
    );
    expect(c.store.getState().scenario.faults ?? []).toEqual([]);
    expect(ui.getState().picked).toBeNull();
  });
});
