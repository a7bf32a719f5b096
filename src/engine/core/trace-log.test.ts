// The trace log on real runs and old saved states: columns for message traffic with the same JSON,
// no column for a lean trace without fenced writes (write-record.ts packs those), object events kept as pushed, and logs saved in older layouts.
import { describe, expect, it } from "vitest";
import { TraceLog } from "./trace-log.ts";
import type { TraceEvent } from "./trace.ts";
import { createSimulation, presets } from "../index.ts";
import { PROCS } from "./trace-log.fixture.ts";

describe("TraceLog", () => {
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

  it("a lean trace without writes allocates no column, and its first message gives the rows theirs", () => {
    const sc = structuredClone(presets["raft-basic"].scenario);
    const lean = createSimulation({ ...sc, work: { every: 0 } }, { trace: "roles" }).run().log;
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
