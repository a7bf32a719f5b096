// A vote's cause written leaf by leaf (cause-record.ts) must read back as exactly the object
// ctx.cause would have built and pack() stored: the same keys in the same order, the same
// values, under every kind of arm a handler can have. The presets' full-trace fingerprints
// check the same over whole runs; this checks each arm on its own, and the fallback.
import { describe, expect, it } from "vitest";
import { createWorld } from "../wiring.ts";
import { parseScenario } from "../scenario/schema.ts";
import { armed, armedByMessage, armedByTimer, currentArm } from "./cause-make.ts";
import { causeLayout, packNodeCause, TAGS, valuesOf } from "./cause-record.ts";
import { LEAF_TAGS, newPacked, pack, unpack } from "./trace-packed.ts";
import type { World } from "./world.ts";
import type { CauseValue } from "./cause.ts";
import type { Msg } from "./types.ts";

const world = (): World => {
  const w = createWorld(parseScenario({ protocol: "raft", nodes: 3, seed: 1, until: "1s" }), {
    trace: "full",
  });
  w.s.now = 1234.5;
  return w;
};
// votedFor and leader given as process indices (-1: none), recorded as names
const LAYOUT = causeLayout(["term", "votedFor", "leader", "pre"], ["votedFor", "leader"]);
const VALS: CauseValue[] = [7, 1, -1, false];
const named = (w: World) => (i: number) => w.ctx.nodeId(i);
const msg = { id: 41, kind: "RequestVote", from: 2, to: 0 } as unknown as Msg;

/** What the object path stores and reads back, and what the leaf path does, for one arm. */
function both(arrange: (w: World) => void): { object: string; leaves: string; record: number } {
  const w = world();
  const node = w.s.nodes[0];
  w.ctx.bind(0);
  arrange(w);
  const p = newPacked();
  const log = w.s.trace;
  const record = packNodeCause(w, p, log, LAYOUT, "raft.vote.grant", VALS, node);
  const leaves = record < 0 ? "" : JSON.stringify(unpack(p, record, log.strs));
  // the object path, in a fresh world arranged the same way
  const w2 = world();
  w2.ctx.bind(0);
  arrange(w2);
  const why = w2.ctx.cause("raft.vote.grant", valuesOf(LAYOUT, VALS, named(w2)));
  const p2 = newPacked();
  const r2 = pack(p2, why, why.rule, w2.s.trace);
  return { object: JSON.stringify(unpack(p2, r2, w2.s.trace.strs)), leaves, record };
}

