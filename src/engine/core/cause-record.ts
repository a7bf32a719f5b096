// A node's cause written straight into the full trace's record store (trace-packed.ts), for the
// hottest cause the engine records: Raft's vote, some 28 000 per split-vote run. Made as an
// object (ctx.cause), each was five objects walked key by key to be packed, about 1 us apiece
// and most of what the full trace cost over the lean one. Written here from its rule, its values
// in a layout declared once, the node's clock and the running handler's arm, it builds nothing,
// and it is the same shape and the same leaves pack() makes of the object ctx.cause would have
// built, so it reads back identically (cause-record.test.ts).
import { localAt } from "./clock.ts";
import { procName, type World } from "./world.ts";
import {
  dropOpenRecord,
  leafOffset,
  openRecord,
  reserveLeaves,
  shapeIndex,
  strIndex,
  type Interner,
  type Packed,
  type Shape,
} from "./trace-packed.ts";
import type { CauseArm, CauseLayout, CauseValue, CauseValues } from "./cause.ts";
import type { NodeRt } from "./types.ts";

export type { CauseLayout };

/** A layout of `keys`; those also in `nodeKeys` take a process index (-1: null) and record that
 *  process's name, so a writer numbers the name once per store instead of per record. */
export function causeLayout(keys: readonly string[], nodeKeys: readonly string[] = []): CauseLayout {
  return { keys, nodes: keys.map((k) => nodeKeys.includes(k)), packed: null, byRule: new Map() };
}

/** The values object ctx.cause would get: the layout's keys with `vals` in order, a node key's
 *  process index given as `name` names it (null for -1). */
export function valuesOf(
  layout: CauseLayout,
  vals: readonly CauseValue[],
  name: (i: number) => string,
): CauseValues {
  const o: CauseValues = {};
  for (let j = 0; j < layout.keys.length; j++) {
    const v = vals[j];
    o[layout.keys[j]] = layout.nodes[j] ? ((v as number) < 0 ? null : name(v as number)) : v;
  }
  return o;
}

/** The store the numbers below were taken in, and per process index its name's number in the
 *  log's string table (-1 not yet), and the numbers of the strings every cause of a kind
 *  repeats ("monotonic", "message", "timer"): derived per store, never state. Comparing a
 *  node's name (made by a template, so not one of V8's internalized strings) against the
 *  strings looked up last, and hashing it on a miss, was most of the string interning in
 *  Raft's full trace. */
const nums: { packed: Packed | null; idx: number[]; fixed: number[] } = { packed: null, idx: [], fixed: [] };

function numbersFor(p: Packed): void {
  if (nums.packed === p) return;
  nums.packed = p;
  nums.idx = [];
  nums.fixed = [-1, -1, -1];
}

function procStr(w: World, str: Interner, i: number): number {
  const idx = nums.idx;
  while (idx.length <= i) idx.push(-1);
  let x = idx[i];
  if (x < 0) x = idx[i] = str.str(procName(w, i));
  return x;
}

