// Queue entries, one constructor per type. Every entry that is not a message carries every
// field, in one order, so those entries share one object shape; a message is its own entry
// (one allocation per message), with the fields of a message and then the queue's, also in one
// order. The dispatch's read of `type` then meets two shapes, which V8 handles with a
// polymorphic inline cache rather than a megamorphic lookup per read. The heap reads an entry's
// (at, seq) and writes its index, `hi` (queue.ts).
// The fields an entry type does not use hold inert values that no reader looks at (readers
// switch on `type` first; types.ts QEvent).
import type { Msg, MsgEntry, QEvent } from "./types.ts";

type Of<K extends QEvent["type"]> = Extract<QEvent, { type: K }>;

function entry(
  at: number,
  seq: number,
  type: QEvent["type"],
  node: number,
  inc: number,
  epoch: number,
  name: string,
  slot: number,
  gen: number,
  due: number,
  pairs: number[] | null,
  lease: number,
  reqId: number,
): QEvent {
  return {
    at,
    seq,
    hi: -1,
    type,
    node,
    inc,
    epoch,
    name,
    slot,
    gen,
    due,
    pairs,
    lease,
    reqId,
  } as unknown as QEvent;
}

/** A message, queued to arrive at `at` (for a message not yet queued, a stalled segment, -1). */
export const msgEntry = (
  at: number,
  seq: number,
  id: number,
  from: number,
  to: number,
  kind: string,
  sentAt: number,
  body: Msg["body"],
  heldUntil: number | undefined,
  conn: number | undefined,
): MsgEntry => ({
  id,
  from,
  to,
  kind,
  sentAt,
  arriveAt: at,
  body,
  heldUntil,
  unsent: false,
  conn,
  at,
  seq,
  hi: -1,
  type: "msg",
});

export const timerEntry = (
  at: number,
  seq: number,
  node: number,
  inc: number,
  name: string,
  slot: number,
  gen: number,
  due: number,
) => entry(at, seq, "timer", node, inc, 0, name, slot, gen, due, null, 0, 0) as Of<"timer">;
export const resumeEntry = (at: number, seq: number, node: number, inc: number, epoch: number) =>
  entry(at, seq, "resume", node, inc, epoch, "", -1, 0, 0, null, 0, 0) as Of<"resume">;
export const slowEndEntry = (at: number, seq: number, node: number, epoch: number) =>
  entry(at, seq, "slow-end", node, 0, epoch, "", -1, 0, 0, null, 0, 0) as Of<"slow-end">;
export const unlinkEntry = (at: number, seq: number, pairs: number[], epoch: number) =>
  entry(at, seq, "unlink", -1, 0, epoch, "", -1, 0, 0, pairs, 0, 0) as Of<"unlink">;
export const storeUpEntry = (at: number, seq: number, epoch: number) =>
  entry(at, seq, "store-up", -1, 0, epoch, "", -1, 0, 0, null, 0, 0) as Of<"store-up">;
export const storeTimerEntry = (at: number, seq: number, lease: number, gen: number, due: number) =>
  entry(at, seq, "store-timer", -1, 0, 0, "", -1, gen, due, null, lease, 0) as Of<"store-timer">;
export const storeTickEntry = (at: number, seq: number, name: string, gen: number, due: number) =>
  entry(at, seq, "store-tick", -1, 0, 0, name, -1, gen, due, null, 0, 0) as Of<"store-tick">;
export const resourceTimerEntry = (at: number, seq: number, reqId: number) =>
  entry(at, seq, "resource-timer", -1, 0, 0, "", -1, 0, 0, null, 0, reqId) as Of<"resource-timer">;
export const bootEntry = (at: number, seq: number, node: number) =>
  entry(at, seq, "boot", node, 0, 0, "", -1, 0, 0, null, 0, 0) as Of<"boot">;
export const graceEndEntry = (at: number, seq: number, node: number, inc: number) =>
  entry(at, seq, "grace-end", node, inc, 0, "", -1, 0, 0, null, 0, 0) as Of<"grace-end">;
