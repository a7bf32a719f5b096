// A model of the trace log for tests: random operations on a log (pushes, cuts, clones), each
// mirrored on a plain array of events, and the check that the log reads back what the array holds.
import { expect } from "vitest";
import fc from "fast-check";
import { TraceLog } from "./trace-log.ts";
import type { TraceEvent } from "./trace.ts";
import type { Cause } from "./cause.ts";

export const PROCS = ["n1", "n2", "n3", "store", "resource"];

// One operation on a log, mirrored on a plain array of events (the model: what the engine
// stored before the log).
export type Op =
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

export const opArb: fc.Arbitrary<Op> = fc.oneof(
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

export function apply(log: TraceLog, model: TraceEvent[], o: Op): TraceLog {
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

export function expectSame(log: TraceLog, model: TraceEvent[]): void {
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