/** The number of "monotonic" (0), "message" (1) or "timer" (2). */
function fixedStr(str: Interner, k: number): number {
  let x = nums.fixed[k];
  if (x < 0) x = nums.fixed[k] = str.str(k === 0 ? "monotonic" : k === 1 ? "message" : "timer");
  return x;
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

function shapeFor(p: Packed, layout: CauseLayout, rule: string, arm: number): number[] {
  if (layout.packed !== p) {
    layout.packed = p;
    layout.byRule.clear();
  }
  let byArm = layout.byRule.get(rule);
  if (!byArm) layout.byRule.set(rule, (byArm = [-1, -1, -1, -1]));
  if (byArm[arm] < 0) {
    // the object ctx.cause builds: rule, values, clock, then armedBy when there is one
    const values: Record<string, number> = {};
    for (const k of layout.keys) values[k] = 0;
    const template: Record<string, unknown> = { rule: "", values, clock: { kind: "", node: "", ms: 0 } };
    if (arm === MESSAGE) template.armedBy = { kind: "", msg: 0, msgKind: "", from: "" };
    if (arm === TIMER) template.armedBy = { kind: "", node: "", timer: "", armedAt: 0 };
    byArm[arm] = shapeIndex(p, template);
  }
  return byArm;
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
  str: Interner,
  layout: CauseLayout,
  rule: string,
  vals: readonly CauseValue[],
  node: NodeRt,
): number {
  const by = w.armBy;
  const built: CauseArm | undefined = by === undefined ? w.arm : undefined;
  let arm = NONE;
  if (by !== undefined) arm = "idx" in by ? TIMER : MESSAGE;
  else if (built !== undefined) {
    if (built.kind === "message") arm = MESSAGE;
    else if (built.kind === "timer") arm = TIMER;
    else return -1;
  }
  const byArm = shapeFor(p, layout, rule, arm);
  const si = byArm[arm];
  numbersFor(p);
  const top: Shape = p.shapes[si];
  const keys = layout.keys.length;
  const n = 1 + keys + 3 + (arm !== NONE ? 4 : 0);
  const c = reserveLeaves(p, n);
  const first = p.leaves;
  const r = openRecord(p, si);
  const lv = p.lv[c],
    lt = p.lt[c];
  let o = leafOffset(first);
  let ruleStr = byArm[3];
  if (ruleStr < 0) ruleStr = byArm[3] = str.str(rule);
  lv[o] = ruleStr;
  lt[o++] = STR;
  const values = top.kids[1] as Shape;
  const nodes = layout.nodes;
  for (let j = 0; j < keys; j++, o++) {
    const v = vals[j];
    if (nodes[j]) {
      const i = v as number;
      lv[o] = i < 0 ? 0 : procStr(w, str, i);
      lt[o] = i < 0 ? NULL : STR;
    } else if (typeof v === "number") {
      lv[o] = v;
      lt[o] = NUM;
    } else if (typeof v === "string") {
      lv[o] = strIndex(values, j, v, str);
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
  lv[o] = fixedStr(str, 0);
  lt[o++] = STR;
  lv[o] = procStr(w, str, node.idx);
  lt[o++] = STR;
  lv[o] = localAt(node.clock, w.s.now);
  lt[o++] = NUM;
  if (arm !== NONE) {
    const a = top.kids[3] as Shape;
    // message: kind, msg, msgKind, from; timer: kind, node, timer, armedAt (the CauseArm's order)
    // s1, s4: a name's number in the string table
    let s1: number, x2: number, s3: string, s4: number;
    if (arm === MESSAGE) {
      if (by !== undefined && !("idx" in by)) {
        x2 = by.id;
        s3 = by.kind;
        s4 = procStr(w, str, by.from);
      } else {
        const m = built as Extract<CauseArm, { kind: "message" }>;
        x2 = m.msg;
        s3 = m.msgKind;
        s4 = strIndex(a, 3, m.from, str);
      }
      lv[o] = fixedStr(str, 1);
      lt[o++] = STR;
      lv[o] = x2;
      lt[o++] = NUM;
      lv[o] = strIndex(a, 2, s3, str);
      lt[o++] = STR;
      lv[o] = s4;
      lt[o++] = STR;
    } else {
      if (by !== undefined && "idx" in by) {
        s1 = procStr(w, str, by.idx);
        s3 = w.armTimer as string;
        x2 = w.armAt as number;
      } else {
        const t = built as Extract<CauseArm, { kind: "timer" }>;
        s1 = strIndex(a, 1, t.node, str);
        s3 = t.timer;
        x2 = t.armedAt;
      }
      lv[o] = fixedStr(str, 2);
      lt[o++] = STR;
      lv[o] = s1;
      lt[o++] = STR;
      lv[o] = strIndex(a, 2, s3, str);
      lt[o++] = STR;
      lv[o] = x2;
      lt[o++] = NUM;
    }
  }
  p.leaves = first + n;
  return r;
}
