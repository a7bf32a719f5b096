// The trace log against its model (a plain array of events): random and long seeded runs of
// pushes, cuts and clones read back exactly what the array holds.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { TraceLog } from "./trace-log.ts";
import type { TraceEvent } from "./trace.ts";
import type { Cause, CauseValue } from "./cause.ts";
import { PROCS, apply, expectSame, opArb, type Op } from "./trace-log.fixture.ts";

describe("TraceLog against a plain array of events", () => {
  it("reads back what a plain array of events holds, through pushes, cuts and clones", () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 4000, size: "max" }), (ops) => {
        let log = new TraceLog();
        log.procs = PROCS;
        const model: TraceEvent[] = [];
        for (const o of ops) log = apply(log, model, o);
        expectSame(log, model);
      }),
      { numRuns: 60 },
    );
  });

  it("reads back a long run of votes with large causes, through many cuts and clones", () => {
    // Mostly votes with large causes: tens of thousands of leaves, so records straddle the
    // store's chunks and cuts drop whole ones (trace-packed.ts). Seeded: every run checks one log.
    let x = 7;
    const rnd = (n: number) => (x = (Math.imul(x, 1103515245) + 12345) >>> 0) % n;
    const keys = [
      "term",
      "candidate",
      "ownTerm",
      "votedFor",
      "leader",
      "pre",
      "msgTerm",
      "lastIndex",
      "lastTerm",
    ];
    const leafOf = (i: number) => [i, i + 0.5, "n" + (i % 3), i % 2 === 0, null][i % 5];
    let log = new TraceLog();
    log.procs = PROCS;
    const model: TraceEvent[] = [];
    let most = 0;
    let cuts = 0;
    let chunksDropped = 0;
    for (let i = 0; i < 12_000; i++) {
      const r = rnd(100);
      let o: Op;
      if (r < 88) {
        const values: Record<string, CauseValue> = {};
        for (const k of keys) if (rnd(4) > 0) values[k] = leafOf(rnd(1000));
        const why: Cause = {
          rule: rnd(2) ? "raft.vote.grant" : "raft.vote.alreadyVoted",
          values,
          clock: { kind: "monotonic", node: "n1", ms: i },
          armedBy: { kind: "message", msg: i, msgKind: "RequestVote", from: "n2" },
        };
        o = {
          op: "vote",
          t: i,
          node: rnd(3),
          candidate: rnd(3),
          term: i >> 4,
          granted: rnd(2) === 0,
          pre: false,
          why,
        };
      } else if (r < 96)
        o = {
          op: "send",
          t: i,
          id: i,
          from: rnd(5),
          to: rnd(5),
          kind: "PING",
          arriveAt: i + 1,
          retransmits: 0,
        };
      else if (r < 98) o = { op: "dropFront", cut: rnd(60) };
      else if (r < 99) o = { op: "truncate", keep: Math.max(0, log.length - rnd(30)) };
      else o = { op: "clone" };
      const [records, chunks] = [log.packed?.n ?? 0, log.packed?.lv.length ?? 0];
      log = apply(log, model, o);
      if (o.op === "dropFront" && (log.packed?.n ?? 0) < records) cuts++;
      if (o.op === "dropFront" && (log.packed?.lv.length ?? 0) < chunks) chunksDropped++;
      most = Math.max(most, log.packed?.leaves ?? 0);
    }
    expectSame(log, model);
    expect(most).toBeGreaterThan(40_000);
    expect(cuts).toBeGreaterThan(50);
    expect(chunksDropped).toBeGreaterThan(0);
  });
});
