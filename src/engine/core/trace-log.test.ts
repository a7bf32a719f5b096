import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { TraceLog } from "./trace-log.ts";
import type { TraceEvent } from "./trace.ts";
import type { Cause, CauseValue } from "./cause.ts";
import { createSimulation, presets } from "../index.ts";

const PROCS = ["n1", "n2", "n3", "store", "resource"];

// One operation on a log, mirrored on a plain array of events (the model: what the engine
// stored before the log).
type Op =
  | {
      op: "send";
      t: number;
      id: number;
      from: number;
      to: number;
      kind: string;
      arriveAt: number;
      retransmits: number;
    }
  | { op: "deliver"; t: number; id: number; from: number; to: number; kind: string }
  | { op: "drop"; t: number; id: number; from: number; to: number; kind: string; reason: string }
  | { op: "stall"; t: number; id: number; from: number; to: number; kind: string; conn: number }
  | { op: "object"; t: number; node: number }
  | {
      op: "vote";
      t: number;
      node: number;
      candidate: number;
      term: number;
      granted: boolean;
      pre: boolean;
      why?: Cause;
    }
  | { op: "truncate"; keep: number }
  | { op: "dropFront"; cut: number }
  | { op: "clone" };

const proc = fc.integer({ min: 0, max: PROCS.length - 1 });
const time = fc.double({ min: 0, max: 1e7, noNaN: true }).map((x) => Math.round(x * 1000) / 1000);
const kind = fc.constantFrom("RequestVote", "AppendEntries", "KeepAlive", "PING");
// Causes of many shapes: the rules' values differ in keys and kinds, some values are missing or
// null, clocks and arming events come in every variant, and one in a while holds an array (kept
// as an object, since a shape cannot describe it).
const leafValue = fc.oneof(
  fc.integer({ min: -5, max: 1e6 }),
  fc.double({ noNaN: false }),
  fc.constantFrom("n1", "n2", "PING", "a note"),
  fc.boolean(),
  fc.constant(null),
);
// fc.dictionary makes objects without a prototype, which a shape refuses (trace-packed.ts
// shapeOf): spread into plain objects, as the engine's causes are, so that they are packed.
const plain = <T extends object>(d: T): T => ({ ...d });
const values = fc
  .dictionary(
    fc.constantFrom("term", "candidate", "ownTerm", "votedFor", "leader", "pre", "msgTerm"),
    leafValue,
    { maxKeys: 5 },
  )
  .map(plain);
const clock = fc.oneof(
  fc.record({ kind: fc.constant("monotonic" as const), node: fc.constantFrom("n1", "n2"), ms: time }),
  fc.record({ kind: fc.constant("store" as const), ms: time }),
  fc.constant({ kind: "none" as const }),
);
const arm = fc.oneof(
  fc.record({
    kind: fc.constant("timer" as const),
    node: fc.constantFrom("n1", "n3"),
    timer: fc.constantFrom("election", "heartbeat"),
    armedAt: time,
  }),
  fc.record({
    kind: fc.constant("message" as const),
    msg: fc.nat(1e6),
    msgKind: kind,
    from: fc.constantFrom("n1", "n2"),
  }),
  fc.record({
    kind: fc.constant("fault" as const),
    fault: fc.constantFrom("crash", "pause"),
    at: time,
    index: fc.nat(1e4),
  }),
);
const cause: fc.Arbitrary<Cause> = fc
  .record(
    {
      rule: fc.constantFrom("raft.vote.grant", "raft.vote.self", "raft.vote.alreadyVoted"),
      values,
      clock,
      armedBy: arm,
    },
    { requiredKeys: ["rule", "values", "clock"] },
  )
  .map((c) =>
    c.rule === "raft.vote.self" && c.values.term === 1
      ? ({ ...c, values: { ...c.values, odd: [1, 2] } } as unknown as Cause)
      : c,
  );

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record(
      {
        op: fc.constant("vote" as const),
        t: time,
        node: fc.integer({ min: 0, max: 2 }),
        candidate: fc.integer({ min: 0, max: 2 }),
        term: fc.nat(1e6),
        granted: fc.boolean(),
        pre: fc.boolean(),
        why: cause,
      },
      { requiredKeys: ["op", "t", "node", "candidate", "term", "granted", "pre"] },
    ),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant("send" as const),
      t: time,
      id: fc.nat(1e6),
      from: proc,
      to: proc,
      kind,
      arriveAt: fc.oneof(fc.constant(-1), time),
      retransmits: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 6 })),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant("deliver" as const),
      t: time,
      id: fc.nat(1e6),
      from: proc,
      to: proc,
      kind,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant("drop" as const),
      t: time,
      id: fc.nat(1e6),
      from: proc,
      to: proc,
      kind,
      reason: fc.constantFrom("loss", "partition", "n2 is crashed"),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant("stall" as const),
      t: time,
      id: fc.nat(1e6),
      from: proc,
      to: proc,
      kind,
      conn: fc.integer({ min: 1, max: 50 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant("object" as const),
      t: time,
      node: fc.integer({ min: 1, max: 3 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("truncate" as const), keep: fc.nat(3000) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("dropFront" as const), cut: fc.nat(400) }) },
  { weight: 1, arbitrary: fc.constant({ op: "clone" as const }) },
);

