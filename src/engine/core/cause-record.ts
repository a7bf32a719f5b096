// A node's cause written straight into the full trace's record store (trace-packed.ts), for the
// hottest cause the engine records: Raft's vote, some 28 000 per split-vote run. Made as an
// object (ctx.cause), each was five objects walked key by key to be packed, about 1 us apiece
// and most of what the full trace cost over the lean one. Written here from its rule, its values
// in a layout declared once, the node's clock and the running handler's arm, it builds nothing,
// and it is the same shape and the same leaves pack() makes of the object ctx.cause would have
// built, so it reads back identically (cause-record.test.ts).
import { localAt } from "./clock.ts";
import type { World } from "./world.ts";
import {
  dropOpenRecord,
  leafOffset,
  openRecord,
  reserveLeaves,
  shapeIndex,
  strIndex,
  type Packed,
  type Shape,
} from "./trace-packed.ts";
import type { CauseArm, CauseLayout, CauseValue, CauseValues } from "./cause.ts";
import type { NodeRt } from "./types.ts";
import type { TraceLog } from "./trace-log.ts";

export type { CauseLayout };

export function causeLayout(keys: readonly string[]): CauseLayout {
  return { keys, packed: null, byRule: new Map() };
}

/** The values object ctx.cause would get: the layout's keys with `vals` in order. */
export function valuesOf(layout: CauseLayout, vals: readonly CauseValue[]): CauseValues {
  const o: CauseValues = {};
  for (let j = 0; j < layout.keys.length; j++) o[layout.keys[j]] = vals[j];
  return o;
}

// trace-packed.ts's leaf tags (LEAF_TAGS) as this module's own constants: read through an
// import (a module binding, checked on every read), they made this writer 10 % slower than the
// per-leaf calls it replaces when each file is its own module (tsx, the bench). The round-trip
// tests (cause-record.test.ts) read every tag back, and check these against LEAF_TAGS.
export const TAGS = { NUM: 0, STR: 1, TRUE: 2, FALSE: 3, NULL: 4, UNDEF: 5 } as const;
const NUM = 0,
  STR = 1,
  TRUE = 2,
  FALSE = 3,
  NULL = 4,
  UNDEF = 5;

// What armed the running handler, as cause-make.ts currentArm would write it.
const NONE = 0;
const MESSAGE = 1;
const TIMER = 2;
/** armed by something neither record writer packs (a fault, a boot: rare) */
const OTHER = -1;

/** What armed the running handler: NONE, MESSAGE, TIMER, or OTHER. */
function armOf(w: World): number {
  const by = w.armBy;
  if (by !== undefined) return "idx" in by ? TIMER : MESSAGE;
  const built = w.arm;
  if (built === undefined) return NONE;
  return built.kind === "message" ? MESSAGE : built.kind === "timer" ? TIMER : OTHER;
}

/** The number of process i's name (the log's procs[i]) in the log's string table, as log.str
 *  gives it, interned on first use as str() would have been then (so the table's order is what
 *  str() alone made). Kept on the world and checked against the table, so a log replaced or
 *  cloned since never reads a stale number. Not a field of the log: one there made every row of
 *  a database run's full trace 1.15-1.2x slower in the A/B (issue 39, session 6). */
function procStr(w: World, log: TraceLog, i: number): number {
  const x = w.procStrs[i];
  const name = log.procs[i];
  if (x >= 0 && log.strs[x] === name) return x;
  return (w.procStrs[i] = log.str(name));
}

/** Write the running handler's arm (armOf: MESSAGE or TIMER) as the four leaves currentArm's
 *  object packs to, from o on in the chunk (lv, lt), on its shape `a`. write-record.ts keeps
 *  its own inline copy: calling this from there made a database run's full trace 1.15-1.2x
 *  slower in the A/B (issue 39, session 6). A process's name (the message's
 *  sender, the timer's node) is written as the number procStr keeps for that process, not
 *  looked up as a string: in a split vote the voters and candidates alternate, so the shape's
 *  one remembered string missed on most records (issue 39). */
