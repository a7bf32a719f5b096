// Every monitor fires somewhere: the safety monitors on the exact input that breaks their rule
// (driven straight into the monitor, since the protocols keep the rules), fencing-monotonic
// and the hazards in real runs. A monitor that can never fire would hide the bug it watches for.
import { describe, expect, it } from "vitest";
import { createWorld } from "../wiring.ts";
import { parseScenario } from "../scenario/schema.ts";
import { presets, runScenario } from "../index.ts";
import { holderChanged, leaderEnded, leaderStarted, termChanged, voteCast } from "./monitors.ts";
import type { World } from "./world.ts";

const world = (protocol: string): World =>
  createWorld(parseScenario({ protocol, nodes: 3, seed: 1, until: "1s" }));
const props = (w: World) => w.s.mon.violations.map((v) => v.property);

describe("safety monitors fire on what they watch", () => {
  it("one-leader-per-term: two nodes leading the same term", () => {
    const w = world("raft");
    leaderStarted(w, 0, 7, 7);
    leaderEnded(w, 0, 7, "test", { cause: "role-change" });
    expect(props(w)).toEqual([]);
    leaderStarted(w, 1, 7, 7);
    expect(w.s.mon.violations[0]).toMatchObject({
      property: "one-leader-per-term",
      detail: "n2 leads with term 7, already led by n1",
    });
  });

  it("one-vote-per-term: one node voting twice in a term", () => {
    const w = world("raft");
    voteCast(w, 0, 3, "n2");
    voteCast(w, 0, 3, "n2"); // the same vote again is fine
    expect(props(w)).toEqual([]);
    voteCast(w, 0, 3, "n3");
    expect(props(w)).toEqual(["one-vote-per-term"]);
  });

  it('one-vote-per-term also across a state saved with the votes as "node:term" keys', () => {
    const w = world("raft");
    delete w.s.mon.votesBy;
    w.s.mon.votes = { "n1:3": "n2", "n3:4": "n1" };
    voteCast(w, 2, 4, "n1"); // the same vote again is fine
    expect(props(w)).toEqual([]);
    voteCast(w, 0, 3, "n3");
    expect(w.s.mon.violations[0]).toMatchObject({
      property: "one-vote-per-term",
      detail: "n1 voted for n2 and n3 in term 3",
    });
  });

  it("term-monotonic: a term going back", () => {
    const w = world("raft");
    termChanged(w, 2, 5);
    termChanged(w, 2, 4);
    expect(w.s.mon.violations[0]).toMatchObject({
      property: "term-monotonic",
      detail: "n3 went from term 5 back to 4",
    });
  });

  it("token-monotonic: the store handing out a token not above the last", () => {
    const w = world("etcd");
    holderChanged(w, "n1", 10);
    holderChanged(w, null, 10);
    holderChanged(w, "n2", 10);
    expect(props(w)).toEqual(["token-monotonic"]);
  });

  it("one-holder: a node leading with a store token the store gave to another", () => {
    const w = world("etcd");
    holderChanged(w, "n1", 12);
    leaderStarted(w, 0, 12, 12);
    expect(props(w)).toEqual([]);
    leaderEnded(w, 0, 12, "test", { cause: "role-change" });
    leaderStarted(w, 1, 12, 12);
    expect(props(w)).toContain("one-holder");
  });

  it("fencing-monotonic: with fencing off the resource applies a lower token after a higher one", () => {
    // The fencing-off preset: the leader pauses mid-write for 15 s; its late write lands after
    // its successor's. The same run with token fencing refuses that write.
    const sc = (fencing: string) => ({ ...structuredClone(presets["fencing-off"].scenario), fencing });
    const off = runScenario(sc("none")).summary;
    expect(off.violations.map((v) => v.property)).toContain("fencing-monotonic");
    const on = runScenario(sc("token")).summary;
    expect(on.violations).toEqual([]);
    expect(on.writes.rejected).toBeGreaterThan(0); // token fencing refused the same write
  });
});

describe("hazards are kept apart from safety", () => {
  it("overlap and stale-write are hazards; leaderless intervals are listed", () => {
    const { summary } = runScenario(structuredClone(presets["fencing-off"].scenario));
    const hz = summary.hazards.map((h) => h.property);
    expect(hz).toContain("overlap");
    expect(hz).toContain("stale-write");
    expect(hz[0]).toBe("leaderless"); // the first election
    expect(summary.violations.map((v) => v.property)).not.toContain("overlap");
    expect(summary.violations.map((v) => v.property)).not.toContain("stale-write");
  });

  it("a leaderless interval runs from the last leader's end to the next start, or to the end", () => {
    // Two of three down: the leader (n1 under etcd-io/raft's ticks, seed 1) and n2.
    const { summary } = runScenario({
      protocol: "raft",
      nodes: 3,
      seed: 1,
      until: "3s",
      faults: [
        { at: "1s", do: "crash", node: "leader" },
        { at: "1s", do: "crash", node: "n2" },
      ],
    });
    const lz = summary.hazards.filter((h) => h.property === "leaderless");
    expect(lz.map((h) => h.at)).toEqual([0, 1000]);
    expect(lz[1].detail).toBe("no leader from 1000 ms to the end of the run (2000 ms)");
    expect(summary.leaderless).toBeCloseTo(summary.leaders[0].from + 2000, 3);
  });
});