function apply(log: TraceLog, model: TraceEvent[], o: Op): TraceLog {
  const name = (i: number) => PROCS[i];
  switch (o.op) {
    case "send":
      log.pushSend(o.t, o.id, o.from, o.to, o.kind, o.arriveAt, o.retransmits);
      model.push(
        o.retransmits > 0
          ? {
              t: o.t,
              type: "send",
              id: o.id,
              from: name(o.from),
              to: name(o.to),
              kind: o.kind,
              arriveAt: o.arriveAt,
              retransmits: o.retransmits,
            }
          : {
              t: o.t,
              type: "send",
              id: o.id,
              from: name(o.from),
              to: name(o.to),
              kind: o.kind,
              arriveAt: o.arriveAt,
            },
      );
      break;
    case "deliver":
      log.pushDeliver(o.t, o.id, o.from, o.to, o.kind);
      model.push({ t: o.t, type: "deliver", id: o.id, from: name(o.from), to: name(o.to), kind: o.kind });
      break;
    case "drop":
      log.pushDrop(o.t, o.id, o.from, o.to, o.kind, o.reason);
      model.push({
        t: o.t,
        type: "drop",
        id: o.id,
        from: name(o.from),
        to: name(o.to),
        kind: o.kind,
        reason: o.reason,
      });
      break;
    case "stall":
      log.pushStall(o.t, o.id, o.from, o.to, o.kind, o.conn);
      model.push({
        t: o.t,
        type: "stall",
        id: o.id,
        from: name(o.from),
        to: name(o.to),
        kind: o.kind,
        conn: o.conn,
      });
      break;
    case "object": {
      const e: TraceEvent = {
        t: o.t,
        type: "role",
        node: `n${o.node}`,
        from: "follower",
        to: "candidate",
        term: o.node,
      };
      log.push(e);
      model.push(e);
      break;
    }
    case "vote":
      log.pushVote(o.t, o.node, o.candidate, o.term, o.granted, o.pre, o.why);
      model.push(
        o.why
          ? {
              t: o.t,
              type: "vote",
              node: name(o.node),
              term: o.term,
              candidate: name(o.candidate),
              granted: o.granted,
              pre: o.pre,
              why: structuredClone(o.why),
            }
          : {
              t: o.t,
              type: "vote",
              node: name(o.node),
              term: o.term,
              candidate: name(o.candidate),
              granted: o.granted,
              pre: o.pre,
            },
      );
      break;
    case "truncate":
      log.truncate(o.keep);
      if (o.keep < model.length) model.length = o.keep;
      break;
    case "dropFront":
      log.dropFront(o.cut);
      model.splice(0, o.cut);
      break;
    case "clone":
      // a snapshot: the copy is plain data until revived, and is a log of its own after
      return TraceLog.revive(structuredClone(log));
  }
  return log;
}

