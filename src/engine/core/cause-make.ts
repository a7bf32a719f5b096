// Making causes (core/cause.ts holds the types): stamped with the clock the rule read and the
// event that armed the running handler. Kept apart so the trace types import nothing.
import { localAt } from "./clock.ts";
import { procName, type World } from "./world.ts";
import type { Msg, NodeRt } from "./types.ts";
import type { Cause, CauseArm, CauseClock, CauseValues } from "./cause.ts";

/** A cause read on the store's clock, armed by whatever the store is handling. */
export function storeCause(w: World, rule: string, values: CauseValues): Cause {
  return withArm(w, { rule, values, clock: { kind: "store", ms: localAt(w.s.storeClock, w.s.now) } });
}

/** The clock of a cause that reads none: one frozen object shared by every such cause, since
 *  the resource makes one per write (a fenced write is most of a database or Zab run's events)
 *  and nothing writes to a cause once it is made. */
export const NO_CLOCK: CauseClock = Object.freeze({ kind: "none" });

/** A cause that reads no clock (a comparison of numbers), armed by the running event. Built in
 *  one literal, armedBy last as withArm adds it: adding it to a built object cost a property
 *  store and a second allocation for the object's overflow fields. */
export function plainCause(w: World, rule: string, values: CauseValues): Cause {
  const arm = currentArm(w);
  return arm ? { rule, values, clock: NO_CLOCK, armedBy: arm } : { rule, values, clock: NO_CLOCK };
}

export function withArm(w: World, c: Cause): Cause {
  const arm = currentArm(w);
  if (arm) c.armedBy = arm;
  return c;
}

/** Start of a handler: what armed it, and no pending cause yet. */
export function armed(w: World, arm: CauseArm | undefined): void {
  w.arm = arm;
  w.armBy = undefined;
  w.pending = undefined;
}

// Timers and messages arm nearly every handler, and most handlers decide nothing that carries a
// cause: their arm is kept as the event's own parts and written out as a CauseArm only when a
// cause asks for it (once per handler, shared by every cause it makes, as before).

/** Start of a timer's handler: `armedAt` is read now, before the handler re-arms the timer. */
export function armedByTimer(w: World, node: NodeRt, timer: string, armedAt: number): void {
  w.armBy = node;
  w.armTimer = timer;
  w.armAt = armedAt;
  w.arm = undefined;
  w.pending = undefined;
}

/** Start of a message's handler. */
export function armedByMessage(w: World, m: Msg): void {
  w.armBy = m;
  w.arm = undefined;
  w.pending = undefined;
}

/** What armed the running handler, as data (built on first use). */
export function currentArm(w: World): CauseArm | undefined {
  const by = w.armBy;
  if (by !== undefined) {
    w.arm =
      "idx" in by
        ? { kind: "timer", node: by.id, timer: w.armTimer as string, armedAt: w.armAt as number }
        : { kind: "message", msg: by.id, msgKind: by.kind, from: procName(w, by.from) };
    w.armBy = undefined;
  }
  return w.arm;
}
