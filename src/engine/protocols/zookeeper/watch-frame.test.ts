// The frame's watch table (StoreFrame.watches), which the cluster view draws as arrows: it is the
// ensemble's own list of exists() watches, so a watch leaves when it fires and when its session
// ends, and comes back when the client sets it again.
import { describe, expect, it } from "vitest";
import { createSimulation, presets, type Frame } from "../../index.ts";
import type { TraceEvent } from "../../core/trace.ts";

const scenario = presets["zk-recipe"].scenario;
const at = (t: number): Frame => createSimulation(scenario).runUntil(t).frame();
const pairs = (f: Frame) => (f.store?.watches ?? []).map((w) => `${w.node}→${w.owner}`).sort();
const expiries = (() => {
  const { trace } = createSimulation(scenario, { trace: "full" }).run();
  return trace.filter(
    (e): e is Extract<TraceEvent, { type: "lease" }> => e.type === "lease" && e.action === "expire",
  );
})();

describe("the frame's ZooKeeper watches", () => {
  it("lists each watch with its path, the watched znode's owner and sequence, and the watcher's session", () => {
    const f = at(15_000);
    // n2 holds sequence 0; each of the others watches the znode just below its own.
    expect(pairs(f)).toEqual(["n1→n2", "n3→n1", "n4→n3", "n5→n4"]);
    const n4 = f.store!.watches!.find((w) => w.node === "n4")!;
    expect(n4.path).toMatch(/^\/election\/n3-n_0000000002$/);
    expect(n4.seq).toBe(2);
    // The client's own view names the same znode, and the watch is on its live session.
    const node = f.nodes.find((n) => n.id === "n4")!;
    expect(node.view.watching).toBe(n4.path);
    expect(n4.session).toBe(node.view.session);
  });

  it("fires (the watch leaves as NodeDeleted is sent), re-registers on the next znode down, and clears with the watcher's session", () => {
    // n3 crashed at 10 s; its session expires on a tick at 20 s.
    const gone = expiries.find((e) => e.node === "n3")!;
    expect(pairs(at(gone.t))).toEqual(["n1→n2", "n3→n1", "n4→n3", "n5→n4"]);
    const after = at(gone.t + 0.001);
    // n3's own watch went with its session; n4's fired, and the NodeDeleted is on its way.
    expect(pairs(after)).toEqual(["n1→n2", "n5→n4"]);
    expect(after.messages.filter((m) => m.kind === "WatchEvent").map((m) => m.to)).toEqual(["n4"]);
    // n4 lists the children and watches n1's znode, the next one below its own.
    let t = gone.t;
    let f = after;
    while (!pairs(f).includes("n4→n1") && t < gone.t + 1_000) f = at((t += 1));
    expect(pairs(f)).toEqual(["n1→n2", "n4→n1", "n5→n4"]);
    expect(t - gone.t).toBeLessThan(50);
  });

  it("when the leader's session expires, the one watch on it fires and no watch points at a deleted znode", () => {
    const gone = expiries.find((e) => e.node === "n2")!;
    expect(pairs(at(gone.t))).toContain("n1→n2");
    const f = at(gone.t + 100);
    expect(pairs(f)).toEqual(["n4→n1", "n5→n4"]);
    expect(f.store!.watches!.every((w) => w.owner !== null && w.seq !== null)).toBe(true);
    expect(f.nodes.find((n) => n.id === "n1")!.role).toBe("leader");
  });

  it("is absent for stores that are not ZooKeeper", () => {
    const f = createSimulation(presets["fencing-diagram"].scenario).runUntil(5_000).frame();
    expect(f.store?.watches).toBeUndefined();
  });
});
