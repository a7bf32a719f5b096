// One action path (issue 38): a key, a button, a click in the picture and a tour step each
// become the same command through the action registry, and reach the worker as one message;
// a one-way re-cut is one round trip; the picture explains a cut from the engine's answer.
import { afterEach, describe, expect, it } from "vitest";
import { presets } from "../engine/index.ts";
import { SandboxController } from "./controller.ts";
import { InProcessWorker, settle } from "./testing.ts";
import { actionForFault, perform, runShortcut } from "./actions.ts";
import { clickLink, createClusterUi, isolateNode } from "./views/cluster-ui.ts";
import { clusterLinks } from "./views/cluster-links.ts";
import { networkLine } from "./views/network-line.ts";
import type { ToWorker } from "../worker/protocol.ts";
import type { Tour } from "./tours.ts";
import { FAULT_KINDS } from "../engine/core/scenario.ts";

const made: SandboxController[] = [];
afterEach(() => {
  for (const c of made.splice(0)) c.dispose();
});

async function setup() {
  const workers: InProcessWorker[] = [];
  const c = new SandboxController({
    // 60 s: an act in a run's last 5 s extends it first (run-room.ts), a load this path is not about.
    scenario: { ...structuredClone(presets["raft-basic"].scenario), faults: [], until: "60s" },
    source: { kind: "custom" },
    title: "t",
    at: 600,
    createWorker: () => {
      const w = new InProcessWorker();
      workers.push(w);
      return w;
    },
    afterPaint: (cb) => queueMicrotask(cb),
    pingEvery: 60_000,
  });
  made.push(c);
  c.start();
  await settle();
  const w = workers[0];
  /** the act messages the worker got since the last call */
  let seen = 0;
  const acts = (): Array<Extract<ToWorker, { type: "act" }>> => {
    const all = w.received.filter((m): m is Extract<ToWorker, { type: "act" }> => m.type === "act");
    const out = all.slice(seen);
    seen = all.length;
    return out;
  };
  return { c, w, acts };
}

const key = (k: string) =>
  ({
    key: k,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    target: null,
    preventDefault() {},
  }) as unknown as KeyboardEvent;

describe("one action path", () => {
  it("a key, a button, a click in the picture and a tour step send the same action to the worker", async () => {
    const { c, acts } = await setup();
    const isolateN2 = [{ do: "isolate", node: "n2" }];
    c.dispatch({ type: "select", node: "n2" });
    // The key I, with n2 selected.
    expect(runShortcut(c, key("i"))).toBe(true);
    expect(acts().map((m) => m.faults)).toEqual([isolateN2]);
    // The Isolate button (ActionButton performs its registered action).
    expect(perform(c, "isolate")).toEqual({ type: "act", faults: isolateN2 });
    expect(acts().map((m) => m.faults)).toEqual([isolateN2]);
    // The picture's Isolate n2, with nothing selected.
    c.dispatch({ type: "select", node: null });
    isolateNode(c, createClusterUi(), "n2");
    expect(acts().map((m) => m.faults)).toEqual([isolateN2]);
    // A tour step whose action isolates n2.
    const tour: Tour = {
      preset: "raft-basic",
      scenario: { preset: "raft-basic", withoutFaults: true },
      title: "t",
      summary: "s",
      steps: [
        {
          title: "a",
          narration: "a",
          action: { fault: { do: "isolate", node: "n2" }, by: "learner", label: "Isolate n2" },
          until: { type: "elapsed", for: "1s" },
        },
      ],
    };
    c.dispatch({ type: "tour-start", tour });
    await settle();
    expect(c.store.getState().tour?.phase).toBe("waiting-action");
    acts();
    c.dispatch({ type: "tour-do" });
    await settle();
    expect(acts().map((m) => m.faults)).toEqual([isolateN2]);
    expect(c.store.getState().tour?.phase).toBe("running");
  });

  it("every fault kind a tour or a challenge may give has its registered action", () => {
    for (const kind of FAULT_KINDS) expect(actionForFault({ do: kind })?.does, kind).toContain(kind);
  });

  it("a one-way re-cut (heal, then cut the other way) is one act and one answer", async () => {
    const { c, acts } = await setup();
    const ui = createClusterUi();
    const link = () => clusterLinks(c.store.getState().frame!).find((l) => l.key === "n1|n2")!;
    clickLink(c, ui, link(), { shift: true, from: "n2" });
    await settle();
    expect(link().state).toBe("b-a");
    acts();
    clickLink(c, ui, link(), { shift: true, from: "n1" });
    const sent = acts();
    expect(sent).toHaveLength(1);
    expect(sent[0].faults).toEqual([
      { do: "heal", groups: [["n1"], ["n2"]] },
      { do: "partition", groups: [["n1"], ["n2"]], oneWay: true },
    ]);
    await settle();
    expect(c.store.getState().pending).toBe(0);
    expect(link().state).toBe("a-b");
    const faults = c.store.getState().scenario.faults as Array<{ at: number }>;
    expect(faults.slice(-2).map((f) => f.at)).toEqual([faults.at(-1)!.at, faults.at(-1)!.at]);
  });

  it("the picture explains a cut once the engine has drawn it, never before", async () => {
    const { c } = await setup();
    const ui = createClusterUi();
    const link = clusterLinks(c.store.getState().frame!).find((l) => l.key === "n1|n2")!;
    clickLink(c, ui, link);
    // Sent, not answered: nothing is said yet, and the picture still shows the link open.
    expect(c.store.getState().pending).toBe(1);
    expect(ui.getState().explain).toBeNull();
    await settle();
    expect(c.store.getState().pending).toBe(0);
    expect(c.store.getState().frame!.cuts).toEqual(
      expect.arrayContaining([
        ["n1", "n2"],
        ["n2", "n1"],
      ]),
    );
    expect(line(c, ui)).toMatch(/^Cut n1 – n2: /);
  });

  // Review 15b #1: after "Heal network" (its key, not the picture's Heal all) the split's words
  // stayed beside the picture in the present tense. The line follows the frame on screen: gone
  // after any heal, back when the learner scrubs into the cut, and absent before it.
  it("the line on the network follows the moment on screen: a heal by key, a rewind, a seek", async () => {
    const { c } = await setup();
    const ui = createClusterUi();
    const link = clusterLinks(c.store.getState().frame!).find((l) => l.key === "n1|n2")!;
    clickLink(c, ui, link);
    await settle();
    const cutAt = c.store.getState().frame!.t;
    expect(line(c, ui)).toMatch(/^Cut n1 – n2: /);
    c.dispatch({ type: "seek", t: cutAt + 1000 });
    await settle();
    perform(c, "heal", {});
    await settle();
    expect(c.store.getState().frame!.cuts).toEqual([]);
    expect(line(c, ui)).not.toMatch(/Cut n1 – n2/);
    expect(line(c, ui)).toMatch(/whole now/);
    c.dispatch({ type: "seek", t: cutAt + 500 });
    await settle();
    expect(c.store.getState().frame!.cuts.length).toBeGreaterThan(0);
    expect(line(c, ui)).toMatch(/^Cut n1 – n2: /);
    c.dispatch({ type: "seek", t: cutAt - 300 });
    await settle();
    expect(c.store.getState().frame!.cuts).toEqual([]);
    expect(line(c, ui)).toBeNull();
  });
});

/** The line beside the network tools, as ClusterTools works it out from the frame on screen. */
function line(c: SandboxController, ui: ReturnType<typeof createClusterUi>): string | null {
  const s = c.store.getState();
  return networkLine(s.frame!, ui.getState().acts, { scenario: s.parsed });
}
