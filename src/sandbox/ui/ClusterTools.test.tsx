// @vitest-environment happy-dom
// The cluster picture's controls: each click becomes a fault in the scenario (so the run
// replays and shares), and the explanation is on screen as it lands.
import { afterEach, describe, expect, it } from "vitest";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { presets } from "../../engine/index.ts";
import { SandboxController } from "../controller.ts";
import { InProcessWorker, settle } from "../testing.ts";
import { SandboxContext } from "./context.ts";
import { ClusterTools } from "./ClusterTools.tsx";
import { clickLink, createClusterUi, sideBOf, toggleSide, type ClusterUi } from "../views/cluster-ui.ts";
import type { Link } from "../views/cluster-links.ts";
import { clusterLinks } from "../views/cluster-links.ts";

const made: SandboxController[] = [];
afterEach(() => {
  cleanup();
  for (const c of made.splice(0)) c.dispose();
});

async function setup(at = 600, network = true) {
  const c = new SandboxController({
    scenario: { ...structuredClone(presets["raft-basic"].scenario), faults: [] },
    source: { kind: "custom" },
    title: "t",
    at,
    createWorker: () => new InProcessWorker(),
    afterPaint: (cb) => queueMicrotask(cb),
    pingEvery: 60_000,
  });
  made.push(c);
  c.start();
  const ui = createClusterUi();
  render(
    <SandboxContext.Provider value={c}>
      <ClusterTools ui={ui} network={network} />
    </SandboxContext.Provider>,
  );
  await act(() => settle());
  // What the picture does with a click on a link (ClusterView calls the same function).
  const acts = {
    ui,
    link: (l: Link, o?: { from?: string }) => clickLink(c, ui, l, o),
    toggleSide: (p: string) => toggleSide(c, p),
  };
  return { c, acts, ui: ui as ClusterUi };
}
const openTools = () => fireEvent.click(screen.getByRole("button", { name: "Network tools" }));
const faults = (c: SandboxController) =>
  (c.store.getState().scenario.faults ?? []) as Array<Record<string, unknown>>;

describe("cluster tools", () => {
  it("a link click cuts it and says what it means; a second click heals it", async () => {
    const { c, acts } = await setup();
    const l = () => clusterLinks(c.store.getState().frame!).find((x) => x.key === "n1|n2")!;
    await act(async () => acts.link(l()));
    await act(() => settle());
    expect(faults(c).at(-1)).toMatchObject({ do: "partition", groups: [["n1"], ["n2"]] });
    expect(screen.getByRole("status").textContent).toMatch(/^Cut n1 – n2: /);
    expect(l().state).toBe("cut");
    await act(async () => acts.link(l()));
    await act(() => settle());
    expect(faults(c).at(-1)).toMatchObject({ do: "heal", groups: [["n1"], ["n2"]] });
    expect(l().state).toBe("open");
  });

  it("the link tools wait behind Network tools until opened, or until a link in the picture is clicked", async () => {
    const { c, acts } = await setup();
    expect(screen.queryByRole("button", { name: "Cut one way" })).toBeNull();
    openTools();
    expect(screen.getByRole("button", { name: "Hide network tools" }).getAttribute("aria-expanded")).toBe(
      "true",
    );
    expect(screen.getByRole("button", { name: "Cut one way" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Hide network tools" }));
    expect(screen.queryByRole("button", { name: "Cut one way" })).toBeNull();
    // A click on a link in the picture opens them, with what the cut means.
    await act(async () => acts.link(clusterLinks(c.store.getState().frame!).find((x) => x.key === "n1|n2")!));
    await act(() => settle());
    expect(screen.getByRole("button", { name: "Cut one way" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Heal all" })).toBeTruthy();
  });

  it("a page that leaves the network alone offers no link tools at all", async () => {
    await setup(600, false);
    expect(screen.queryByRole("button", { name: /Network tools|Cut both ways|Heal all/ })).toBeNull();
  });

  it("the one-way mode cuts from the chosen end only", async () => {
    const { c, acts } = await setup();
    openTools();
    fireEvent.click(screen.getByRole("button", { name: "Cut one way" }));
    expect(screen.getByRole("button", { name: "Cut one way" }).getAttribute("aria-pressed")).toBe("true");
    const l = clusterLinks(c.store.getState().frame!).find((x) => x.key === "n1|resource")!;
    await act(async () => acts.link(l, { from: "resource" }));
    await act(() => settle());
    expect(faults(c).at(-1)).toMatchObject({ do: "partition", groups: [["resource"], ["n1"]], oneWay: true });
    expect(c.store.getState().frame!.cuts).toEqual([["resource", "n1"]]);
  });

  it("isolate the selected node, by its named button", async () => {
    const { c } = await setup();
    openTools();
    expect((screen.getByRole("button", { name: "Isolate a node" }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => c.dispatch({ type: "select", node: "n3" }));
    fireEvent.click(screen.getByRole("button", { name: "Isolate n3" }));
    await act(() => settle());
    expect(faults(c).at(-1)).toMatchObject({ do: "isolate", node: "n3" });
    expect(screen.getByRole("status").textContent).toMatch(/^Isolated n3: /);
  });

  it("split mode: sides picked, then one partition of every process", async () => {
    const { c, acts } = await setup();
    openTools();
    fireEvent.click(screen.getByRole("button", { name: "Split in two" }));
    const split = screen.getByRole("button", { name: "Split A | B" }) as HTMLButtonElement;
    expect(split.disabled).toBe(true);
    await act(async () => {
      acts.toggleSide("n4");
      acts.toggleSide("n5");
      acts.toggleSide("resource");
    });
    fireEvent.click(split);
    await act(() => settle());
    expect(faults(c).at(-1)).toMatchObject({
      do: "partition",
      groups: [
        ["n1", "n2", "n3"],
        ["n4", "n5", "resource"],
      ],
    });
    expect(acts.ui.getState()).toMatchObject({ mode: "cut" });
    expect(sideBOf(c.store.getState())).toEqual([]);
  });

  it("a message in flight: its fields, and Drop appends a drop of that message", async () => {
    const { c, acts } = await setup();
    for (let i = 0; i < 40 && !c.store.getState().frame!.messages.length; i++) {
      await act(async () => c.dispatch({ type: "step" }));
      await act(() => settle());
    }
    const m = c.store.getState().frame!.messages[0];
    await act(async () => acts.ui.setState({ message: m.id }));
    expect(screen.getByText("term")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Drop this message" }));
    await act(() => settle());
    expect(faults(c).at(-1)).toMatchObject({ do: "drop", message: m.id });
    expect(c.store.getState().frame!.messages.map((x) => x.id)).not.toContain(m.id);
  });
});
