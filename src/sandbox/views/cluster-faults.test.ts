// The cluster picture's faults as data, and the line that explains a cut, from real frames.
import { describe, expect, it } from "vitest";
import { createSimulation, parseScenario, presets, type Frame } from "../../engine/index.ts";
import { Session } from "../../engine/session/index.ts";
import type { FaultInput } from "../../worker/protocol.ts";
import { clusterLinks, linkFaults, splitFault } from "./cluster-links.ts";
import { explainCuts } from "./cut-explain.ts";
import { messageLabel } from "./message-label.ts";
import { termLabel } from "../labels.ts";

const frameAt = (
  name: string,
  t: number,
  faults: unknown[] = [],
): { f: Frame; sc: ReturnType<typeof parseScenario> } => {
  const raw = { ...presets[name].scenario, faults };
  return { f: createSimulation(raw, { trace: "full" }).runUntil(t).frame(), sc: parseScenario(raw) };
};

/** The cuts the engine leaves after these faults, applied at `t` (what the picture draws). */
const cutsAt = (name: string, t: number, faults: FaultInput[]): Frame["cuts"] => {
  const s = new Session();
  s.load({ ...presets[name].scenario, faults: [] }, t);
  s.act(faults);
  return s.frame().cuts;
};

describe("links come from the spec", () => {
  it("Raft: a full mesh between nodes and a link from each to the resource", () => {
    const { f } = frameAt("raft-basic", 600);
    const ls = clusterLinks(f);
    expect(ls).toHaveLength(10 + 5);
    expect(ls.every((l) => l.state === "open")).toBe(true);
    expect(ls.some((l) => l.a === "n1" && l.b === "n2")).toBe(true);
  });
  it("etcd: nodes talk to etcd and the resource only, never to each other", () => {
    const { f } = frameAt("etcd-store-outage", 5_000);
    const ls = clusterLinks(f);
    expect(ls.filter((l) => l.b === "store")).toHaveLength(f.nodes.length);
    expect(ls.some((l) => l.a.startsWith("n") && l.b.startsWith("n"))).toBe(false);
  });
});

describe("a click becomes faults in data", () => {
  const open = { a: "n1", b: "n2", key: "n1|n2", state: "open" as const };
  it("open: cut both ways; cut: heal", () => {
    expect(linkFaults(open, false)).toEqual([{ do: "partition", groups: [["n1"], ["n2"]] }]);
    expect(linkFaults({ ...open, state: "cut" }, false)).toEqual([{ do: "heal", groups: [["n1"], ["n2"]] }]);
  });
  it("one way from the nearer end; again heals that way; from the other end flips it", () => {
    expect(linkFaults(open, true, "n2")).toEqual([
      { do: "partition", groups: [["n2"], ["n1"]], oneWay: true },
    ]);
    expect(linkFaults({ ...open, state: "b-a" }, true, "n2")).toEqual([
      { do: "heal", groups: [["n2"], ["n1"]], oneWay: true },
    ]);
    expect(linkFaults({ ...open, state: "b-a" }, true, "n1")).toEqual([
      { do: "heal", groups: [["n1"], ["n2"]] },
      { do: "partition", groups: [["n1"], ["n2"]], oneWay: true },
    ]);
  });
  it("split: every process on side A unless put on B; the store and the resource too", () => {
    const { f } = frameAt("etcd-store-outage", 5_000);
    expect(splitFault(f, new Set(["n1", "store"]))).toEqual({
      do: "partition",
      groups: [
        ["n2", "n3", "resource"],
        ["n1", "store"],
      ],
    });
    expect(splitFault(f, new Set())).toBeNull();
  });
  it("a one-way re-cut is one action: the engine heals and cuts the other way at one moment", () => {
    const s = new Session();
    s.load({ ...presets["raft-basic"].scenario, faults: [] }, 600);
    s.act({ do: "partition", groups: [["n2"], ["n1"]], oneWay: true });
    const link = clusterLinks(s.frame()).find((l) => l.key === "n1|n2")!;
    expect(link.state).toBe("b-a");
    const a = s.act(linkFaults(link, true, "n1"));
    expect(a.faults.map((f) => f.at)).toEqual([a.at, a.at]);
    expect(clusterLinks(s.frame()).find((l) => l.key === "n1|n2")!.state).toBe("a-b");
  });
});

