// A fenced write packed whole (write-record.ts) must read back as exactly the object resource.ts
// builds on its object path (writeEvent with plainCause's cause): the same keys in the same order,
// the same values, with and without a detail and rows, under a message's arm either as the
// message or as an arm a cause already built. The presets' fingerprints check whole runs; this
// checks each variant, the fallback, and that cutting a log keeps packed rows in step.
import { describe, expect, it } from "vitest";
import { createWorld } from "../wiring.ts";
import { parseScenario } from "../scenario/schema.ts";
import { armedByMessage, armedByTimer, currentArm, plainCause } from "./cause-make.ts";
import { pushWriteRecord } from "./write-record.ts";
import type { World } from "./world.ts";
import type { Msg } from "./types.ts";
import type { TraceEvent } from "./trace.ts";

const world = (trace: "full" | "roles"): World => {
  const w = createWorld(parseScenario({ protocol: "raft", nodes: 3, seed: 1, until: "1s" }), { trace });
  w.s.now = 2500.25;
  return w;
};
const msg = { id: 77, kind: "Write", from: 1, to: 4 } as unknown as Msg;

/** The event resource.ts apply() records on its object path, field order included. */
function objectPath(w: World, detail: string | undefined, rows: number): TraceEvent {
  const why = plainCause(w, "fence.token.atLeast", { token: 5, maxSeen: 4, granted: 5, accepted: true });
  const ev: Record<string, unknown> = {
    t: w.s.now,
    type: "write",
    node: "n2",
    token: 5,
    result: "accepted",
    maxSeen: 5,
    sentAt: 2400,
  };
  if (detail) ev.detail = detail;
  if (rows >= 0) ev.rows = rows;
  ev.why = why;
  return ev as unknown as TraceEvent;
}

const push = (w: World, detail: string | undefined, rows: number) =>
  pushWriteRecord(
    w,
    w.s.trace,
    "n2",
    5,
    "accepted",
    5,
    2400,
    detail,
    rows,
    "fence.token.atLeast",
    4,
    5,
    true,
  );

describe("pushWriteRecord", () => {
  for (const trace of ["roles", "full"] as const)
    for (const [detail, rows] of [
      [undefined, -1],
      ["1 row updated", -1],
      [undefined, 1],
      ["0 rows", 0],
    ] as const)
      it(`reads back as the object path's event (${trace}, detail ${detail ?? "none"}, rows ${rows})`, () => {
        const w = world(trace);
        armedByMessage(w, msg);
        const before = w.s.trace.length;
        expect(push(w, detail, rows)).toBe(true);
        expect(w.s.trace.length).toBe(before + 1);
        expect(w.s.trace.typeAt(before)).toBe("write");
        expect(w.s.trace.isMessage(before)).toBe(false);
        const w2 = world(trace);
        armedByMessage(w2, msg);
        expect(JSON.stringify(w.s.trace.at(before))).toBe(JSON.stringify(objectPath(w2, detail, rows)));
      });

  it("takes the message from an arm a cause already built in the same handler", () => {
    const w = world("roles");
    armedByMessage(w, msg);
    currentArm(w);
    expect(push(w, undefined, -1)).toBe(true);
    const w2 = world("roles");
    armedByMessage(w2, msg);
    expect(JSON.stringify(w.s.trace.at(-1))).toBe(JSON.stringify(objectPath(w2, undefined, -1)));
  });

  it("appends nothing when a timer armed the handler (the caller records an object)", () => {
    const w = world("roles");
    armedByTimer(w, w.s.nodes[0], "work", 100);
    const before = w.s.trace.length;
    expect(push(w, undefined, -1)).toBe(false);
    expect(w.s.trace.length).toBe(before);
  });

  it("keeps packed rows in step when the log is cut from either end", () => {
    const w = world("full");
    armedByMessage(w, msg);
    const log = w.s.trace;
    const base = log.length;
    for (let k = 0; k < 5; k++) {
      w.s.now = 3000 + k;
      push(w, undefined, k);
      log.pushSend(w.s.now, 100 + k, 0, 1, "PING", w.s.now + 1);
      log.pushVote(w.s.now, 0, 1, k, true, false, {
        rule: "raft.vote.grant",
        values: { term: k },
        clock: { kind: "none" },
      });
    }
    const all = log.slice(base).map((e) => JSON.stringify(e));
    log.dropFront(base + 3); // the first write, its send and its vote
    expect(log.slice().map((e) => JSON.stringify(e))).toEqual(all.slice(3));
    log.truncate(6);
    expect(log.slice().map((e) => JSON.stringify(e))).toEqual(all.slice(3, 9));
    w.s.now = 4000;
    push(w, undefined, 9);
    expect((log.at(-1) as { rows: number; t: number }).rows).toBe(9);
    expect(log.tAt(log.length - 1)).toBe(4000);
  });
});
