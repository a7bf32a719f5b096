// Appending to the trace. Kept apart from trace.ts (pure types) so that every core module can
// emit without pulling in the rest of the engine.
import { ROLE_TYPES } from "./trace.ts";
import type { TraceEvent } from "./trace.ts";
import type { TraceInput } from "./protocol.ts";
import type { World } from "./world.ts";

export function emit(w: World, ev: TraceInput): TraceEvent | undefined {
  const s = w.s;
  if (s.traceLevel !== "full" && !ROLE_TYPES.has(ev.type)) return undefined;
  // t first, then the event's fields (as { t, ...ev } would), by Object.assign: a spread after a
  // field is V8's slow generic copy, paid by every event emitted (issue 39).
  const e = Object.assign({ t: s.now }, ev) as TraceEvent;
  s.trace.push(e);
  return e;
}

/** Append an event already stamped with `t` (what emit builds), for hot paths that would
 *  otherwise build the event twice; dropped like emit's when the trace level leaves it out. */
export function record(w: World, e: TraceEvent): void {
  const s = w.s;
  if (s.traceLevel !== "full" && !ROLE_TYPES.has(e.type)) return;
  s.trace.push(e);
}
