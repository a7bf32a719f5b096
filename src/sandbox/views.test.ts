import { describe, expect, it } from "vitest";
import { buildTimeline } from "./timeline-model.ts";
import { layoutCluster } from "./views/layout.ts";
import { diagramLegend, sequenceDiagram } from "./mermaid.ts";
import { ACTIONS, actionByName, actionForKey } from "./actions.ts";
import { initialState } from "./store.ts";
import { createSimulation } from "../engine/index.ts";
import { DEFAULT_SCENARIO } from "./scenarios.ts";
import type { LaneEvent } from "../worker/protocol.ts";
import type { TraceEvent } from "../engine/index.ts";

describe("timeline model", () => {
  const lane = (
    t: number,
    i: number,
    role: string,
    term: number,
    token: number | null = null,
  ): LaneEvent => ({ t, i, role, term, token });

  it("builds role rows, leader bands, split brain and leaderless stretches", () => {
    const lanes = [
      lane(0, 0, "follower", 0),
      lane(0, 1, "follower", 0),
      lane(400, 0, "leader", 2, 2),
      lane(10_000, 0, "paused", 2, 2),
      lane(19_000, 1, "leader", 3, 3),
      lane(25_000, 0, "candidate", 0, null),
    ];
    const m = buildTimeline(
      2,
      lanes,
      [
        {
          t: 10_000,
          type: "fault",
          fault: "pause",
          node: "leader",
          resolved: "n1",
          detail: "",
        } as TraceEvent,
      ],
      30_000,
    );
    expect(m.rows[0].map((s) => s.role)).toEqual(["follower", "leader", "paused", "candidate"]);
    expect(m.rows[0].at(-1)).toMatchObject({ from: 25_000, to: 30_000 });
    expect(m.bands).toEqual([
      { node: 0, from: 400, to: 25_000, token: 2, term: 2 },
      { node: 1, from: 19_000, to: 30_000, token: 3, term: 3 },
    ]);
    expect(m.overlap).toEqual([{ from: 19_000, to: 25_000, count: 2 }]);
    expect(m.leaderless).toEqual([{ from: 0, to: 400, count: 0 }]);
    expect(m.faults).toEqual([{ t: 10_000, label: "pause", node: "n1" }]);
  });
});

describe("cluster layout", () => {
  it("keeps every node and its labels inside the drawing, for 2 to 25 nodes, wide and narrow", () => {
    for (const w of [343, 760]) {
      for (let n = 2; n <= 25; n++) {
        const h = 480;
        const L = layoutCluster(n, w, h, true);
        for (const p of L.nodes) {
          expect(p.x - L.nodeRadius).toBeGreaterThanOrEqual(0);
          expect(p.x + L.nodeRadius).toBeLessThanOrEqual(w);
          expect(p.y - L.nodeRadius - 12).toBeGreaterThanOrEqual(0);
          expect(p.y + L.nodeRadius + 12).toBeLessThanOrEqual(h);
        }
        // No two nodes overlap.
        for (let i = 0; i < n; i++)
          for (let j = i + 1; j < n; j++) {
            expect(Math.hypot(L.nodes[i].x - L.nodes[j].x, L.nodes[i].y - L.nodes[j].y)).toBeGreaterThan(
              2 * L.nodeRadius,
            );
          }
      }
    }
  });
});

