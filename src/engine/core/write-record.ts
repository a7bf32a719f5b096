// A fenced write's trace event written straight into the log's record store (trace-packed.ts),
// in the lean trace as in the full one. A write is the roles trace's commonest event (one per
// five to seven events of a database, Zab or Kubernetes run, and kept for the whole run): as an
// object it was four (the event, its cause, the cause's values and its arming message), each
// promoted by the collector since the log holds them. Without them a lean run went 1.12-1.15x
// faster for the database, 1.25-1.3x for Zab, 1.05-1.1x for Kubernetes (issue 39, session 5). Written here from its fields, it builds
// nothing, and it is the shape and the leaves pack() makes of the object resource.ts would have
// built (the event, then the cause plainCause makes: rule, values, the shared no-clock, armedBy
// as currentArm writes it), so it reads back identically (write-record.test.ts).
import { procName, type World } from "./world.ts";
import {
  leafOffset,
  openRecord,
  reserveLeaves,
  shapeIndex,
  strIndex,
  type Packed,
  type Shape,
} from "./trace-packed.ts";
import type { TraceLog } from "./trace-log.ts";
import { TAGS } from "./cause-record.ts";

const NUM = TAGS.NUM,
  STR = TAGS.STR,
  TRUE = TAGS.TRUE,
  FALSE = TAGS.FALSE;

/** The store the shapes below were made in, and per variant (bit 1: a detail, bit 2: rows) the
 *  shape index: derived per store, never state. */
const cache: { packed: Packed | null; si: number[] } = { packed: null, si: [-1, -1, -1, -1] };

function shapeFor(p: Packed, variant: number): number {
  if (cache.packed !== p) {
    cache.packed = p;
    cache.si = [-1, -1, -1, -1];
  }
  let si = cache.si[variant];
  if (si < 0) {
    // resource.ts writeEvent's key order: detail, then rows, then why
    const ev: Record<string, unknown> = {
      t: 0,
      type: "",
      node: "",
      token: 0,
      result: "",
      maxSeen: 0,
      sentAt: 0,
    };
    if (variant & 1) ev.detail = "";
    if (variant & 2) ev.rows = 0;
    ev.why = {
      rule: "",
      values: { token: 0, maxSeen: 0, granted: 0, accepted: 0 },
      clock: { kind: "" },
      armedBy: { kind: "", msg: 0, msgKind: "", from: "" },
    };
    si = cache.si[variant] = shapeIndex(p, ev);
  }
  return si;
}

/** Append the write event resource.ts apply() makes for a write without sequencer facts, its
 *  cause plainCause(rule, { token, maxSeen: seenBefore, granted, accepted }), armed by the
 *  message being handled. False (nothing appended) when the running handler was not armed by a
 *  message or a value is not a number: the caller then records the event as an object. */
export function pushWriteRecord(
  w: World,
  log: TraceLog,
  node: string,
  token: number,
  result: string,
  maxSeen: number,
  sentAt: number,
  detail: string | undefined,
  rows: number,
  rule: string,
  seenBefore: number,
  granted: number,
  accepted: boolean,
): boolean {
  // What armed the handler, as cause-make.ts currentArm would write it: the message's id, kind
  // and sender, from the message itself or from the arm a cause built earlier in this handler.
  const by = w.armBy;
  let msg: number, msgKind: string, from: string;
  if (by !== undefined) {
    if ("idx" in by) return false;
    msg = by.id;
    msgKind = by.kind;
    from = procName(w, by.from);
  } else {
    const a = w.arm;
    if (a === undefined || a.kind !== "message") return false;
    msg = a.msg;
    msgKind = a.msgKind;
    from = a.from;
  }
  if (typeof token !== "number" || typeof granted !== "number" || typeof sentAt !== "number") return false;
  const p = log.causeStore();
  const variant = (detail ? 1 : 0) | (rows >= 0 ? 2 : 0);
  const si = shapeFor(p, variant);
  const top: Shape = p.shapes[si];
  const n = 7 + (variant & 1) + ((variant >> 1) & 1) + 1 + 4 + 1 + 4;
  const c = reserveLeaves(p, n);
  const first = p.leaves;
  const r = openRecord(p, si);
  const lv = p.lv[c],
    lt = p.lt[c];
  let o = leafOffset(first);
  lv[o] = w.s.now;
  lt[o++] = NUM;
  lv[o] = strIndex(top, 1, "write", log);
  lt[o++] = STR;
  lv[o] = strIndex(top, 2, node, log);
  lt[o++] = STR;
  lv[o] = token;
  lt[o++] = NUM;
  lv[o] = strIndex(top, 4, result, log);
  lt[o++] = STR;
  lv[o] = maxSeen;
  lt[o++] = NUM;
  lv[o] = sentAt;
  lt[o++] = NUM;
  let j = 7;
  if (detail) {
    lv[o] = strIndex(top, j++, detail, log);
    lt[o++] = STR;
  }
  if (rows >= 0) {
    j++;
    lv[o] = rows;
    lt[o++] = NUM;
  }
  const why = top.kids[j] as Shape;
  lv[o] = strIndex(why, 0, rule, log);
  lt[o++] = STR;
  lv[o] = token;
  lt[o++] = NUM;
  lv[o] = seenBefore;
  lt[o++] = NUM;
  lv[o] = granted;
  lt[o++] = NUM;
  lv[o] = 0;
  lt[o++] = accepted ? TRUE : FALSE;
  lv[o] = strIndex(why.kids[2] as Shape, 0, "none", log);
  lt[o++] = STR;
  const arm = why.kids[3] as Shape;
  lv[o] = strIndex(arm, 0, "message", log);
  lt[o++] = STR;
  lv[o] = msg;
  lt[o++] = NUM;
  lv[o] = strIndex(arm, 2, msgKind, log);
  lt[o++] = STR;
  lv[o] = strIndex(arm, 3, from, log);
  lt[o++] = STR;
  p.leaves = first + n;
  log.pushRecord(w.s.now, "write", r);
  return true;
}