function writeArm(
  w: World,
  log: TraceLog,
  a: Shape,
  arm: number,
  lv: Float64Array,
  lt: Uint8Array,
  o: number,
): void {
  const by = w.armBy;
  if (arm === MESSAGE) {
    // message: kind, msg, msgKind, from
    lv[o] = strIndex(a, 0, "message", log);
    lt[o] = STR;
    if (by !== undefined && !("idx" in by)) {
      lv[o + 1] = by.id;
      lv[o + 2] = strIndex(a, 2, by.kind, log);
      lv[o + 3] = procStr(w, log, by.from);
    } else {
      const m = w.arm as Extract<CauseArm, { kind: "message" }>;
      lv[o + 1] = m.msg;
      lv[o + 2] = strIndex(a, 2, m.msgKind, log);
      lv[o + 3] = strIndex(a, 3, m.from, log);
    }
    lt[o + 1] = NUM;
    lt[o + 2] = STR;
    lt[o + 3] = STR;
    return;
  }
  // timer: kind, node, timer, armedAt
  lv[o] = strIndex(a, 0, "timer", log);
  lt[o] = STR;
  if (by !== undefined && "idx" in by) {
    lv[o + 1] = procStr(w, log, by.idx);
    lv[o + 2] = strIndex(a, 2, w.armTimer as string, log);
    lv[o + 3] = w.armAt as number;
  } else {
    const t = w.arm as Extract<CauseArm, { kind: "timer" }>;
    lv[o + 1] = strIndex(a, 1, t.node, log);
    lv[o + 2] = strIndex(a, 2, t.timer, log);
    lv[o + 3] = t.armedAt;
  }
  lt[o + 1] = STR;
  lt[o + 2] = STR;
  lt[o + 3] = NUM;
}

function shapeFor(p: Packed, layout: CauseLayout, rule: string, arm: number): number {
  if (layout.packed !== p) {
    layout.packed = p;
    layout.byRule.clear();
  }
  let byArm = layout.byRule.get(rule);
  if (!byArm) layout.byRule.set(rule, (byArm = [-1, -1, -1]));
  let si = byArm[arm];
  if (si < 0) {
    // the object ctx.cause builds: rule, values, clock, then armedBy when there is one
    const values: Record<string, number> = {};
    for (const k of layout.keys) values[k] = 0;
    const template: Record<string, unknown> = { rule: "", values, clock: { kind: "", node: "", ms: 0 } };
    if (arm === MESSAGE) template.armedBy = { kind: "", msg: 0, msgKind: "", from: "" };
    if (arm === TIMER) template.armedBy = { kind: "", node: "", timer: "", armedAt: 0 };
    si = byArm[arm] = shapeIndex(p, template);
  }
  return si;
}

/** Pack the cause ctx.cause(rule, valuesOf(layout, vals)) would make on `node` now, as a new
 *  record of `p`; -1 (nothing kept) when the running handler was armed by something other than
 *  a timer or a message (a fault, a boot: rare), which the caller then packs as an object. The
 *  leaves go straight into their chunk (reserveLeaves), each written as the generic leaf writer
 *  would: through a call per leaf, a vote's 17 leaves cost 40 ns apiece, most of what Raft's full trace cost over the
 *  lean one (issue 39). */
export function packNodeCause(
  w: World,
  p: Packed,
  log: TraceLog,
  layout: CauseLayout,
  rule: string,
  vals: readonly CauseValue[],
  node: NodeRt,
): number {
  const arm = armOf(w);
  if (arm === OTHER) return -1;
  const si = shapeFor(p, layout, rule, arm);
  const top: Shape = p.shapes[si];
  const keys = layout.keys.length;
  const n = 1 + keys + 3 + (arm !== NONE ? 4 : 0);
  const c = reserveLeaves(p, n);
  const first = p.leaves;
  const r = openRecord(p, si);
  const lv = p.lv[c],
    lt = p.lt[c];
  let o = leafOffset(first);
  lv[o] = strIndex(top, 0, rule, log);
  lt[o++] = STR;
  const values = top.kids[1] as Shape;
  for (let j = 0; j < keys; j++, o++) {
    const v = vals[j];
    if (typeof v === "number") {
      lv[o] = v;
      lt[o] = NUM;
    } else if (typeof v === "string") {
      lv[o] = strIndex(values, j, v, log);
      lt[o] = STR;
    } else if (typeof v === "boolean") {
      lv[o] = 0;
      lt[o] = v ? TRUE : FALSE;
    } else if (v === null) {
      lv[o] = 0;
      lt[o] = NULL;
    } else if (v === undefined) {
      lv[o] = 0;
      lt[o] = UNDEF;
    } else {
      dropOpenRecord(p); // an object or an array: not a leaf
      return -1;
    }
  }
  const clock = top.kids[2] as Shape;
  lv[o] = strIndex(clock, 0, "monotonic", log);
  lt[o++] = STR;
  lv[o] = procStr(w, log, node.idx);
  lt[o++] = STR;
  lv[o] = localAt(node.clock, w.s.now);
  lt[o++] = NUM;
  if (arm !== NONE) writeArm(w, log, top.kids[3] as Shape, arm, lv, lt, o);
  p.leaves = first + n;
  return r;
}