describe("Mermaid sequence diagram", () => {
  it("draws sends as arrows, lost ones crossed, and the moments that matter as notes", () => {
    const events = [
      { t: 10, type: "send", id: 1, from: "n1", to: "store", kind: "LeaseKeepAlive", arriveAt: 12 },
      { t: 11, type: "send", id: 2, from: "n2", to: "store", kind: "LeaseKeepAlive", arriveAt: -1 },
      { t: 11, type: "drop", id: 2, from: "n2", to: "store", kind: "LeaseKeepAlive", reason: "partition" },
      { t: 20, type: "leader-start", node: "n3", token: 3, term: 3 },
      { t: 30, type: "write", node: "n2", token: 2, result: "rejected", maxSeen: 3, sentAt: 0 },
      {
        t: 31,
        type: "note",
        node: "n2",
        text: "x; #injected",
        note: { kind: "check-quorum", heard: 1, of: 3 },
      },
      { t: 40, type: "note", node: "n1", text: "words nobody reads", note: { kind: "resumed", queued: 2 } },
    ] as TraceEvent[];
    const text = sequenceDiagram(events, { from: 0, to: 100, protocol: "etcd" });
    expect(text.split("\n")).toEqual([
      "sequenceDiagram",
      "  participant n1",
      "  participant n2",
      "  participant n3",
      "  participant store",
      "  participant resource",
      "  n1->>store: keep-alive",
      "  n2-xstore: keep-alive (lost)",
      "  Note over n3: 0.02 s leader, token 3",
      "  Note over resource: 0.03 s refused n2 token 2 (newest token seen 3)",
      "  Note over n1: 0.04 s wakes from pause",
      // n3 has a note and no arrow: its lane says why it is quiet.
      "  Note over n3: n3: no messages here",
    ]);
  });

  it("labels every etcd arrow in plain words, names the store as the picture does, and puts the API names in the legend", () => {
    const kinds = [
      "LeaseGrant",
      "LeaseGrantResp",
      "LeaseKeepAlive",
      "LeaseKeepAliveResp",
      "LeaseRevoke",
      "LeaseRevokeResp",
      "Campaign",
      "CampaignResp",
      "GetPredecessor",
      "GetPredecessorResp",
      "Watch",
      "WatchResp",
      "WatchEvent",
      "Resign",
      "Write",
    ];
    const events = kinds.map((kind, i) => ({
      t: 20_400 + i,
      type: "send",
      id: i,
      from: /Resp$|Event$/.test(kind) ? "store" : "n2",
      to: /Resp$|Event$/.test(kind) ? "n2" : "store",
      kind,
      arriveAt: 20_500,
    }));
    events.push(
      { t: 20_401, type: "note", node: "n2", note: { kind: "resumed", queued: 1 } } as never,
      { t: 20_412, type: "leader-end", node: "n2" } as never,
      { t: 20_500, type: "fault", fault: "crash", node: "n1" } as never,
    );
    const text = sequenceDiagram(events as TraceEvent[], {
      from: 0,
      to: 30_000,
      protocol: "etcd",
      storeName: "etcd",
    });
    // No raw API name (two capitalised words run together) is left on an arrow.
    for (const line of text.split("\n").filter((l) => l.includes("->>")))
      expect(line.split(": ")[1]).not.toMatch(/[A-Z][a-z]+[A-Z]|^(Campaign|Watch|Resign|Write)$/);
    expect(text).toContain("n2->>store: keep-alive");
    expect(text).toContain("store->>n2: keep-alive reply");
    expect(text).toContain("n2->>store: which key is ahead?");
    expect(text).toContain("store->>n2: watch fired");
    expect(text).toContain("participant store as etcd");
    // Notes 11 ms apart read different times.
    expect(text).toContain("Note over n2: 20.401 s wakes from pause");
    expect(text).toContain("Note over n2: 20.412 s stops leading");
    // ...and a whole tenth reads as everywhere else on the page: "10.5 s", not "10.500 s".
    expect(text).toContain("Note over n1: 20.5 s fault crash n1");
    expect(text).not.toMatch(/\d\.\d*0 s/);
    const legend = diagramLegend(events as TraceEvent[], { from: 0, to: 30_000 });
    expect(legend).toContainEqual({ label: "keep-alive", api: "LeaseKeepAlive" });
    expect(legend).toContainEqual({ label: "which key is ahead?", api: "GetPredecessor" });
    expect(legend.map((r) => r.api)).toHaveLength(new Set(kinds).size);
  });
});

describe("actions", () => {
  it("have unique names and shortcut keys", () => {
    expect(new Set(ACTIONS.map((a) => a.name)).size).toBe(ACTIONS.length);
    const keys = ACTIONS.flatMap((a) => a.keys);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("never fire while typing, or on Space/Enter over a button", () => {
    const input = { closest: (s: string) => (s.includes("input") ? {} : null) };
    const button = { closest: (s: string) => (s.includes("button") ? {} : null) };
    const none = { closest: () => null };
    const key = (k: string) => ({ key: k, ctrlKey: false, metaKey: false, altKey: false });
    expect(actionForKey(key("c"), input as unknown as EventTarget)).toBeNull();
    expect(actionForKey(key(" "), button as unknown as EventTarget)).toBeNull();
    expect(actionForKey(key("C"), none as unknown as EventTarget)?.name).toBe("crash");
    expect(actionForKey({ ...key("c"), ctrlKey: true }, none as unknown as EventTarget)).toBeNull();
  });
});

describe("network actions", () => {
  const state = () => {
    const s = initialState(structuredClone(DEFAULT_SCENARIO), { kind: "default" }, "t");
    s.status = "ready";
    s.frame = createSimulation(DEFAULT_SCENARIO).runUntil(5_000).frame();
    return s;
  };

  it("partition the groups chosen in the editor, one-way and timed when asked", () => {
    const s = state();
    const p = actionByName.get("partition")!;
    expect(p.enabled(s)).toBe(false);
    s.params = { ...s.params, groups: { n3: "B", store: "B" }, partitionOneWay: true, partitionSeconds: 4 };
    expect(p.enabled(s)).toBe(true);
    expect(p.label(s)).toBe("Split into 2 groups");
    expect(p.command(s)).toEqual({
      type: "act",
      faults: [
        {
          do: "partition",
          groups: [
            ["n1", "n2"],
            ["n3", "store"],
          ],
          oneWay: true,
          for: 4_000,
        },
      ],
    });
  });

  it("cut one link, in one direction when asked", () => {
    const s = state();
    s.params = { ...s.params, cutFrom: "n2", cutTo: "store", cutOneWay: true };
    expect(actionByName.get("cut-link")!.command(s)).toEqual({
      type: "act",
      faults: [{ do: "partition", groups: [["n2"], ["store"]], oneWay: true }],
    });
  });
});