function expectSame(log: TraceLog, model: TraceEvent[]): void {
  expect(log.length).toBe(model.length);
  expect(JSON.stringify(log)).toBe(JSON.stringify(model));
  expect([...log]).toEqual(model);
  for (let i = 0; i < model.length; i++) {
    expect(log.tAt(i)).toBe(model[i].t);
    expect(log.typeAt(i)).toBe(model[i].type);
    expect(JSON.stringify(log.at(i))).toBe(JSON.stringify(model[i]));
    expect(log.isMessage(i)).toBe(["send", "deliver", "drop", "stall"].includes(model[i].type));
  }
  expect(log.at(-1)).toEqual(model[model.length - 1]);
  expect(log.at(model.length)).toBeUndefined();
}

describe("TraceLog", () => {
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

  it("a log copied before its causes' leaves were chunked reads back the same", () => {
    const sim = createSimulation(
      { ...structuredClone(presets["raft-split-vote"].scenario), until: "40s" },
      { trace: "full" },
    ).run();
    const log = sim.log;
    const p = log.packed as NonNullable<typeof log.packed>;
    expect(p.lv.length).toBeGreaterThan(1);
    // The old layout: one array each for all leaves.
    const old = structuredClone(log) as unknown as { packed: { lv: unknown; lt: unknown } };
    const flat = (chunks: ArrayLike<number>[], make: new (n: number) => Float64Array | Uint8Array) => {
      const a = new make(chunks.length * chunks[0].length);
      chunks.forEach((c, i) => a.set(c, i * chunks[0].length));
      return a;
    };
    old.packed.lv = flat(p.lv, Float64Array);
    old.packed.lt = flat(p.lt, Uint8Array);
    expect(JSON.stringify(TraceLog.revive(old))).toBe(JSON.stringify(log));
  });

  it("a lean trace (objects only) allocates no column, and its first message gives the rows theirs", () => {
    const lean = createSimulation(structuredClone(presets["raft-basic"].scenario), { trace: "roles" }).run()
      .log;
    expect(lean.length).toBeGreaterThan(0);
    expect(lean.columnBytes).toBe(lean.objs.length * 8);
    const log = new TraceLog();
    log.procs = PROCS;
    const e: TraceEvent = { t: 1, type: "term", node: "n1", from: 0, to: 1 };
    log.push(e);
    log.pushSend(2, 7, 0, 1, "PING", 3);
    expect(log.columnBytes).toBeGreaterThan(0);
    expect(log.at(0)).toBe(e);
    expect(log.tAt(0)).toBe(1);
    expect(log.typeAt(1)).toBe("send");
  });

  it("keeps an object event as the very object pushed", () => {
    const log = new TraceLog();
    const e: TraceEvent = { t: 1, type: "term", node: "n1", from: 0, to: 1 };
    log.push(e);
    expect(log.at(0)).toBe(e);
  });

  it("a state saved before the log (an array of events) is read as a log", () => {
    const events: TraceEvent[] = [
      { t: 0, type: "send", id: 1, from: "n1", to: "n2", kind: "PING", arriveAt: 5 },
    ];
    const log = TraceLog.revive(events);
    expect(log.toArray()).toEqual(events);
  });

  it("keeps the message traffic of a full trace in columns, with the same JSON", () => {
    let messages = 0;
    let events = 0;
    // one preset per protocol
    for (const name of [
      "raft-partition",
      "billing-crash",
      "k8s-defaults",
      "bully-basic",
      "ring-basic",
      "zab-failover",
      "zk-recipe",
      "database-lease",
      "heartbeat-pair-partition",
    ]) {
      const p = presets[name];
      expect(p, name).toBeDefined();
      const sim = createSimulation(structuredClone(p.scenario), { trace: "full" }).run();
      const log = sim.log;
      let rows = 0;
      for (let i = 0; i < log.length; i++) if (log.isMessage(i)) rows++;
      messages += rows;
      events += log.length;
      expect(JSON.stringify(log), name).toBe(JSON.stringify(sim.trace));
    }
    // message traffic is most of a full trace, and it lives in the columns
    expect(messages / events).toBeGreaterThan(0.5);
  });
});
