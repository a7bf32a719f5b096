// A node's cause written straight into the full trace's record store (trace-packed.ts), for the
// hottest cause the engine records: Raft's vote, some 28 000 per split-vote run. Made as an
// object (ctx.cause), each was five objects walked key by key to be packed, about 1 us apiece
// and most of what the full trace cost over the lean one. Written here from its rule, its values
// in a layout declared once, the node's clock and the running handler's arm, it builds nothing,
// and it is the same shape and the same leaves pack() makes of the object ctx.cause would have
// built, so it reads back identically (cause-record.test.ts).
import { localAt } from "./clock.ts";
import { procName, type World } from "./world.ts";
import { dropOpenRecord, openRecord, putLeaf, putNum, putStr, shapeIndex, type Interner, type Packed, type Shape } from "./trace-packed.ts";
import type { CauseArm, CauseLayout, CauseValue, CauseValues } from "./cause.ts";
import type { NodeRt } from "./types.ts";

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

// What armed the running handler, as cause-make.ts currentArm would write it.
const NONE = 0;
const MESSAGE = 1;
const TIMER = 2;

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
 *  a timer or a message (a fault, a boot: rare), which the caller then packs as an object. */
export function packNodeCause(w: World, p: Packed, str: Interner, layout: CauseLayout, rule: string, vals: readonly CauseValue[], node: NodeRt): number {
  const by = w.armBy;
  const built: CauseArm | undefined = by === undefined ? w.arm : undefined;
  let arm = NONE;
  if (by !== undefined) arm = "idx" in by ? TIMER : MESSAGE;
  else if (built !== undefined) {
    if (built.kind === "message") arm = MESSAGE;
    else if (built.kind === "timer") arm = TIMER;
    else return -1;
  }
  const si = shapeFor(p, layout, rule, arm);
  const top: Shape = p.shapes[si];
  const r = openRecord(p, si);
  putStr(p, top, 0, rule, str);
  let ok = true;
  const values = top.kids[1] as Shape;
  for (let j = 0; j < layout.keys.length; j++) ok = putLeaf(p, values, j, vals[j], str) && ok;
  const clock = top.kids[2] as Shape;
  putStr(p, clock, 0, "monotonic", str);
  putStr(p, clock, 1, node.id, str);
  putNum(p, localAt(node.clock, w.s.now));
  if (arm !== NONE) {
    const a = top.kids[3] as Shape;
    if (arm === MESSAGE) {
      putStr(p, a, 0, "message", str);
      if (by !== undefined && !("idx" in by)) {
        putNum(p, by.id);
        putStr(p, a, 2, by.kind, str);
        putStr(p, a, 3, procName(w, by.from), str);
      } else {
        const m = built as Extract<CauseArm, { kind: "message" }>;
        putNum(p, m.msg);
        putStr(p, a, 2, m.msgKind, str);
        putStr(p, a, 3, m.from, str);
      }
    } else {
      putStr(p, a, 0, "timer", str);
      if (by !== undefined && "idx" in by) {
        putStr(p, a, 1, by.id, str);
        putStr(p, a, 2, w.armTimer as string, str);
        putNum(p, w.armAt as number);
      } else {
        const t = built as Extract<CauseArm, { kind: "timer" }>;
        putStr(p, a, 1, t.node, str);
        putStr(p, a, 2, t.timer, str);
        putNum(p, t.armedAt);
      }
    }
  }
  if (!ok) {
    dropOpenRecord(p);
    return -1;
  }
  return r;
}
