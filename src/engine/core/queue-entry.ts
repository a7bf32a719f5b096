// Queue entries, one constructor per kind. Every entry carries every field, in one order, so
// all entries share one object shape: the heap's (at, seq) compares and the dispatch's read of
// `kind` then see a single shape instead of eleven, which V8 handles with a monomorphic inline
// cache rather than a megamorphic lookup per read. The fields a kind does not use hold inert
// values that no reader looks at (readers switch on `kind` first; types.ts QEvent).
import type { Msg, QEvent } from "./types.ts";

type Of<K extends QEvent["kind"]> = Extract<QEvent, { kind: K }>;

function entry(
  at: number, seq: number, kind: QEvent["kind"], node: number, inc: number, epoch: number, name: string,
  slot: number, gen: number, due: number, msg: Msg | null, pairs: number[] | null, lease: number, reqId: number,
): QEvent {
  return { at, seq, kind, node, inc, epoch, name, slot, gen, due, msg, pairs, lease, reqId } as unknown as QEvent;
}

export const timerEntry = (at: number, seq: number, node: number, inc: number, name: string, slot: number, gen: number, due: number) =>
  entry(at, seq, "timer", node, inc, 0, name, slot, gen, due, null, null, 0, 0) as Of<"timer">;
export const msgEntry = (at: number, seq: number, msg: Msg) => entry(at, seq, "msg", -1, 0, 0, "", -1, 0, 0, msg, null, 0, 0) as Of<"msg">;
export const resumeEntry = (at: number, seq: number, node: number, inc: number, epoch: number) =>
  entry(at, seq, "resume", node, inc, epoch, "", -1, 0, 0, null, null, 0, 0) as Of<"resume">;
export const slowEndEntry = (at: number, seq: number, node: number, epoch: number) =>
  entry(at, seq, "slow-end", node, 0, epoch, "", -1, 0, 0, null, null, 0, 0) as Of<"slow-end">;
export const unlinkEntry = (at: number, seq: number, pairs: number[], epoch: number) =>
  entry(at, seq, "unlink", -1, 0, epoch, "", -1, 0, 0, null, pairs, 0, 0) as Of<"unlink">;
export const storeUpEntry = (at: number, seq: number, epoch: number) => entry(at, seq, "store-up", -1, 0, epoch, "", -1, 0, 0, null, null, 0, 0) as Of<"store-up">;
export const storeTimerEntry = (at: number, seq: number, lease: number, gen: number, due: number) =>
  entry(at, seq, "store-timer", -1, 0, 0, "", -1, gen, due, null, null, lease, 0) as Of<"store-timer">;
export const storeTickEntry = (at: number, seq: number, name: string, gen: number, due: number) =>
  entry(at, seq, "store-tick", -1, 0, 0, name, -1, gen, due, null, null, 0, 0) as Of<"store-tick">;
export const resourceTimerEntry = (at: number, seq: number, reqId: number) =>
  entry(at, seq, "resource-timer", -1, 0, 0, "", -1, 0, 0, null, null, 0, reqId) as Of<"resource-timer">;
export const bootEntry = (at: number, seq: number, node: number) => entry(at, seq, "boot", node, 0, 0, "", -1, 0, 0, null, null, 0, 0) as Of<"boot">;
export const graceEndEntry = (at: number, seq: number, node: number, inc: number) =>
  entry(at, seq, "grace-end", node, inc, 0, "", -1, 0, 0, null, null, 0, 0) as Of<"grace-end">;