describe("the explanation follows the protocol's quorum rule", () => {
  it("Raft: a leader cut from three of four peers loses its majority; the rest elect", () => {
    const { f, sc } = frameAt("raft-basic", 600);
    const lead = f.nodes.find((n) => n.believesLeader)?.id as string;
    const peers = f.nodes.map((n) => n.id).filter((id) => id !== lead);
    const one = explainCuts(
      f,
      cutsAt("raft-basic", 600, [{ do: "partition", groups: [[lead], [peers[0]]] }]),
      { scenario: sc },
    );
    expect(one).toBe(
      `${lead} still reaches 4 of 5 (a majority is 3), so it stays leader; ${peers[0]} no longer hears it and will stand for election in a higher term.`,
    );
    const three = explainCuts(
      f,
      cutsAt("raft-basic", 600, [{ do: "partition", groups: [[lead], peers.slice(0, 3)] }]),
      { scenario: sc },
    );
    const lost = peers.slice(0, 3);
    expect(three).toBe(
      `${lead} now reaches only 2 of 5, fewer than a majority (3): ${lost[0]}, ${lost[1]} and ${lost[2]} can gather a majority (4 of 5) and will elect a new leader in a higher term; ${lead} keeps believing it leads until it hears a higher term.`,
    );
    const alone = explainCuts(
      f,
      cutsAt("raft-basic", 600, [
        { do: "partition", groups: [[lead, peers[0]], peers.slice(1, 2), peers.slice(2, 3), peers.slice(3)] },
      ]),
      { scenario: sc },
    );
    expect(alone).toContain("none of the others reaches a majority either, so nobody new can be elected");
  });
  it("etcd: a node cut from the others only keeps its lease; cut from etcd it loses it", () => {
    const { f, sc } = frameAt("etcd-store-outage", 5_000);
    const lead = f.store?.holder as string;
    expect(lead).toMatch(/^n\d$/);
    const other = f.nodes.find((n) => n.id !== lead)?.id as string;
    const peer = explainCuts(
      f,
      cutsAt("etcd-store-outage", 5_000, [{ do: "partition", groups: [[lead], [other]] }]),
      { scenario: sc, leaseMs: 10_000 },
    );
    expect(peer).toBe(`${lead} can still reach etcd, so it keeps its lease.`);
    const store = explainCuts(
      f,
      cutsAt("etcd-store-outage", 5_000, [{ do: "partition", groups: [[lead], ["store"]] }]),
      { scenario: sc, leaseMs: 10_000 },
    );
    expect(store).toMatch(
      new RegExp(`^${lead} cannot reach etcd: its renewals stop, so its lease runs out after 10(\\.0+)? s`),
    );
  });
});

describe("messages are labelled from typed fields, in the spec's word", () => {
  const m = {
    id: 1,
    from: "n2",
    to: "n1",
    kind: "RequestVoteResp",
    sentAt: 0,
    arriveAt: 1,
    fields: { term: 3, granted: false },
  };
  it("Raft: kind, term and a refused mark", () => {
    expect(messageLabel(m, termLabel("raft"))).toEqual({
      text: "vote reply term 3 ✗",
      mark: "refused",
      spoken: "vote reply term 3, refused, from n2 to n1",
    });
  });
  it("Zab: a notification reads its vote as (epoch, zxid, id)", () => {
    const z = {
      ...m,
      kind: "NOTIFICATION",
      fields: { peerEpoch: 1, zxid: "0x100000000", leader: "n3", vote: "(1, 0x100000000, n3)" },
    };
    expect(messageLabel(z, termLabel("zab")).text).toBe("NOTIFICATION vote (1, 0x100000000, n3)");
  });
});
