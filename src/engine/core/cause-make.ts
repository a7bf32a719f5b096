// Making causes (core/cause.ts holds the types): stamped with the clock the rule read and the
// event that armed the running handler. Kept apart so the trace types import nothing.
import { localAt } from "./clock.ts";
import type { World } from "./world.ts";
import type { Cause, CauseArm, CauseValues } from "./cause.ts";

/** A cause read on the store's clock, armed by whatever the store is handling. */
export function storeCause(w: World, rule: string, values: CauseValues): Cause {
  return withArm(w, { rule, values, clock: { kind: "store", ms: localAt(w.s.storeClock, w.s.now) } });
}

/** A cause that reads no clock (a comparison of numbers), armed by the running event. */
export function plainCause(w: World, rule: string, values: CauseValues): Cause {
  return withArm(w, { rule, values, clock: { kind: "none" } });
}

export function withArm(w: World, c: Cause): Cause {
  if (w.arm) c.armedBy = w.arm;
  return c;
}

/** Start of a handler: what armed it, and no pending cause yet. */
export function armed(w: World, arm: CauseArm | undefined): void {
  w.arm = arm;
  w.pending = undefined;
}