describe("a cause packed leaf by leaf reads back as the object ctx.cause builds", () => {
  it("armed by nothing", () => {
    const r = both((w) => armed(w, undefined));
    expect(r.leaves).toBe(r.object);
    expect(JSON.parse(r.leaves)).toEqual({
      rule: "raft.vote.grant",
      values: { term: 7, votedFor: "n2", leader: null, pre: false },
      clock: { kind: "monotonic", node: "n1", ms: 1234.5 },
    });
  });

  it("armed by a message, before and after another cause built its arm", () => {
    const fresh = both((w) => armedByMessage(w, msg));
    expect(fresh.leaves).toBe(fresh.object);
    expect(JSON.parse(fresh.leaves).armedBy).toEqual({
      kind: "message",
      msg: 41,
      msgKind: "RequestVote",
      from: "n3",
    });
    const built = both((w) => {
      armedByMessage(w, msg);
      currentArm(w);
    });
    expect(built.leaves).toBe(fresh.leaves);
  });

  it("armed by a timer, before and after another cause built its arm", () => {
    const arrange = (w: World) => armedByTimer(w, w.s.nodes[0], "election", 980);
    const fresh = both(arrange);
    expect(fresh.leaves).toBe(fresh.object);
    expect(JSON.parse(fresh.leaves).armedBy).toEqual({
      kind: "timer",
      node: "n1",
      timer: "election",
      armedAt: 980,
    });
    const built = both((w) => {
      arrange(w);
      currentArm(w);
    });
    expect(built.leaves).toBe(fresh.leaves);
  });

  it("armed by a fault: left to the object path, with nothing kept", () => {
    const w = world();
    armed(w, { kind: "fault", fault: "crash", at: 1000, index: 3 });
    const p = newPacked();
    expect(packNodeCause(w, p, w.s.trace, LAYOUT, "raft.vote.grant", VALS, w.s.nodes[0])).toBe(-1);
    expect([p.n, p.leaves]).toEqual([0, 0]);
  });

  it("shares the shape pack() interns for the same object", () => {
    const w = world();
    armedByMessage(w, msg);
    const p = newPacked();
    const a = packNodeCause(w, p, w.s.trace, LAYOUT, "raft.vote.grant", VALS, w.s.nodes[0]);
    w.ctx.bind(0);
    const why = w.ctx.cause("raft.vote.grant", valuesOf(LAYOUT, VALS, named(w)));
    const b = pack(p, why, "raft.vote.grant", w.s.trace);
    expect(p.shapes).toHaveLength(1);
    expect(JSON.stringify(unpack(p, a, w.s.trace.strs))).toBe(JSON.stringify(unpack(p, b, w.s.trace.strs)));
  });

  it("writes its leaves with the store's own tags, and records that reach past a chunk read back whole", () => {
    expect(TAGS).toEqual(LEAF_TAGS);
    const w = world();
    armedByMessage(w, msg);
    const p = newPacked();
    const layout = causeLayout(["n", "s", "t", "f", "z", "u"]);
    // 17 leaves per record: over 2,000 records cross several 16,384-leaf chunks, most of them
    // not at a record boundary, so the writer skips to the next chunk there.
    const records: number[] = [];
    for (let i = 0; i < 2100; i++)
      records.push(
        packNodeCause(
          w,
          p,
          w.s.trace,
          layout,
          "raft.vote.grant",
          [i, `n${i % 5}`, true, false, null, undefined as unknown as CauseValue],
          w.s.nodes[0],
        ),
      );
    expect(p.lv.length).toBeGreaterThan(1);
    for (const [i, r] of records.entries()) {
      const o = unpack(p, r, w.s.trace.strs);
      expect(o.values).toEqual({ n: i, s: `n${i % 5}`, t: true, f: false, z: null, u: undefined });
      expect(Object.keys(o.values as object)).toEqual(["n", "s", "t", "f", "z", "u"]);
      expect(o.armedBy).toEqual({ kind: "message", msg: 41, msgKind: "RequestVote", from: "n3" });
    }
  });

  it("keeps nothing of a record holding a value that is not a leaf", () => {
    const w = world();
    armedByMessage(w, msg);
    const p = newPacked();
    const ok = packNodeCause(w, p, w.s.trace, LAYOUT, "raft.vote.grant", VALS, w.s.nodes[0]);
    const bad = packNodeCause(
      w,
      p,
      w.s.trace,
      LAYOUT,
      "raft.vote.grant",
      [7, 1, -1, { not: "a leaf" } as unknown as CauseValue],
      w.s.nodes[0],
    );
    expect(bad).toBe(-1);
    expect(p.n).toBe(1);
    const next = packNodeCause(w, p, w.s.trace, LAYOUT, "raft.vote.grant", VALS, w.s.nodes[0]);
    expect(JSON.stringify(unpack(p, next, w.s.trace.strs))).toBe(
      JSON.stringify(unpack(p, ok, w.s.trace.strs)),
    );
  });

  it("names each node from its own log's strings, a store after another included", () => {
    // the names' numbers are remembered per store: a second log, whose string table numbers
    // the same names differently, must not read the first one's numbers
    const layout = causeLayout(["a", "b", "c"], ["a", "b", "c"]);
    const w1 = world();
    armedByTimer(w1, w1.s.nodes[2], "election", 5);
    const p1 = newPacked();
    const r1 = packNodeCause(w1, p1, w1.s.trace, layout, "raft.vote.self", [2, -1, 0], w1.s.nodes[1]);
    const w2 = world();
    w2.s.trace.str("unrelated");
    w2.s.trace.str("n1");
    armedByMessage(w2, msg);
    const p2 = newPacked();
    const r2 = packNodeCause(w2, p2, w2.s.trace, layout, "raft.vote.self", [0, 2, -1], w2.s.nodes[2]);
    const r1b = packNodeCause(w1, p1, w1.s.trace, layout, "raft.vote.self", [1, 0, 2], w1.s.nodes[0]);
    const one = unpack(p1, r1, w1.s.trace.strs);
    expect(one.values).toEqual({ a: "n3", b: null, c: "n1" });
    expect(one.clock).toEqual({ kind: "monotonic", node: "n2", ms: 1234.5 });
    expect(one.armedBy).toEqual({ kind: "timer", node: "n3", timer: "election", armedAt: 5 });
    const two = unpack(p2, r2, w2.s.trace.strs);
    expect(two.values).toEqual({ a: "n1", b: "n3", c: null });
    expect(two.clock).toEqual({ kind: "monotonic", node: "n3", ms: 1234.5 });
    expect(two.armedBy).toEqual({ kind: "message", msg: 41, msgKind: "RequestVote", from: "n3" });
    expect(unpack(p1, r1b, w1.s.trace.strs).values).toEqual({ a: "n2", b: "n1", c: "n3" });
  });
});
