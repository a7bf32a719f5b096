// @vitest-environment happy-dom
// Where the picture's tools speak and open (issue 33, walk 2 item 13 and walk 1's "below 761 px
// the network tools push the picture down"): "Tap a node" only on a touch screen, "Click a node"
// with a mouse; on a narrow screen the open tools go under the picture, never above it.
import { afterEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { presets } from "../../engine/index.ts";
import { SandboxController } from "../controller.ts";
import { InProcessWorker, settle } from "../testing.ts";
import { SandboxContext } from "./context.ts";
import { ClusterTools, cutTip } from "./ClusterTools.tsx";
import { createClusterUi } from "../views/cluster-ui.ts";
import { registerStage } from "./reveal.ts";

const made: SandboxController[] = [];
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  for (const c of made.splice(0)) c.dispose();
});

/** A screen matching the given media queries (by their exact text), and no other. */
function screenWith(matching: string[]) {
  vi.stubGlobal("matchMedia", (q: string) => ({
    matches: matching.includes(q),
    media: q,
    addEventListener() {},
    removeEventListener() {},
  }));
}

async function setup(withBelow = false) {
  const c = new SandboxController({
    scenario: { ...structuredClone(presets["raft-basic"].scenario), faults: [] },
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
  const below = document.createElement("div");
  below.className = "below";
  document.body.append(below);
  const view = render(
    <SandboxContext.Provider value={c}>
      <ClusterTools ui={ui} below={withBelow ? below : null} />
    </SandboxContext.Provider>,
  );
  await act(() => settle());
  return { below, view };
}

describe("the picture's hint and tools", () => {
  it("says the run is loading until its first frame, in the hint's place (review 18a #4)", async () => {
    screenWith([]);
    const c = new SandboxController({
      scenario: { ...structuredClone(presets["raft-basic"].scenario), faults: [] },
      source: { kind: "custom" },
      title: "t",
      createWorker: () => new InProcessWorker(),
      afterPaint: (cb) => queueMicrotask(cb),
      pingEvery: 60_000,
    });
    made.push(c);
    render(
      <SandboxContext.Provider value={c}>
        <ClusterTools ui={createClusterUi()} />
      </SandboxContext.Provider>,
    );
    // Not started: no frame yet, so Play and Next event are greyed, and the row says why.
    expect(screen.getByRole("status").textContent).toBe("Loading the live example…");
    expect(screen.getByText("Click a node to act on it.").hidden).toBe(true);
    c.start();
    await act(() => settle());
    expect(screen.queryByText("Loading the live example…")).toBeNull();
    expect(screen.getByText("Click a node to act on it.").hidden).toBe(false);
  });

  it("says Click with a mouse and Tap on a touch screen", async () => {
    screenWith([]);
    await setup();
    expect(screen.getByText(/a node to act on it\.$/).textContent).toBe("Click a node to act on it.");
    cleanup();
    screenWith(["(pointer: coarse)", "(max-width: 760px)", "(max-width: 1180px)"]);
    await setup();
    expect(screen.getByText(/a node to act on it\.$/).textContent).toBe("Tap a node to act on it.");
  });

  it("with the tools open, says what a click on a link does and where the links run", async () => {
    // review 6b #13: with a store there is no link between two nodes; a learner tried to cut one.
    expect(cutTip("Click", false, "etcd")).toBe(
      "Click a link line to cut it; links run from each node to etcd and to the resource. Click it again to heal it.",
    );
    expect(cutTip("Tap", true, null)).toBe(
      "Tap a link line to cut it one way (what leaves the end nearer your click is lost). Tap it again to heal it.",
    );
    screenWith([]);
    await setup();
    fireEvent.click(screen.getByRole("button", { name: "Network tools" }));
    // Raft's nodes talk to each other: no store to name.
    expect(screen.getByText(/a link line to cut it/).textContent).toBe(cutTip("Click", false, null));
  });

  it("on a narrow screen opens the network tools under the picture, not above it", async () => {
    screenWith(["(max-width: 760px)", "(max-width: 1180px)", "(max-width: 640px)"]);
    const { below, view } = await setup(true);
    fireEvent.click(screen.getByRole("button", { name: "Network tools" }));
    const modes = screen.getByRole("button", { name: "Cut one way" });
    expect(below.contains(modes)).toBe(true);
    expect(view.container.contains(modes)).toBe(false);
    below.remove();
  });

  it("between 761 and 1180 px they open in place, above the picture, as before", async () => {
    screenWith(["(max-width: 1180px)"]);
    const { below, view } = await setup(true);
    fireEvent.click(screen.getByRole("button", { name: "Network tools" }));
    const modes = screen.getByRole("button", { name: "Cut one way" });
    expect(view.container.contains(modes)).toBe(true);
    expect(below.childElementCount).toBe(0);
    below.remove();
  });

  it("on a wide /sandbox page they open under their toggle, not in the column of the node's actions", async () => {
    screenWith([]);
    const { view } = await setup();
    // The page's stage with the left column's old slot for the tools in it.
    const stage = document.createElement("div");
    const slot = document.createElement("div");
    slot.className = "sb-tools-slot";
    stage.append(slot);
    document.body.append(stage);
    registerStage(made[0], stage);
    fireEvent.click(screen.getByRole("button", { name: "Network tools" }));
    const modes = screen.getByRole("button", { name: "Cut one way" });
    expect(view.container.contains(modes)).toBe(true);
    expect(slot.childElementCount).toBe(0);
    stage.remove();
  });

  it("says in words, tied to the button, why Isolate is off", async () => {
    screenWith([]);
    const { view } = await setup();
    fireEvent.click(screen.getByRole("button", { name: "Network tools" }));
    const isolate = screen.getByRole("button", { name: "Isolate a node" }) as HTMLButtonElement;
    expect(isolate.disabled).toBe(true);
    const why = document.getElementById(isolate.getAttribute("aria-describedby") ?? "");
    expect(why?.textContent).toBe("Select a node first: click it in the picture.");
    expect(view.container.contains(why)).toBe(true);
    await act(async () => made[0].dispatch({ type: "select", node: "n2" }));
    const on = screen.getByRole("button", { name: "Isolate n2" }) as HTMLButtonElement;
    expect(on.disabled).toBe(false);
    expect(on.hasAttribute("aria-describedby")).toBe(false);
  });
});
