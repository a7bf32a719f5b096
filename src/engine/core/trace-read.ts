// Reading a trace log's rows back: each event built afresh from the columns as the very object the
// engine once stored (same fields, same order), or one field of it without building it.
import type { TraceEvent } from "./trace.ts";
import type { Cause } from "./cause.ts";
import { unpack, type Packed } from "./trace-packed.ts";
import {
  DELIVER,
  DROP,
  GRANTED,
  OBJ,
  PRE,
  REC,
  SEND,
  TYPE_OF,
  VOTE,
  type MsgType,
  type TraceColumns,
} from "./trace-rows.ts";

/** The event at i (negative counts from the end), or undefined past either end. */
export function eventAt(log: TraceColumns, i: number): TraceEvent | undefined {
  if (i < 0) i += log.n;
  if (i < 0 || i >= log.n) return undefined;
  if (log.tag.length === 0) return log.objs[i];
  const tag = log.tag[i];
  if (tag === OBJ) return log.objs[log.id[i]];
  if (tag === VOTE) return voteAt(log, i);
  if (tag === REC) return unpack(log.packed as Packed, log.x[i], log.strs) as unknown as TraceEvent;
  const t = log.t[i],
    id = log.id[i],
    from = log.procs[log.src[i]],
    to = log.procs[log.dst[i]],
    kind = log.strs[log.kind[i]];
  switch (tag) {
    case SEND: {
      const r = log.retrans[i];
      return r === undefined
        ? { t, type: "send", id, from, to, kind, arriveAt: log.x[i] }
        : { t, type: "send", id, from, to, kind, arriveAt: log.x[i], retransmits: r };
    }
    case DELIVER:
      return { t, type: "deliver", id, from, to, kind };
    case DROP:
      return { t, type: "drop", id, from, to, kind, reason: log.strs[log.x[i]] };
    default:
      return { t, type: "stall", id, from, to, kind, conn: log.x[i] };
  }
}

function voteAt(log: TraceColumns, i: number): TraceEvent {
  const t = log.t[i],
    node = log.procs[log.src[i]],
    term = log.id[i],
    candidate = log.procs[log.dst[i]];
  const granted = (log.kind[i] & GRANTED) !== 0,
    pre = (log.kind[i] & PRE) !== 0,
    r = log.x[i];
  if (r < 0) return { t, type: "vote", node, term, candidate, granted, pre };
  return {
    t,
    type: "vote",
    node,
    term,
    candidate,
    granted,
    pre,
    why: unpack(log.packed as Packed, r, log.strs) as unknown as Cause,
  };
}

/** The type of event i, without building it. */
export function typeAt(log: TraceColumns, i: number): TraceEvent["type"] {
  if (log.tag.length === 0) return log.objs[i].type;
  const tag = log.tag[i];
  if (tag === REC) return log.strs[log.kind[i]] as TraceEvent["type"];
  return tag === OBJ ? log.objs[log.id[i]].type : TYPE_OF[tag as 1 | 2 | 3 | 4 | 5];
}

/** Message traffic only: the sent message's fields at i; null for any other event. */
export function messageAt(
  log: TraceColumns,
  i: number,
): { type: MsgType; id: number; from: string; to: string; kind: string; t: number; x: number } | null {
  if (log.tag.length === 0) return null;
  const tag = log.tag[i];
  if (tag === OBJ || tag === VOTE || tag === REC) return null;
  return {
    type: TYPE_OF[tag as 1 | 2 | 3 | 4],
    id: log.id[i],
    from: log.procs[log.src[i]],
    to: log.procs[log.dst[i]],
    kind: log.strs[log.kind[i]],
    t: log.t[i],
    x: log.x[i],
  };
}
